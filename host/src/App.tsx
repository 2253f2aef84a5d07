import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { RemotePage } from './federation/RemotePage';
import { REMOTE_ROUTES } from './federation/route-table';

function Keyed({ route }: { route: (typeof REMOTE_ROUTES)[number] }) {
  const location = useLocation();
  return <RemotePage key={location.pathname + location.search} route={route} />;
}

export function App() {
  return (
    <ConfigProvider locale={zhCN}>
      <BrowserRouter>
        <Routes>
          {REMOTE_ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<Keyed route={r} />} />
          ))}
        </Routes>
      </BrowserRouter>
    </ConfigProvider>
  );
}
