import { useData, channelQuery } from '@site/ui';

/**
 * The head of a channel page: the channel's name (from the server, the page's one <h1>) and its subtitle as text over
 * the channel's picture. The picture carries no text and is cropped to fit, so nothing of the title is lost on a phone.
 * Until the channel answers (or if it fails) the fallback title keeps the heading in place.
 */
export function ChannelHeader({ channelId, fallbackTitle }: { channelId: number; fallbackTitle: string }) {
  const { data: channel } = useData(channelQuery(channelId));
  const title = channel?.name || channel?.title || fallbackTitle;
  return (
    <header className="rc-channel-banner" data-testid="channel-banner">
      {/* Above the fold: loaded eagerly; decorative, the text says what the page is. */}
      {channel?.image && <img src={channel.image} alt="" width={1920} height={400} loading="eager" />}
      <div className="rc-channel-banner__text">
        <h1 className="rc-channel-title">{title}</h1>
        {channel?.subtitle && <p className="rc-channel-subtitle">{channel.subtitle}</p>}
      </div>
    </header>
  );
}
