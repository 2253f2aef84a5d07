import type { ArticleDetail } from '@site/contract';

const typeOf = (url: string) => (/\.webm(\?|$)/i.test(url) ? 'video/webm' : /\.ogv(\?|$)/i.test(url) ? 'video/ogg' : 'video/mp4');

/**
 * The browser's own player. `article.video` is the source; a WebM copy in `customs.videoWebm` (when the
 * server has one) is offered second for browsers built without the MP4 codecs.
 */
export function VideoPlayer({ article }: { article: Pick<ArticleDetail, 'title' | 'video' | 'image' | 'customs'> }) {
  const webm = typeof article.customs?.videoWebm === 'string' ? article.customs.videoWebm : null;
  const sources = [article.video, webm].filter((s): s is string => !!s);
  return (
    <video
      className="rs-player"
      controls
      preload="metadata"
      poster={article.image ?? undefined}
      width={960}
      height={540}
      aria-label={article.title}
      playsInline
    >
      {sources.map((src) => (
        <source key={src} src={src} type={typeOf(src)} />
      ))}
      您的浏览器不支持视频播放。
    </video>
  );
}
