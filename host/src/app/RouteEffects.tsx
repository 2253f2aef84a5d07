import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { authStore, bus, loadUserInfo, performLogout } from '@site/app-runtime';
import { isSafeInSitePath, setCompanyTitle } from '@site/ui';
import { useCompany } from '../site-data/site-data';
import { loadSiteConfig, siteConfig } from '../site-data/site-config';
import { skipPageTarget } from '../services/skip-page';
import { onWindowMessage } from '../services/early-messages';
import { useLoadingBar } from './loading-bar';

/**
 * `<html data-hydrated>` once the app runs (tests and tools wait on it). The browser hydrates a rendered page only
 * after its remote modules have arrived (bootstrap.tsx), so from here on every part of it answers.
 */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    // The same moment on the page's own clock, for tools that compare it with its requests (the bench).
    performance.mark('site-hydrated');
  }, []);
  return null;
}

/**
 * Per navigation: scroll to top (ROUTE-2), loading bar (ROUTE-3). The title and description are the page module's
 * (render/page-module, TITLE-1..3).
 */
export function NavigationEffects() {
  const location = useLocation();
  const company = useCompany();
  const full = location.pathname + location.search;

  // Not on the page the browser loaded: it keeps its own position (restored on reload, at #hash, or where the visitor
  // scrolled before the app started; a rendered page is read and scrolled long before it hydrates).
  const scrolledFor = useRef(full);
  useLayoutEffect(() => {
    if (scrolledFor.current === full) return;
    scrolledFor.current = full;
    window.scrollTo(0, 0);
  }, [full]);

  // From the navigation state: while the page's code is on its way, and after a navigation until its data is in.
  useLoadingBar(full);

  // The admin's menu titles (usePageTitle, in the remote's own copy of @site/ui) read the company's title from the
  // shared title store.
  useEffect(() => {
    if (company) setCompanyTitle(company.title);
  }, [company]);

  return null;
}

/**
 * The host answers the bus (DESIGN section 4): it alone navigates and clears auth.
 * - skipPage: in-site paths only; the window `message` listener feeds it from allowed portals.
 * - logout: sign out (whatever the server says), then /index (the guard sends visitors on to the login page).
 * - login: pick up the new token and user for the header.
 */
export function BusBridge() {
  const navigate = useNavigate();

  useEffect(() => {
    const onSkip = ({ url }: { url: string }) => {
      if (isSafeInSitePath(url)) navigate(url);
    };
    const onLogout = async () => {
      await performLogout();
      navigate('/index');
    };
    const onLogin = () => {
      authStore.syncToken();
      if (authStore.get().token && !authStore.get().user) loadUserInfo().catch(() => {});
    };
    bus.on('skipPage', onSkip);
    bus.on('logout', onLogout);
    bus.on('login', onLogin);
    return () => {
      bus.off('skipPage', onSkip);
      bus.off('logout', onLogout);
      bus.off('login', onLogin);
    };
  }, [navigate]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const url = skipPageTarget(event, siteConfig().portalOrigins, window.location.origin);
      if (url) bus.emit('skipPage', { url });
    };
    // Messages that came early wait until the allowed portal origins are known (judged before, a portal's would be
    // refused). The app is hydrated when this runs, so a navigation never meets a part React is still hydrating.
    let live = true;
    let stop = () => {};
    void loadSiteConfig().then(() => {
      if (live) stop = onWindowMessage(onMessage);
    });
    return () => {
      live = false;
      stop();
    };
  }, []);

  return null;
}
