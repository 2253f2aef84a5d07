import { Modal, Typography } from '@site/antd-kit';
import { NOTICE, type Notice } from '@site/contract';
import { SafeHtml } from '@site/ui';

/** A notice's text in a 900-wide dialog (NOTICE-4), sanitised; `dated` puts its time above (the bell's detail). */
export function NoticeDetailModal({ notice, onClose, dated }: { notice: Notice | null; onClose: () => void; dated?: boolean }) {
  return (
    <Modal open={!!notice} title={notice?.noticeTitle} width={NOTICE.detailModalWidth} footer={null} onCancel={onClose} destroyOnHidden>
      {notice && dated && <Typography.Paragraph type="secondary">{notice.createTime}</Typography.Paragraph>}
      {notice && <SafeHtml html={notice.noticeContent} className={dated ? 'notice-content' : undefined} />}
    </Modal>
  );
}
