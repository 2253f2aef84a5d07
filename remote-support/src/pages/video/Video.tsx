import { staticHead, usePageParam } from '@site/ui/render';
import type { RouteLoader } from '@site/ui/render';
import { pageOfUrl } from '../../components/loaders';
import { CHANNEL_IDS } from '@site/contract';
import { EmptyState, PageLinks, useData, articlePageQuery } from '@site/ui';
import { Loading } from '../../components/PageState';
import '../../components/support.css';
import { VideoCard } from './VideoCard';

export const head = staticHead('视频教程', '产品安装、配置与使用的视频教程。');

export const VIDEO_PAGE_SIZE = 12;

export const loader: RouteLoader = ({ queryClient, url }) => queryClient.prefetchQuery(pageOfUrl(url, CHANNEL_IDS.video, VIDEO_PAGE_SIZE));
/**
 * The first cover is the largest paint on a phone: it loads at once and alone. The others wait until they near the
 * viewport (loading="lazy"; on a wide screen the first row is in it, and loads right after layout).
 */
const EAGER_COVERS = 1;

/** /video: grid of the video tutorials with their covers, paged by `?page=`. Renders without antd. */
export default function Video() {
  const { page, href, goTo } = usePageParam();
  const list = useData(articlePageQuery({ channelId: CHANNEL_IDS.video, page, pageSize: VIDEO_PAGE_SIZE }));
  const videos = list.data?.content ?? [];
  return (
    <div className="rs-page">
      <h1 className="rs-h1">视频教程</h1>
      <p className="rs-lead">通过操作演示与培训视频，快速掌握产品的安装、配置与使用。</p>
      {list.loading && !list.data ? (
        <Loading />
      ) : videos.length === 0 ? (
        <EmptyState text="暂无视频教程" />
      ) : (
        <>
          <ul className="rs-videos" aria-busy={list.loading}>
            {videos.map((v, i) => (
              <li key={v.id}>
                <VideoCard video={v} eager={i < EAGER_COVERS} />
              </li>
            ))}
          </ul>
          <PageLinks current={page} pageSize={VIDEO_PAGE_SIZE} total={list.data?.totalElements ?? 0} href={href} onChange={goTo} />
        </>
      )}
    </div>
  );
}
