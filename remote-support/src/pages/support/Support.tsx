import { staticHead } from '@site/ui/render';
import type { RouteLoader } from '@site/ui/render';
import { prefetch } from '../../components/loaders';
import { CHANNEL_IDS } from '@site/contract';
import { useData, articlesQuery, blockItemsQuery, channelQuery } from '@site/ui';
import '../../components/support.css';
import { LATEST_COUNT, SUPPORT_SECTIONS } from './sections';
import { SupportEntry } from './SupportEntry';

export const head = staticHead('服务支持', '文档中心、视频教程与常见问题等服务支持。');

/** The support channel, and each entry's tile block and latest items. */
export const loader: RouteLoader = (args) =>
  prefetch(args, [
    channelQuery(CHANNEL_IDS.support),
    ...SUPPORT_SECTIONS.flatMap((s) => [blockItemsQuery(s.blockId), articlesQuery({ channelId: s.channelId, limit: LATEST_COUNT })]),
  ]);

/** /support: entry points to the document centre, the FAQ and the video tutorials, each with its latest items. */
export default function Support() {
  // The support channel with its sub-channels: names of the page and of each entry come from the server.
  const channel = useData(channelQuery(CHANNEL_IDS.support));
  const nameOf = (id: number) => channel.data?.children.find((c) => c.id === id)?.name;
  return (
    <div className="rs-page">
      <h1 className="rs-h1">{channel.data?.name || '服务支持'}</h1>
      <p className="rs-lead">文档下载、常见问题解答与视频教程，帮助您快速掌握产品的部署与使用。</p>
      <div className="rs-entries">
        {SUPPORT_SECTIONS.map((s) => (
          <SupportEntry key={s.channelId} section={s} title={nameOf(s.channelId) || s.fallbackTitle} />
        ))}
      </div>
    </div>
  );
}
