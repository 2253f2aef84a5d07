import { useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Typography, zhCN } from '@site/antd-kit';
import { authStore, bus, getToken, performLogout } from '@site/app-runtime';
import AdminApp from './AdminApp';
import { UserLayout } from './layout/UserLayout';

/** Where the host runs in development (its default port), for the sign-in link of the note below. */
const HOST_LOGIN_URL = 'http://localhost:8080/user/login';

/**
 * Development only, standalone only: `?token=` signs this page in with a token copied from the host, because the
 * access_token cookie of the host's origin is not readable here. The host never mounts this file.
 */
function takeTokenFromQuery(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return;
  authStore.login(token);
  url.searchParams.delete('token');
  window.history.replaceState(null, '', url.pathname + url.search + url.hash);
}

/** In the composed site the shell reads through the host's query cache (react-query is a singleton); alone, its own. */
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

function SignInNote() {
  return (
    <UserLayout>
      <Typography.Paragraph>这是管理后台的独立开发页面，需要登录后使用。</Typography.Paragraph>
      <Typography.Paragraph>
        请先 <a href={HOST_LOGIN_URL}>在主站登录</a>，再把 access_token 的值以 <code>?token=</code> 参数附在本页地址后打开（仅限开发）。
      </Typography.Paragraph>
    </UserLayout>
  );
}

/** This remote on its own (its team's dev page): the admin shell without the host. */
export function Standalone() {
  const [token, setToken] = useState<string | undefined>(() => {
    takeTokenFromQuery();
    return getToken();
  });
  useEffect(() => {
    // In the composed site the host answers 'logout'; alone, this page does.
    const onLogout = () => void performLogout().finally(() => setToken(undefined));
    bus.on('logout', onLogout);
    return () => bus.off('logout', onLogout);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN}>
        <BrowserRouter>
          {token ? (
            <Routes>
              <Route path="/" element={<Navigate to="/index" replace />} />
              <Route path="*" element={<AdminApp />} />
            </Routes>
          ) : (
            <SignInNote />
          )}
        </BrowserRouter>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
