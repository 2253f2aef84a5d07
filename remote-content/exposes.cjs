/** The public API of this remote: the page modules the host mounts (see README.md). */
module.exports.exposes = {
  './Home': './src/pages/home/Home.tsx',
};
