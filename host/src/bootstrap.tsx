import { renderedPage } from './federation/rendered-page';
import { routeFor } from './federation/route-table';
import { yieldToMain } from './services/yield-to-main';
import { noteFieldError } from './services/field-errors';

/**
 * The app starts in steps, each in a task of its own (yieldToMain), so no step keeps the page from answering for
 * long on a slow phone: the services, the route data, the page's remote module and antd (loading in parallel), the
 * app's own code, then hydration. The steps' modules are in this chunk (eager imports): no request more.
 */
async function start() {
  // The app runtime is evaluated in a step of its own before the services use it. Its HTTP library is not loaded
  // here: a rendered page hydrates from the data in its HTML, and axios comes with the first API call.
  await import(/* webpackMode: "eager" */ '@site/app-runtime');
  await yieldToMain();
  // The services use the site's UI library, which brings the router: two more evaluations of 10-20 ms each.
  await import(/* webpackMode: "eager" */ 'react-router-dom');
  await yieldToMain();
  // (Named exports only: a whole namespace would keep every export of the library in this chunk, 1.9 KB brotli.)
  await import(/* webpackMode: "eager", webpackExports: ["detectMobileWeChat"] */ '@site/ui');
  await yieldToMain();
  const { startServices } = await import(/* webpackMode: "eager" */ './start/services');
  startServices();
  await yieldToMain();

  const container = document.getElementById('root')!;
  const rendered = container.firstElementChild ? renderedPage() : null;
  const { startRouteData } = await import(/* webpackMode: "eager" */ './start/route-data');
  const queryClient = startRouteData(rendered);
  await yieldToMain();

  // The current page's remote (it waits for the remotes file itself) and antd start loading before the first render.
  const route = routeFor(window.location.pathname);
  const preload = await import(/* webpackMode: "eager" */ './federation/preload');
  preload.preloadRoute(window.location.pathname);
  const { loadAntdProvider } = await import(/* webpackMode: "eager" */ './antd/with-antd');
  if (!route?.withoutAntd) void loadAntdProvider();
  await yieldToMain();

  // One module group per step: react-dom alone is the biggest evaluation of the start (tens of ms on a slow phone).
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToMain();
  const { App } = await import(/* webpackMode: "eager" */ './App');
  await yieldToMain();
  const [{ startTransition }, { loadPageBeforeHydration }, { remotesReady }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react'),
    import(/* webpackMode: "eager" */ './app/RemotePage'),
    import(/* webpackMode: "eager" */ './federation/remotes'),
  ]);
  // A page rendered ahead of time is hydrated once its remote page's code has arrived (preloaded by its HTML), so
  // every part of it answers from the first commit; until then its links, <details> and forms work as HTML. Any
  // other page renders at once, and its remote page waits for the remotes file itself (loadRemoteModule).
  if (rendered) {
    // A page whose remote cannot load hydrates anyway: its slot then shows the remote's error state.
    if (route) await loadPageBeforeHydration(route).catch(() => undefined);
    await yieldToMain();
    // As a transition, hydration yields to the browser every few milliseconds instead of holding it for the whole
    // tree; a press on a part not yet hydrated makes React finish hydrating at once, then handle the press.
    startTransition(() => {
      hydrateRoot(container, <App queryClient={queryClient} notFound={rendered.notFound ? rendered.location : null} />, { onRecoverableError });
    });
  } else {
    // A rendered page carries the host's styles inline; a page the browser renders gets them as their own chunk,
    // before its first render, so they are not among the bytes a rendered page waits for.
    await import('./styles/site.css');
    createRoot(container).render(<App queryClient={queryClient} />);
  }
  try {
    await remotesReady();
    preload.prefetchLikelyNext(window.location.pathname);
    preload.prefetchOnIntent();
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
  noteFieldError('hydration', (error as Error)?.message ?? String(error));
}

void start();
