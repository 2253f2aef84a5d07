import { createRoot, hydrateRoot } from 'react-dom/client';
import { channelsQuery, companyQuery } from '@site/ui';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'nprogress/nprogress.css';
import './styles/site.css';
import { getToken, loadUserInfo } from '@site/app-runtime';
import { createQueryClient, hydrateRouteData } from '@site/ui/render';
import { renderedPage } from './federation/rendered-page';
import { App } from './App';
import { remotesReady } from './federation/remotes';
import { routeFor } from './federation/route-table';
import { prefetchLikelyNext, prefetchOnIntent, preloadRoute } from './federation/preload';
import { loadPageBeforeHydration } from './federation/RemotePage';
import { loadAntdProvider } from './antd/with-antd';
import { loadSiteConfig } from './site-data/site-config';
import { startVisitTracking } from './services/visit';
import { recordMobileWeChat } from './services/mobile-wechat';
import { startAdScript } from './services/ad-script';

dayjs.locale('zh-cn');

async function start() {
  // Things that need no answer first, so they happen exactly once per page load whatever comes next.
  recordMobileWeChat();
  startVisitTracking();
  // A rendered page's route data first: the header's and the page's queries then start from it and ask nothing.
  const queryClient = createQueryClient();
  const container = document.getElementById('root')!;
  const rendered = container.firstElementChild ? renderedPage() : null;
  if (rendered) hydrateRouteData(queryClient, rendered.data);
  // Header data (unless the page carries it), the signed-in user and the site config load in parallel with the remotes file.
  void queryClient.prefetchQuery(companyQuery());
  void queryClient.prefetchQuery(channelsQuery({ isNav: true }));
  if (getToken()) loadUserInfo().catch(() => {});
  void loadSiteConfig().then((c) => startAdScript(c.adScriptUrl));
  // The current page's remote (it waits for the remotes file itself) and antd start loading before the first render.
  preloadRoute(window.location.pathname);
  if (!routeFor(window.location.pathname)?.withoutAntd) void loadAntdProvider();
  // A page rendered ahead of time is hydrated once its remote page's code has arrived (preloaded by its HTML), so
  // every part of it answers from the first commit; until then its links, <details> and forms work as HTML. Any
  // other page renders at once, and its remote page waits for the remotes file itself (loadRemoteModule).
  const route = routeFor(window.location.pathname);
  if (rendered) {
    // A page whose remote cannot load hydrates anyway: its slot then shows the remote's error state.
    if (route) await loadPageBeforeHydration(route).catch(() => undefined);
    hydrateRoot(container, <App queryClient={queryClient} />, { onRecoverableError });
  } else {
    createRoot(container).render(<App queryClient={queryClient} />);
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
