/**
 * The Chromium the bench and the e2e suite launch (plain CommonJS so scripts can read it): Debian's package, and the
 * flags both run it with (no sandbox, GPU or /dev/shm, which containers lack; none of its own background traffic).
 */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

module.exports = { CHROMIUM, CHROMIUM_ARGS };
