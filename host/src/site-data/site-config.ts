/** `/site-config.json`, served beside index.html from the deployment's environment (never built in). */
export interface SiteConfig {
  /** Origins of parent portals allowed to send `skipPage` messages. */
  portalOrigins: string[];
  /** The advertising script, or empty for none. */
  adScriptUrl: string;
}

let config: SiteConfig = { portalOrigins: [], adScriptUrl: '' };
let loading: Promise<SiteConfig> | null = null;

/** Read once per page load; every caller waits for the same answer. */
export function loadSiteConfig(): Promise<SiteConfig> {
  return (loading ??= readSiteConfig());
}

async function readSiteConfig(): Promise<SiteConfig> {
  try {
    const res = await fetch('/site-config.json', { cache: 'no-cache' });
    if (res.ok) {
      const body = (await res.json()) as Partial<SiteConfig>;
      config = {
        portalOrigins: Array.isArray(body.portalOrigins) ? body.portalOrigins.filter((o) => typeof o === 'string') : [],
        adScriptUrl: typeof body.adScriptUrl === 'string' ? body.adScriptUrl : '',
      };
    }
  } catch {
    /* defaults: no portal, no advertising */
  }
  return config;
}

export function siteConfig(): SiteConfig {
  return config;
}
