import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@site/ui/render';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
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

/** The routes of this remote, as the host's route table mounts them. */
const PAGES = [
  { path: '/', name: '首页', element: <Home /> },
  { path: '/product', name: '产品中心', element: <ProductCentre /> },
  { path: '/productDetail', name: '产品详情', element: <ProductDetail /> },
  { path: '/solution', name: '解决方案', element: <Solution /> },
  { path: '/solutionDetail', name: '方案详情', element: <SolutionDetail /> },
  { path: '/news', name: '新闻中心', element: <NewsCentre /> },
  { path: '/newsDetail', name: '新闻详情', element: <NewsDetail /> },
  { path: '/about', name: '关于我们', element: <About /> },
  { path: '/contact', name: '联系我们', element: <Contact /> },
  { path: '/privacy', name: '隐私政策', element: <Privacy /> },
];
const NAV = PAGES.filter((p) => !p.path.endsWith('Detail'));

/** The page's query cache, as the host gives one to a composed page. */
const queryClient = createQueryClient();

/** This remote on its own (its team's dev page): its pages without the host's layout. */
export function Standalone() {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN}>
        <BrowserRouter>
          <nav aria-label="remote-content 页面" style={{ padding: 12, borderBottom: '1px solid #eee', display: 'flex', gap: 16, flexWrap: 'wrap' }}>
            {NAV.map((p) => (
              <Link key={p.path} to={p.path}>
                {p.name}
              </Link>
            ))}
          </nav>
          <main>
            <Routes>
              {PAGES.map((p) => (
                <Route key={p.path} path={p.path} element={p.element} />
              ))}
            </Routes>
          </main>
        </BrowserRouter>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
