import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Form, Input, InputNumber, Radio, Row, Select } from '@site/antd-kit';
import { DateTimeInput } from '../../components/DateInputs';
import { addArticle, updateArticle } from '@site/api-client';
import { articleQuery } from '../../data/queries';
import { ARTICLE_SEO_MAX, ARTICLE_STATUS, CHANNEL_IDS, type AdminArticleDetail } from '@site/contract';
import { emptyArticle, statusOptions, toArticleForm, toFormValues, type ArticleFormValues, type ChannelOption } from './article-form';
import { FormDialog } from '../../list-page';
import { FileField } from '../../components/FileField';
import { atMost, filledText, SwitchItem } from '../../components/form-fields';
import { ImageField } from '../../components/ImageField';
import { ArticlePreview } from './ArticlePreview';
import { LazyRichText } from '../../components/rich-text/LazyRichText';
import { MediaPicker } from '../../components/rich-text/MediaPicker';

/**
 * Create (id null) or edit an article in a drawer; the form keeps what was typed when the server refuses it.
 * Mounted afresh for each article (the page renders it only while editing).
 */
export function ArticleEditor({
  id,
  channels,
  canPublish = true,
  defaultChannel,
  onClose,
  onSaved,
}: {
  id: number | null;
  channels: ChannelOption[];
  /** Holds 文章管理·发布/下线: without it the form saves a draft or submits for review. */
  canPublish?: boolean;
  defaultChannel?: number;
  onClose: () => void;
  onSaved: (a: AdminArticleDetail) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ArticleFormValues>();
  const client = useQueryClient();
  const [loaded, setLoaded] = useState<AdminArticleDetail | null>(null);
  const [preview, setPreview] = useState(false);
  const [coverFromLibrary, setCoverFromLibrary] = useState(false);
  const channelId = Form.useWatch('channelId', form);

  const submit = async (values: ArticleFormValues) => {
    const body = toArticleForm(values, loaded?.version);
    const r = loaded ? await updateArticle(loaded.id, body) : await addArticle(body);
    void message.success(body.status === ARTICLE_STATUS.pending && loaded?.status !== ARTICLE_STATUS.pending ? '已提交审核' : '保存成功');
    onSaved(r.data);
  };

  const isVideo = channelId === CHANNEL_IDS.video;
  const isDocument = channelId === CHANNEL_IDS.document;
  return (
    <FormDialog
      form={form}
      kind="drawer"
      width={Math.min(960, typeof window === 'undefined' ? 960 : window.innerWidth)}
      title={id === null ? '新增文章' : '修改文章'}
      initialValues={id === null ? emptyArticle(defaultChannel) : undefined}
      load={
        id === null
          ? undefined
          : () =>
              // Asked afresh each time the drawer opens, under the article's key.
              client.fetchQuery({ ...articleQuery(id), staleTime: 0 }).then((a) => {
                setLoaded(a);
                return toFormValues(a);
              })
      }
      submit={submit}
      onClose={onClose}
      extra={<Button onClick={() => setPreview(true)}>预览</Button>}
    >
      {loaded?.status === ARTICLE_STATUS.returned && loaded.reviewComment && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="已退回"
          description={`退回意见：${loaded.reviewComment}。修改后将状态选为“提交审核”并保存，即重新提交审核。`}
        />
      )}
      {!canPublish && loaded?.status === ARTICLE_STATUS.published && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message="这篇文章已发布：修改、下线需要“文章管理·发布/下线”权限" />
      )}
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="channelId" label="栏目" rules={[{ required: true, message: '请选择栏目' }]}>
            <Select options={channels} placeholder="请选择栏目" showSearch optionFilterProp="label" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="title" label="标题" rules={filledText('标题', 300)}>
            <Input maxLength={300} showCount />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="subtitle" label="副标题">
        <Input maxLength={300} />
      </Form.Item>
      <Form.Item name="description" label="摘要" extra="列表和搜索结果中显示，也用作页面描述">
        <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="seoTitle"
            label="SEO 标题"
            extra="搜索引擎和浏览器标签页显示的标题；留空用文章标题"
            rules={[atMost('SEO 标题', ARTICLE_SEO_MAX.title)]}
          >
            <Input maxLength={ARTICLE_SEO_MAX.title} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="seoKeywords"
            label="SEO 关键词"
            extra="多个关键词用逗号分隔；留空用标签"
            rules={[atMost('SEO 关键词', ARTICLE_SEO_MAX.keywords)]}
          >
            <Input maxLength={ARTICLE_SEO_MAX.keywords} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="text" label="正文">
        <LazyRichText />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="image" label="封面图" style={{ marginBottom: 4 }}>
            <ImageField label="封面图" />
          </Form.Item>
          <Button size="small" type="link" style={{ padding: 0, marginBottom: 16 }} onClick={() => setCoverFromLibrary(true)}>
            从媒体库选择封面图
          </Button>
          <MediaPicker
            open={coverFromLibrary}
            onClose={() => setCoverFromLibrary(false)}
            onPick={(m) => {
              setCoverFromLibrary(false);
              form.setFieldsValue({ image: m.url });
            }}
          />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="tags" label="标签" rules={[{ type: 'array', max: 10, message: '标签不能超过10个' }]}>
            <Select mode="tags" tokenSeparators={[',', '，']} placeholder="输入后回车" open={false} />
          </Form.Item>
        </Col>
      </Row>
      {isVideo && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="video" label="视频地址" extra="上传 MP4/WebM（100MB 以内），或填站内路径、http(s) 地址">
              <FileField kind="video" label="视频" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="poster" label="视频封面">
              <ImageField label="视频封面" />
            </Form.Item>
          </Col>
        </Row>
      )}
      {isDocument && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="file" label="附件地址" extra="上传 PDF/Office/ZIP（20MB 以内），或填站内路径、http(s) 地址">
              <FileField
                kind="document"
                label="附件"
                // The attachment keeps its own name and size, unless staff typed a name already.
                onUploaded={(f) => form.setFieldsValue({ fileName: form.getFieldValue('fileName') || f.name, fileLength: f.size })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="fileName" label="附件名称">
              <Input maxLength={300} />
            </Form.Item>
            {/* The uploaded file's size, shown by the document centre. */}
            <Form.Item name="fileLength" hidden>
              <Input />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="status" label="状态">
            <Radio.Group optionType="button" options={statusOptions(canPublish, loaded?.status)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="publishDate" label="发布时间" extra="留空为保存时；晚于现在则到时发布">
            <DateTimeInput placeholder="留空为保存时" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <SwitchItem name="top" label="置顶" />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="author" label="作者">
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="source" label="来源">
            <Input maxLength={100} />
          </Form.Item>
        </Col>
      </Row>
      <ArticlePreview open={preview} onClose={() => setPreview(false)} values={preview ? form.getFieldsValue(true) : null} channels={channels} />
    </FormDialog>
  );
}
