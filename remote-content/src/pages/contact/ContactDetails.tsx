import { CHANNEL_IDS } from '@site/contract';
import { EmptyState, SafeHtml, TextPlaceholder } from '@site/ui';
import { useChannelArticles } from '../../components/useChannelArticles';

/** The contact channel's articles (hotline, email, address…) as the editors wrote them. */
export function ContactDetails() {
  const { loading, data } = useChannelArticles(CHANNEL_IDS.contact);
  if (loading) return <TextPlaceholder rows={6} />;
  if (!data || data.length === 0) return <EmptyState text="暂无联系方式" />;
  return (
    <>
      {data.map((a) => (
        <section key={a.id} aria-labelledby={`rc-contact-${a.id}`}>
          <h2 id={`rc-contact-${a.id}`}>{a.title}</h2>
          <SafeHtml className="rc-article-body" html={a.text} />
        </section>
      ))}
    </>
  );
}
