import { Empty } from 'antd';

/** What a list shows when the server has nothing for it. */
export function EmptyState({ text = '暂无内容' }: { text?: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}
