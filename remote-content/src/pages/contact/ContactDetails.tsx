import { CHANNEL_IDS, COMPANY_NAME, type ArticleDetail } from '@site/contract';
import { EmptyState, SafeHtml, TextPlaceholder } from '@site/ui';
import { useChannelArticles } from '../../components/useChannelArticles';
import { directionsHref, mailtoHref, readContact, telHref, type ContactInfo } from './contact-info';
import { LocationMap } from './LocationMap';

/**
 * The contact channel's articles. One carrying structured details (customs: hotline, email, address…) is shown as
 * tap-to-call and mailto links, the address with a drawn location map and a directions link; the others as written.
 */
export function ContactDetails() {
  const { loading, data } = useChannelArticles(CHANNEL_IDS.contact);
  if (loading) return <TextPlaceholder rows={6} />;
  if (!data || data.length === 0) return <EmptyState text="暂无联系方式" />;
  return (
    <>
      {data.map((a) => {
        const info = readContact(a.customs);
        return (
          <section key={a.id} aria-labelledby={`rc-contact-${a.id}`}>
            <h2 id={`rc-contact-${a.id}`}>{a.title}</h2>
            {info ? <ContactCard info={info} article={a} /> : <SafeHtml className="rc-article-body" html={a.text} />}
          </section>
        );
      })}
    </>
  );
}

function Mail({ address }: { address: string }) {
  const href = mailtoHref(address);
  return href ? <a href={href}>{address}</a> : <>{address}</>;
}

function ContactCard({ info, article }: { info: ContactInfo; article: ArticleDetail }) {
  const name = article.source || COMPANY_NAME;
  const directions = directionsHref(info, name);
  return (
    <div className="rc-contact-card" data-testid="contact-card">
      <dl className="rc-contact-list">
        {info.hotline && (
          <>
            <dt>服务热线</dt>
            <dd>
              <a href={telHref(info.hotline)}>{info.hotline}</a>
            </dd>
          </>
        )}
        {info.phone && (
          <>
            <dt>总机</dt>
            <dd>
              <a href={telHref(info.phone)}>{info.phone}</a>
            </dd>
          </>
        )}
        {info.email && (
          <>
            <dt>技术支持邮箱</dt>
            <dd>
              <Mail address={info.email} />
            </dd>
          </>
        )}
        {info.salesEmail && (
          <>
            <dt>商务合作邮箱</dt>
            <dd>
              <Mail address={info.salesEmail} />
            </dd>
          </>
        )}
        {info.address && (
          <>
            <dt>地址</dt>
            <dd>
              {info.address}
              {info.zip && `（邮编 ${info.zip}）`}
            </dd>
          </>
        )}
        {info.workTime && (
          <>
            <dt>工作时间</dt>
            <dd>{info.workTime}</dd>
          </>
        )}
      </dl>
      {info.address && (
        <figure className="rc-contact-map">
          <LocationMap name={name} address={info.address} />
          <figcaption>
            {directions && (
              <a href={directions} target="_blank" rel="noopener noreferrer">
                在地图中查看路线
              </a>
            )}
          </figcaption>
        </figure>
      )}
    </div>
  );
}
