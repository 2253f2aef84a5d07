/**
 * Where the site keeps its shared public files in the storage, beside the uploads: the page renderer's output and
 * the remotes file. Every process that reads or writes them (the renderer, the host origin, nginx's configuration,
 * the release script) takes the keys from here. Everything under `SITE_PUBLIC_PREFIX` may be readable without
 * credentials (nginx reads it straight from the bucket); the uploads are not under it.
 */
export const SITE_PUBLIC_PREFIX = 'site/';
/** The renderer's output folder as keys: `site/rendered/index.json`, `site/rendered/pages/news.html`, ... */
export const RENDERED_PREFIX = `${SITE_PUBLIC_PREFIX}rendered/`;
/** The remotes file (federation name -> manifest URL) every host instance and the renderer read. */
export const REMOTES_KEY = `${SITE_PUBLIC_PREFIX}remotes.json`;
