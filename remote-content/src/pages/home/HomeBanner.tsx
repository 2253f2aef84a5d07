import { useEffect, useState } from 'react';
import { BLOCK_IDS } from '@site/contract';
import { ClientOnly, useData, blockItemsQuery } from '@site/ui';
import { SmartLink } from '../../components/SmartLink';

export const BANNER_INTERVAL_MS = 5000;

/**
 * The home carousel from the banner block. One slide shows at a time; the others are `hidden` (out of the tab
 * order and the accessibility tree, unlike a slider's aria-hidden clones). It advances every 5 s unless the
 * visitor points at it, focuses it or prefers reduced motion. Only the first image loads eagerly.
 */
export function HomeBanner() {
  const { loading, data } = useData(blockItemsQuery(BLOCK_IDS.homeBanner));
  const slides = (data ?? []).filter((s) => s.image);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (count < 2 || paused || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => setCurrent((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [count, paused]);

  // The placeholder has the banner's own shape (16:5), so nothing below moves when the image arrives.
  if (loading) return <div className="rc-banner rc-banner--pending" aria-busy="true" aria-label="首页横幅加载中" />;
  if (count === 0) return null;
  return (
    <section
      className="rc-banner"
      aria-label="首页横幅"
      aria-roledescription="carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((s, i) => (
        <div
          key={s.id}
          className="rc-banner-item"
          role="group"
          aria-roledescription="slide"
          aria-label={`${i + 1} / ${count}`}
          hidden={i !== current}
        >
          <SmartLink className="rc-banner-slide" url={s.url || s.linkUrl} targetBlank={s.targetBlank} label={s.title}>
            {/* The picture carries no text (decorative): the title and subtitle are text over it, so on a phone
                they keep a readable size instead of shrinking with a 1920 px picture. */}
            <img src={s.image!} alt="" width={1920} height={600} loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : 'low'} />
            {(s.title || s.subtitle) && (
              <span className="rc-banner-caption">
                {s.title && <strong>{s.title}</strong>}
                {s.subtitle && <span>{s.subtitle}</span>}
              </span>
            )}
          </SmartLink>
        </div>
      ))}
      {/* The slide buttons only work with the app running, so the rendered HTML has none (no control a
          visitor can reach before hydration does nothing); they sit over the picture, so nothing moves when they appear. */}
      {count > 1 && (
        <ClientOnly>
          <div className="rc-banner-dots">
            {slides.map((s, i) => (
              <button
                key={s.id}
                type="button"
                className="rc-banner-dot"
                aria-label={`第 ${i + 1} 张：${s.title}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => setCurrent(i)}
              />
            ))}
          </div>
        </ClientOnly>
      )}
    </section>
  );
}
