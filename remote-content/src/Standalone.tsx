import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import Home from './pages/home/Home';

/** This remote on its own (its team's dev page): its pages without the host's layout. */
export function Standalone() {
  return (
    <ConfigProvider locale={zhCN}>
      <BrowserRouter>
        <nav style={{ padding: 12, borderBottom: '1px solid #eee' }}>
          <Link to="/">首页</Link>
        </nav>
        <Routes>
          <Route path="/" element={<Home />} />
        </Routes>
      </BrowserRouter>
    </ConfigProvider>
  );
}
