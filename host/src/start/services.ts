import { getToken, loadUserInfo } from '@site/app-runtime';
import { loadSiteConfig } from '../site-data/site-config';
import { startVisitTracking } from '../services/visit';
import { startFieldReporting, whenLoadedAndIdle } from '../services/field';
import { recordMobileWeChat } from '../services/mobile-wechat';
import { startAdScript } from '../services/ad-script';
import { afterHydration } from './after-hydration';

/** What needs no answer from the page, once per page load: the visit record, the user, the site config. */
export function startServices(): void {
  recordMobileWeChat();
  // The vitals library after hydration as well: a slow or busy phone can load and idle before it has hydrated, and
  // it is nothing the page needs to answer.
  startFieldReporting({ whenIdle: (run) => afterHydration(() => whenLoadedAndIdle(run)) });
  // Both are API calls (the HTTP client loads with the first): after the page answers, not before.
  afterHydration(() => {
    startVisitTracking();
    if (getToken()) loadUserInfo().catch(() => {});
  });
  void loadSiteConfig().then((c) => startAdScript(c.adScriptUrl));
}
