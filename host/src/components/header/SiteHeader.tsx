import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAdoptedNativeState, useIsClient } from '@site/ui';
import { buildNavEntries, useCompany, useNavChannels } from '../../site-data/site-data';
import { NavList } from './NavList';
import { searchAddress, SEARCH_ALL } from '../search/search-target';
import { UserArea } from './UserArea';
import { withAntd } from '../../antd/with-antd';

const SearchModal = lazy(withAntd(() => import('../search/SearchModal')));
const MobileDrawer = lazy(withAntd(() => import('./MobileDrawer')));

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M16.5 16.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The public header (NAV-1..4): logo, the seven channel-driven entries, search, account links; below 550 px a
 * menu button opens a drawer. Plain markup and CSS; the modal and drawer code load on first use.
 * Both work as HTML before the app has hydrated a rendered page: 搜索 submits a form with a text field to the /search
 * page, which the server renders with the results (issue 36.5; the app opens the search modal instead), and 菜单 is the summary of a <details> whose opening shows its panel: the
 * entries and 登录/注册 (the app opens the drawer instead).
 */
export function SiteHeader() {
  const company = useCompany();
  const channels = useNavChannels();
  const entries = buildNavEntries(channels ?? null);
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchUsed, setSearchUsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  // The HTML menu's panel serves only until the app runs (then 菜单 opens the drawer): rendered for the page's HTML
  // and its hydration, gone after, so the header holds one navigation and one account area again.
  const appRunning = useIsClient();
  const navigate = useNavigate();
  // The HTML search field serves until the app runs, as the menu's panel; one a visitor typed in before stays.
  const searchText = useRef<HTMLInputElement>(null);
  const [typedEarly, setTypedEarly] = useState(false);

  // A menu opened before the app hydrated the page (the HTML panel) is taken over by the drawer: one menu, open,
  // closed from the drawer, and the button says it is open. The <details> itself closes: the app never opens it.
  useAdoptedNativeState(
    menu,
    (details) => details.open,
    false,
    (open, details) => {
      if (!open) return;
      details.open = false;
      setDrawerUsed(true);
      setDrawerOpen(true);
    },
  );
  // A search typed in the HTML form before the app ran stays: its field is kept, and 搜索 opens that search's page.
  useAdoptedNativeState(
    searchText,
    (input) => input.value,
    '',
    (value) => {
      if (value) setTypedEarly(true);
    },
  );

  const openSearch = () => {
    setSearchUsed(true);
    setSearchOpen(true);
    setDrawerOpen(false);
  };

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-logo" aria-label={`${company?.title ?? ''} 首页`.trim()}>
          {company?.image ? (
            <img src={company.image} alt={company.title} height={36} className="site-logo__img" />
          ) : (
            <span className="site-logo__text">{company?.title ?? ''}</span>
          )}
        </Link>
        <nav aria-label="主导航" className="site-nav" data-loaded={channels !== undefined ? 'true' : 'false'}>
          <NavList entries={entries} className="site-nav__list" />
        </nav>
        <div className="site-header__actions">
          <form
            action="/search"
            method="get"
            role="search"
            className="site-search-form"
            onSubmit={(e) => {
              e.preventDefault();
              const text = searchText.current?.value.trim();
              if (text) navigate(searchAddress({ text, scope: SEARCH_ALL, page: 1 }));
              else openSearch();
            }}
          >
            {(!appRunning || typedEarly) && (
              <>
                <input
                  ref={searchText}
                  type="search"
                  name="text"
                  className="site-search-form__text"
                  placeholder="请输入搜索内容"
                  aria-label="站内搜索"
                  maxLength={100}
                />
                <input type="hidden" name="channel" value={SEARCH_ALL} />
              </>
            )}
            <button type="submit" className="icon-button" aria-label="搜索">
              <SearchIcon />
            </button>
          </form>
          <div className="site-header__user">
            <UserArea />
          </div>
          {/* Opened before hydration, it has an `open` the HTML had not; useAdoptedNativeState above takes it over. */}
          <details className="site-menu" ref={menu} suppressHydrationWarning>
            <summary
              className="icon-button site-menu-button"
              role="button"
              aria-label="菜单"
              aria-expanded={drawerOpen}
              onClick={(e) => {
                e.preventDefault();
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
            >
              <MenuIcon />
            </summary>
            {/* The menu before the app runs: the browser shows this while the <details> is open (the app opens the
                drawer instead, with the same entries and account links). */}
            {!appRunning && (
              <div className="site-menu__panel">
                <nav aria-label="移动端导航">
                  <NavList entries={entries} className="site-menu__list" />
                </nav>
                <div className="site-menu__user">
                  <UserArea />
                </div>
              </div>
            )}
          </details>
        </div>
      </div>
      <Suspense fallback={null}>
        {searchUsed && <SearchModal open={searchOpen} onClose={() => setSearchOpen(false)} />}
        {drawerUsed && <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} entries={entries} />}
      </Suspense>
    </header>
  );
}
