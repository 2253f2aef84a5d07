import { getChannel } from '@site/api';
import { useAsync } from '@site/ui';

/**
 * The head of a channel page: the channel's banner image and its name (from the server) as the page's <h1>.
 * Until the channel answers (or if it fails) the fallback title keeps the heading in place.
 */
export function ChannelHeader({ channelId, fallbackTitle }: { channelId: number; fallbackTitle: string }) {
  const { data: channel, loading } = useAsync(() => getChannel(channelId), [channelId]);
  const title = channel?.name || channel?.title || fallbackTitle;
  return (
    <>
      {/* The banner's space is kept while the channel loads, so the heading does not jump down when it arrives. */}
      {loading && !channel && <div className="rc-channel-banner rc-channel-banner--pending" aria-hidden="true" />}
      {channel?.image && (
        <div className="rc-channel-banner">
          {/* Above the fold: loaded eagerly. The seeded channel banners are 1920×400. */}
          <img src={channel.image} alt={title} width={1920} height={400} loading="eager" />
        </div>
      )}
      <h1 className="rc-channel-title">{title}</h1>
    </>
  );
}
