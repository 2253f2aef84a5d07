import { Link } from 'react-router-dom';
import { getBlocks } from '@site/api-client';
import { useAsync } from '@site/ui';
import { BLOCK_IDS, FOOTER_CONTACT_MAX, type BlockItem } from '@site/contract';
import { FooterLink } from './FooterLink';

const COLUMNS = [
  { key: 'product', blockId: BLOCK_IDS.product, title: '产品中心' },
  { key: 'application', blockId: BLOCK_IDS.application, title: '应用领域' },
  { key: 'about', blockId: BLOCK_IDS.about, title: '关于我们' },
  { key: 'news', blockId: BLOCK_IDS.news, title: '新闻中心' },
] as const;

const BLOCKS = [...COLUMNS.map((c) => c.blockId), BLOCK_IDS.contact, BLOCK_IDS.companyLogo, BLOCK_IDS.copyright];

type Blocks = Partial<Record<number, BlockItem[]>>;

/** All footer blocks in one call, once per page load; a failed call leaves the footer's blocks empty. */
let footerPromise: Promise<Blocks> | null = null;
function loadFooterBlocks(): Promise<Blocks> {
  return (footerPromise ??= getBlocks(BLOCKS)
    .then((items) => {
      const blocks: Blocks = Object.fromEntries(BLOCKS.map((id) => [id, []]));
      for (const item of Array.isArray(items) ? items : []) blocks[item.blockId]?.push(item);
      return blocks;
    })
    .catch(() => ({})));
}

/** The next load asks the server again (the page renderer, at the start of each run). */
export function forgetFooterBlocks(): void {
  footerPromise = null;
}

/** The public footer (FOOT-1..8): four link columns, contact (at most 2), company logo, copyright rows. */
export function SiteFooter() {
  const blocks = useAsync(loadFooterBlocks, []).data ?? null;

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
