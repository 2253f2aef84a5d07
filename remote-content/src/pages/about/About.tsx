import { staticHead } from '@site/ui/render';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { CHANNEL_IDS } from '@site/contract';
import { EmptyState, SafeHtml, TextPlaceholder, channelQuery, useSafeHtmlShown } from '@site/ui';
import { ChannelHeader } from '../../components/ChannelHeader';
import { PageContainer } from '../../components/PageContainer';
import { channelArticlesQuery, useChannelArticles } from '../../components/useChannelArticles';
import { prefetch } from '../../components/loaders';
import type { RouteLoader } from '@site/ui/render';
import { readStats } from './stats';

export const head = staticHead('关于我们', '公司简介、发展历程与资质荣誉。');

export const loader: RouteLoader = (args) => prefetch(args, [channelQuery(CHANNEL_IDS.about), channelArticlesQuery(CHANNEL_IDS.about)]);

/**
 * /about: the about channel's articles (company profile, history, honours, careers…), each a section whose anchor is
 * its `customs.section` (the footer's 加入我们 opens /about#careers).
 */
export default function About() {
  const { loading, data } = useChannelArticles(CHANNEL_IDS.about);
  const { hash } = useLocation();
  // Once the sections' text shows: scrolled earlier, the section would leave the screen as the text above it fills in.
  const shown = useSafeHtmlShown(hash.length > 1);
  useEffect(() => {
    if (!loading && shown && hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [loading, shown, hash]);
  return (
    <PageContainer>
      <ChannelHeader channelId={CHANNEL_IDS.about} fallbackTitle="关于我们" />
      {loading ? (
        <TextPlaceholder rows={10} />
      ) : !data || data.length === 0 ? (
        <EmptyState />
      ) : (
        data.map((a) => {
          const stats = readStats(a.customs);
          return (
            <section
              key={a.id}
              id={typeof a.customs?.section === 'string' ? a.customs.section : undefined}
              className="rc-section"
              aria-labelledby={`rc-about-${a.id}`}
            >
              <div className="rc-section-head">
                <h2 id={`rc-about-${a.id}`}>{a.title}</h2>
              </div>
              {stats.length > 0 && (
                <ul className="rc-stats" style={{ marginBottom: 16 }}>
                  {stats.map((s) => (
                    <li key={s.label}>
                      <strong>{s.value}</strong>
                      <span>{s.label}</span>
                    </li>
                  ))}
                </ul>
              )}
              <SafeHtml className="rc-article-body" html={a.text} />
            </section>
          );
        })
      )}
    </PageContainer>
  );
}
