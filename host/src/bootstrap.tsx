import { createRoot, hydrateRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'nprogress/nprogress.css';
import './styles/site.css';
import { getToken, loadUserInfo } from '@site/app-runtime';
import { beginHydration } from '@site/ui/render';
import { renderedPage } from './federation/rendered-page';
import { App } from './App';
import { remotesReady } from './federation/remotes';
import { routeFor } from './federation/route-table';
import { prefetchLikelyNext, prefetchOnIntent, preloadRoute } from './federation/preload';
import { loadAntdProvider } from './antd/with-antd';
import { loadSiteConfig } from './site-data/site-config';
import { loadCompany, loadNavChannels } from './site-data/site-data';
import { startVisitTracking } from './services/visit';
import { recordMobileWeChat } from './services/mobile-wechat';
import { keepRootFontSize } from './services/root-font';
import { startAdScript } from './services/ad-script';
import { expectPageHydration } from './services/app-ready';

dayjs.locale('zh-cn');

async function start() {
  // Things that need no answer first, so they happen exactly once per page load whatever comes next.
  recordMobileWeChat();
  keepRootFontSize();
  startVisitTracking();
  // Header data, the signed-in user and the site config load in parallel with the remotes file.
  void loadCompany();
  void loadNavChannels();
  if (getToken()) loadUserInfo().catch(() => {});
  void loadSiteConfig().then((c) => startAdScript(c.adScriptUrl));
  // The current page's remote (it waits for the remotes file itself) and antd start loading before the first render.
  preloadRoute(window.location.pathname);
  if (!routeFor(window.location.pathname)?.withoutAntd) void loadAntdProvider();
  // The shell renders at once: remote pages wait for the remotes file themselves (loadRemoteModule). A page
  // rendered ahead of time is hydrated with the answers it was rendered with; the remote page's part stays as
  // rendered until its code has arrived.
  const container = document.getElementById('root')!;
  const rendered = renderedPage();
  if (rendered && container.firstElementChild) {
    beginHydration(rendered.data, rendered.location);
    expectPageHydration();
    hydrateRoot(container, <App />, { onRecoverableError });
  } else {
    createRoot(container).render(<App />);
  }
  try {
    await remotesReady();
    prefetchLikelyNext(window.location.pathname);
    prefetchOnIntent();
  } catch (e) {
    // Without the remotes file every remote page shows its fallback; the shell still works.
    console.error('[host] could not read the remotes file', e);
  }
}

/**
 * A part the renderer left to the browser (a remote without a server build) is rendered here as planned; anything
 * else (a hydration mismatch) is a defect worth a console error.
 */
function onRecoverableError(error: unknown) {
  if ((error as { digest?: string })?.digest === 'site-client-only') {
    console.info('[host] a part of this page is rendered by the browser (its remote has no server build)');
    return;
  }
  console.error('[host] hydration:', error);
}

void start();
