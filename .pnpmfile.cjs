/**
 * The build is webpack only; nothing of Rspack is to be installed.
 * - @module-federation/enhanced 2.9.2 lists @module-federation/rspack among its dependencies (which then pulls
 *   @rspack/core and its native binaries in as a peer). Its webpack plugin requires one small file of that package,
 *   the remote-entry plugin behind the `getPublicPath` option, which this site does not use: the dependency is
 *   dropped and @site/build-config supplies that file (shared/build-config/federation/remote-entry-plugin.cjs).
 * - css-loader, html-webpack-plugin and copy-webpack-plugin declare @rspack/core as an optional peer: dropped, so
 *   the lockfile records no Rspack at all.
 */
const RSPACK_CORE = '@rspack/core';

function readPackage(pkg) {
  if (pkg.name === '@module-federation/enhanced' && pkg.dependencies) delete pkg.dependencies['@module-federation/rspack'];
  if (pkg.peerDependenciesMeta?.[RSPACK_CORE]?.optional) {
    delete pkg.peerDependencies[RSPACK_CORE];
    delete pkg.peerDependenciesMeta[RSPACK_CORE];
  }
  return pkg;
}

module.exports = { hooks: { readPackage } };
