/**
 * Loads ModuleFederationPlugin from @module-federation/enhanced/webpack. The plugin (on load, and again when its
 * wrapper applies it) requires `@module-federation/rspack/remote-entry-plugin`, a package this workspace does not
 * install (/.pnpmfile.cjs): in this build process that one request resolves to ./remote-entry-plugin.cjs.
 */
const Module = require('module');
const path = require('path');

const REMOTE_ENTRY_REQUEST = '@module-federation/rspack/remote-entry-plugin';
const SUBSTITUTE = path.join(__dirname, 'remote-entry-plugin.cjs');

function loadModuleFederationPlugin() {
  const resolve = Module._resolveFilename;
  if (!resolve.siteRemoteEntrySubstitute) {
    const substituted = function resolveFilename(request, ...rest) {
      return request === REMOTE_ENTRY_REQUEST ? SUBSTITUTE : resolve.call(this, request, ...rest);
    };
    substituted.siteRemoteEntrySubstitute = true;
    Module._resolveFilename = substituted;
  }
  return require('@module-federation/enhanced/webpack').ModuleFederationPlugin;
}

module.exports = { loadModuleFederationPlugin };
