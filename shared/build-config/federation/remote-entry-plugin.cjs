/**
 * Stands in for the remote-entry plugin file that @module-federation/enhanced's webpack plugin requires from the
 * Rspack federation package (see /.pnpmfile.cjs). That plugin only acts on the `getPublicPath` option; the site's
 * remotes use `publicPath: 'auto'` and never set it, so asking for it is a configuration error here.
 */
class RemoteEntryPlugin {
  constructor(options) {
    this.options = options;
  }

  apply() {
    if (this.options.getPublicPath) {
      throw new Error('getPublicPath is not supported by @site/build-config: remotes use output.publicPath "auto"');
    }
  }
}

module.exports = { RemoteEntryPlugin };
