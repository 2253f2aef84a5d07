import { getChannel } from '@site/shared';
import { useAsync } from './useAsync';

/**
 * The head of a channel page: the channel's banner image and its name (from the server) as the page's <h1>.
 * Until the channel answers (or if it fails) the fallback title keeps the heading in place.
 */
export function ChannelHeader({ channelId, fallbackTitle }: { channelId: number; fallbackTitle: string }) {
  const { data: channel } = useAsync(() => getChannel(channelId), [channelId]);
  const title = channel?.name || channel?.title || fallbackTitle;
  return (
    <>
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
