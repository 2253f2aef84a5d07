/** The public API of this remote: the page modules the host mounts (see README.md). No props; details read `?id=`. */
module.exports.exposes = {
  './Home': './src/pages/home/Home.tsx',
  './ProductCentre': './src/pages/product-centre/ProductCentre.tsx',
  './ProductDetail': './src/pages/product-detail/ProductDetail.tsx',
  './Solution': './src/pages/solution/Solution.tsx',
  './SolutionDetail': './src/pages/solution-detail/SolutionDetail.tsx',
  './NewsCentre': './src/pages/news-centre/NewsCentre.tsx',
  './NewsDetail': './src/pages/news-detail/NewsDetail.tsx',
  './About': './src/pages/about/About.tsx',
  './Contact': './src/pages/contact/Contact.tsx',
  './Privacy': './src/pages/privacy/Privacy.tsx',
};
