/**
 * Rehearses version skew in tests only (SITE_UI_KIT_OMIT): builds @site/antd-kit without the named exports, as an
 * older release of the kit that did not have them yet. A name the kit does not export fails the build, so a test
 * built on this cannot pass by omitting nothing.
 */
module.exports = function omitUiKitExports(source) {
  const names = String(this.getOptions().names || '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  let out = source;
  for (const name of names) {
    const re = new RegExp(`^(\\s*)${name},?\\s*\\n`, 'm');
    if (!re.test(out)) throw new Error(`SITE_UI_KIT_OMIT: @site/antd-kit exports no ${name}`);
    out = out.replace(re, '$1// omitted (SITE_UI_KIT_OMIT)\n');
  }
  return out;
};
