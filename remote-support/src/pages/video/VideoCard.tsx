import { Link } from 'react-router-dom';
import type { Article } from '@site/contract';
import { formatDay } from '../../components/format';
import { PlayCircleIcon, VideoCameraIcon } from '../../components/icons';

/** One tutorial in the grid: cover, title, date; the whole card opens /videoDetail?id=. */
export function VideoCard({ video, eager }: { video: Article; eager?: boolean }) {
  return (
    <Link to={`/videoDetail?id=${video.id}`} className="rs-video-card" data-testid={`video-${video.id}`}>
      <div className="rs-video-cover">
        {video.image ? (
          <img src={video.image} alt={video.title} width={480} height={270} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        ) : (
          <div className="rs-video-play" aria-hidden>
            <VideoCameraIcon />
          </div>
        )}
        <span className="rs-video-play" aria-hidden>
          <PlayCircleIcon />
        </span>
      </div>
      <div className="rs-video-body">
        <h2 className="rs-video-title">{video.title}</h2>
        {video.description && <p className="rs-video-desc">{video.description}</p>}
        <time className="rs-meta" dateTime={video.publishDate}>
          {formatDay(video.publishDate)}
        </time>
      </div>
    </Link>
  );
}
