import { Modal, Tag, Typography } from '@site/antd-kit';
import { SafeHtml } from '@site/ui';
import type { ArticleFormValues, ChannelOption } from './article-form';

/** The article as a visitor will see it (title, meta line, cover, summary, body through the site's sanitiser). */
export function ArticlePreview({
  open,
  onClose,
  values,
  channels,
}: {
  open: boolean;
  onClose: () => void;
  values: ArticleFormValues | null;
  channels: ChannelOption[];
}) {
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={900} title="预览（未发布的内容仅员工可见）" destroyOnHidden>
      {values && (
        <article className="article-preview">
          <Typography.Title level={2} style={{ textAlign: 'center' }}>
            {values.title || '（无标题）'}
          </Typography.Title>
          {values.subtitle && <Typography.Paragraph style={{ textAlign: 'center' }}>{values.subtitle}</Typography.Paragraph>}
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {channels.find((c) => c.value === values.channelId)?.label ?? ''}
            {' · '}
            {values.publishDate ? values.publishDate.format('YYYY-MM-DD') : '保存时发布'}
            {values.author ? ` · ${values.author}` : ''}
            {(values.tags ?? []).map((t) => (
              <Tag key={t} style={{ marginLeft: 8 }}>
                {t}
              </Tag>
            ))}
          </Typography.Paragraph>
          {values.image && <img src={values.image} alt="封面图" style={{ display: 'block', maxWidth: '100%', margin: '0 auto 16px' }} />}
          {values.description && <Typography.Paragraph italic>{values.description}</Typography.Paragraph>}
          <SafeHtml html={values.text ?? ''} />
        </article>
      )}
    </Modal>
  );
}
