/** The public API of this remote: the module the host mounts for /index, /account/* and /admin/* (see README.md). */
module.exports.exposes = {
  './AdminApp': './src/AdminApp.tsx',
};
