/** The public API of this remote: the page modules the host mounts (see README.md and host/src/federation/route-table.ts). */
module.exports.exposes = {
  './Support': './src/pages/support/Support.tsx',
  './DocumentCentre': './src/pages/document-centre/DocumentCentre.tsx',
  './Question': './src/pages/question/Question.tsx',
  './Video': './src/pages/video/Video.tsx',
  './VideoDetail': './src/pages/video-detail/VideoDetail.tsx',
};
