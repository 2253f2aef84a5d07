import { Link } from 'react-router-dom';
import { useData } from '@site/ui';
import { FOOTER_COLUMNS as COLUMNS, footerBlocksQuery } from '../../site-data/site-data';
import { BLOCK_IDS, FOOTER_CONTACT_MAX } from '@site/contract';
import { FooterLink } from './FooterLink';

/** The public footer (FOOT-1..8): four link columns, contact (at most 2), company logo, copyright rows. */
export function SiteFooter() {
  const blocks = useData(footerBlocksQuery()).data ?? null;

  const logo = blocks?.[BLOCK_IDS.companyLogo]?.[0];
  const contact = (blocks?.[BLOCK_IDS.contact] ?? []).slice(0, FOOTER_CONTACT_MAX);
  const copyright = blocks?.[BLOCK_IDS.copyright] ?? [];

  return (
    <footer className="site-footer" aria-busy={!blocks}>
      <div className="site-footer__main">
        <div className="site-footer__brand">
          {logo?.image && (
            <FooterLink item={logo}>
              <img
                src={logo.image}
                alt={logo.title || '公司标志'}
                className="site-footer__logo"
                height={40}
                loading="lazy"
                data-testid="footer-logo"
              />
            </FooterLink>
          )}
          {contact.length > 0 && (
            <ul className="site-footer__contact" data-testid="footer-contact" aria-label="联系方式">
              {contact.map((c) => (
                <li key={c.id}>
                  {c.image && <img src={c.image} alt="" width={16} height={16} loading="lazy" />}
                  <FooterLink item={c}>{c.title}</FooterLink>
                </li>
              ))}
            </ul>
          )}
        </div>
        {COLUMNS.map((col) => (
          <section key={col.key} className="site-footer__column" aria-labelledby={`footer-col-${col.key}`} data-testid={`footer-col-${col.key}`}>
            <h2 id={`footer-col-${col.key}`} className="site-footer__title">
              {col.title}
            </h2>
            <ul>
              {(blocks?.[col.blockId] ?? []).map((item) => (
                <li key={item.id}>
                  <FooterLink item={item}>{item.title}</FooterLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="site-footer__copyright" data-testid="footer-copyright">
        {copyright.map((row) => (
          <p key={row.id}>
            <FooterLink item={row}>{row.title}</FooterLink>
          </p>
        ))}
      </div>
      <nav className="site-footer__legal" aria-label="法律声明">
        <Link to="/privacy">隐私政策</Link>
      </nav>
    </footer>
  );
}
