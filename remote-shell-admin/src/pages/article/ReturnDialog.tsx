import { Form, Input } from '@site/antd-kit';
import { setArticleStatus } from '@site/api-client';
import { ARTICLE_REVIEW_COMMENT_MAX, ARTICLE_STATUS, type AdminArticle } from '@site/contract';
import { FormDialog } from '../../list-page';
import { filledText } from '../../components/form-fields';

/**
 * 退回: a submitted article goes back to its writer with a comment (required), which the writer reads
 * in 文章管理 and in the edit form; the step and its comment are in the article's 记录.
 */
export function ReturnDialog({
  article,
  onClose,
  onReturned,
}: {
  article: Pick<AdminArticle, 'id' | 'title' | 'version'>;
  onClose: () => void;
  onReturned: () => void;
}) {
  const [form] = Form.useForm<{ comment: string }>();
  return (
    <FormDialog
      form={form}
      kind="modal"
      name="article-return"
      title={`退回“${article.title}”`}
      fields={['comment']}
      submit={async ({ comment }) => {
        await setArticleStatus(article.id, { status: ARTICLE_STATUS.returned, version: article.version, comment: comment.trim() });
        onReturned();
      }}
      onClose={onClose}
    >
      <Form.Item name="comment" label="退回意见" rules={filledText('退回意见', ARTICLE_REVIEW_COMMENT_MAX, '请填写退回意见')}>
        <Input.TextArea maxLength={ARTICLE_REVIEW_COMMENT_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} placeholder="请写明需要修改的地方" />
      </Form.Item>
    </FormDialog>
  );
}
