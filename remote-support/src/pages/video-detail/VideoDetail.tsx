import { Link } from 'react-router-dom';
import { articleHead, useRouteSearch, type RouteLoader } from '@site/ui/render';
import { articleOfUrl, prefetch } from '../../components/loaders';
import { EmptyState, SafeHtml, useData, articleQuery } from '@site/ui';
import { Loading, NotFound as ItemNotFound } from '../../components/PageState';
import { ArrowLeftIcon } from '../../components/icons';
import { formatDay } from '../../components/format';
import '../../components/support.css';
import { VideoPlayer } from './VideoPlayer';

/** The seed's summary often opens the body too; showing it twice reads badly. */
const repeatsText = (summary: string, html: string | null) => !!html && html.replace(/<[^>]+>/g, '').includes(summary);

export const loader: RouteLoader = (args) => prefetch(args, [articleOfUrl(args.url)]);

/** Titled by its video (TITLE-1 deviation, see the contract README). */
export const head = articleHead({ title: '视频详情', description: '视频教程详情。' });

/** An unknown video: 未找到该视频 and the way back to the list. */
export function NotFound() {
  return (
    <div className="rs-page">
      <ItemNotFound title="未找到该视频" description="该视频不存在或已下线。" backTo="/video" backLabel="返回视频教程" />
    </div>
  );
}

/** /videoDetail?id=: plays the tutorial with the browser's player, with its title, date and description. */
export default function VideoDetail() {
  const { id } = useRouteSearch();
  // A missing or malformed id is never sent to the server: it is simply not found.
  const { data, loading, error } = useData(id === null ? null : articleQuery(id));

  if (loading) {
    return (
      <div className="rs-page">
        <h1 className="rs-h1">视频详情</h1>
        <Loading />
      </div>
    );
  }
  if (error || !data) return <NotFound />;
  return (
    <div className="rs-page">
      <Link to="/video" className="rs-back">
        <ArrowLeftIcon /> 返回视频教程
      </Link>
      <h1 className="rs-h1">{data.title}</h1>
      <div className="rs-meta">
        <span>
          发布日期：<time dateTime={data.publishDate}>{formatDay(data.publishDate)}</time>
        </span>
        {data.source && <span>来源：{data.source}</span>}
      </div>
      {data.video ? <VideoPlayer article={data} /> : <EmptyState text="该视频暂无可播放的文件" />}
      {data.description && !repeatsText(data.description, data.text) && <p className="rs-lead">{data.description}</p>}
      <SafeHtml className="rs-article" html={data.text} as="article" />
    </div>
  );
}
