import { RemoteStandalone, type StandalonePage } from '@site/ui/standalone';
import { ConfigProvider, zhCN } from '@site/antd-kit';
import Home from './pages/home/Home';
import ProductCentre from './pages/product-centre/ProductCentre';
import ProductDetail from './pages/product-detail/ProductDetail';
import Solution from './pages/solution/Solution';
import SolutionDetail from './pages/solution-detail/SolutionDetail';
import NewsCentre from './pages/news-centre/NewsCentre';
import NewsDetail from './pages/news-detail/NewsDetail';
import About from './pages/about/About';
import Contact from './pages/contact/Contact';
import Privacy from './pages/privacy/Privacy';

/** The routes of this remote, as the host's route table mounts them; a detail page is reached from its list. */
const PAGES: StandalonePage[] = [
  { path: '/', name: '首页', element: <Home /> },
  { path: '/product', name: '产品中心', element: <ProductCentre /> },
  { path: '/productDetail', element: <ProductDetail /> },
  { path: '/solution', name: '解决方案', element: <Solution /> },
  { path: '/solutionDetail', element: <SolutionDetail /> },
  { path: '/news', name: '新闻中心', element: <NewsCentre /> },
  { path: '/newsDetail', element: <NewsDetail /> },
  { path: '/about', name: '关于我们', element: <About /> },
  { path: '/contact', name: '联系我们', element: <Contact /> },
  { path: '/privacy', name: '隐私政策', element: <Privacy /> },
];

/** This remote on its own (its team's dev page): its pages without the host's layout. */
export function Standalone() {
  return (
    <ConfigProvider locale={zhCN}>
      <RemoteStandalone remote="remote-content" pages={PAGES} />
    </ConfigProvider>
  );
}
