import { lazy, Suspense, useCallback, useRef, useState } from 'react';
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
 * page, which the server renders with the results (the app opens the search modal instead; an empty field is
 * focused, not sent: page-catch.ts), and 菜单 is the summary of a <details> whose opening shows its panel: the
 * entries and 登录/注册 (the app opens the drawer instead). Nothing the visitor started moves when the app takes over:
 * a menu opened before stays that open panel, and what is typed after 搜索 and before the modal's box has the focus
 * goes to the header's field, which the modal then takes over.
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
  // The HTML menu's panel serves until the app runs (then 菜单 opens the drawer): rendered for the page's HTML and its
  // hydration, gone after, so the header holds one navigation and one account area again; unless the visitor opened
  // it before, then it stays the open menu until they close it or follow an entry.
  const appRunning = useIsClient();
  const [panelOpen, setPanelOpen] = useState(false);
  const navigate = useNavigate();
  // The HTML search field serves until the app runs, as the menu's panel; one a visitor typed in before stays. After,
  // it is kept in the page out of sight, to take what is typed between 搜索 and the modal's box having the focus.
  const searchText = useRef<HTMLInputElement>(null);
  const [typedEarly, setTypedEarly] = useState(false);
  const [searchPending, setSearchPending] = useState(false);

  // A menu opened before the app hydrated the page stays what it is, the open HTML panel (the drawer would take the
  // time of loading antd, during which the menu the visitor is reading would be gone); the button says it is open.
  useAdoptedNativeState(
    menu,
    (details) => details.open,
    false,
    (open) => {
      if (open) setPanelOpen(true);
    },
  );
  const closePanel = useCallback(() => {
    if (menu.current) menu.current.open = false;
    setPanelOpen(false);
  }, []);
  // A search typed in the HTML form before the app ran stays: its field is kept, and 搜索 opens that search's page.
  // So does a field the visitor is in (搜索 pressed empty before: page-catch.ts focused it), empty or not.
  useAdoptedNativeState(
    searchText,
    (input) => input.value !== '' || input === document.activeElement,
    false,
    (inUse) => {
      if (inUse) setTypedEarly(true);
    },
  );

  const openSearch = () => {
    // The modal's box takes the focus once it has opened (its code may still be loading): until then what is typed
    // goes to the header's field, shown meanwhile, and the modal takes it over (takeDraft).
    setSearchPending(true);
    searchText.current?.focus();
    setSearchUsed(true);
    setSearchOpen(true);
    setDrawerOpen(false);
    closePanel();
  };
  const takeDraft = useCallback(() => {
    const field = searchText.current;
    const draft = field?.value.trim() ?? '';
    if (field && !typedEarly) field.value = '';
    setSearchPending(false);
    return draft;
  }, [typedEarly]);
  const fieldIdle = appRunning && !typedEarly && !searchPending;

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
            <input
              ref={searchText}
              type="search"
              name="text"
              className={fieldIdle ? 'site-search-form__text site-search-form__text--idle' : 'site-search-form__text'}
              placeholder="请输入搜索内容"
              aria-label="站内搜索"
              aria-hidden={fieldIdle || undefined}
              tabIndex={fieldIdle ? -1 : undefined}
              maxLength={100}
            />
            <input type="hidden" name="channel" value={SEARCH_ALL} />
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
              aria-expanded={drawerOpen || panelOpen}
              onClick={(e) => {
                e.preventDefault();
                if (panelOpen) return closePanel();
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
            >
              <MenuIcon />
            </summary>
            {/* The menu before the app runs: the browser shows this while the <details> is open (the app opens the
                drawer instead, with the same entries and account links). */}
            {(!appRunning || panelOpen) && (
              <div className="site-menu__panel">
                <nav aria-label="移动端导航">
                  <NavList entries={entries} className="site-menu__list" onNavigate={closePanel} />
                </nav>
                <div className="site-menu__user">
                  <UserArea onNavigate={closePanel} />
                </div>
              </div>
            )}
          </details>
        </div>
      </div>
      <Suspense fallback={null}>
        {searchUsed && <SearchModal open={searchOpen} onClose={() => setSearchOpen(false)} takeDraft={takeDraft} />}
        {drawerUsed && <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} entries={entries} />}
      </Suspense>
    </header>
  );
}
