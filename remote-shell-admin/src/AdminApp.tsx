import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, ConfigProvider, Result, Spin, theme as antdTheme, zhCN } from '@site/antd-kit';
import { useQueryClient } from '@tanstack/react-query';
import { getRouters } from '@site/api-client';
import type { RouterVo } from '@site/contract';
import { authStore, loadUserInfo, useAuth } from '@site/app-runtime';
import { BasicLayout } from './layout/BasicLayout';
import { CustomerLayout } from './layout/CustomerLayout';
import { isCustomer } from './data/roles';
import { ChangesFromOtherTabs } from './data/shell-query';
import './layout/admin.css';
import { buildMenu } from './menu/routes';
import { keys } from './data/keys';
import { ForcedPasswordChange } from './pages/password/ForcedPasswordChange';
import { settingsStore, useSettings } from './store/settings';
import { tabsStore } from './store/tabs';

/** Who the shell last showed tabs for: another user must not inherit them. */
let tabsOwner: number | null = null;

/** On mount: the user (when not loaded yet) and the server's menu list. */
function useBoot() {
  const { user, mustChangePassword } = useAuth();
  const client = useQueryClient();
  const [routers, setRouters] = useState<RouterVo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Once per attempt and password state, also under StrictMode's double effects; the menu once per attempt.
  const started = useRef('');
  const menuFor = useRef(-1);

  useEffect(() => {
    const key = `${attempt}:${mustChangePassword}`;
    if (started.current === key) return;
    started.current = key;
    let alive = true;
    setError(null);
    void (async () => {
      try {
        if (!authStore.get().user) await loadUserInfo();
      } catch (e) {
        if (alive) setError((e as Error).message || '用户信息加载失败');
        return;
      }
      // The server refuses everything else (403 请先修改初始密码) until the initial password is changed: this runs
      // again when the change clears the flag.
      if (authStore.get().mustChangePassword || menuFor.current === attempt) return;
      menuFor.current = attempt;
      try {
        const r = await getRouters();
        if (alive) setRouters(r.data ?? []);
      } catch {
        // Without the server's menu the static routes still work.
        if (alive) setRouters([]);
      }
    })();
    return () => {
      alive = false;
    };
  }, [attempt, mustChangePassword]);

  useEffect(() => {
    if (!user) return;
    if (tabsOwner !== user.userId) {
      tabsStore.reset();
      // Nor the previous user's answers (lists, the bell's count) in the page's query cache.
      client.removeQueries({ queryKey: keys.all });
    }
    tabsOwner = user.userId;
  }, [user, client]);

  return { user, routers, error, mustChangePassword, retry: () => setAttempt((a) => a + 1) };
}

function Shell() {
  const { user, routers, error, mustChangePassword, retry } = useBoot();
  const { permissions, roles } = useAuth();
  const menu = useMemo(() => buildMenu(routers, permissions, roles), [routers, permissions, roles]);
  if (error && !user) {
    return (
      <Result
        status="warning"
        title="无法加载用户信息"
        subTitle={error}
        extra={
          <Button type="primary" onClick={retry}>
            重试
          </Button>
        }
      />
    );
  }
  if (!user) {
    return (
      <div style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }} aria-busy="true">
        <Spin size="large" />
      </div>
    );
  }
  if (mustChangePassword) return <ForcedPasswordChange />;
  // A customer gets their own frame, without the staff's tab bar and page settings.
  if (isCustomer(roles)) return <CustomerLayout menu={menu} menuReady={routers !== null} />;
  return <BasicLayout menu={menu} menuReady={routers !== null} />;
}

/**
 * `./AdminApp`: the whole admin shell for /index, /account/* and /admin/*. Mounted by the host inside its router;
 * the settings reach every antd component through this ConfigProvider (SET-1, SET-2).
 */
export default function AdminApp() {
  const s = useSettings();
  const { user, roles } = useAuth();
  useEffect(() => {
    // LANG-2: the language choice lives in the lang cookie; make sure it is there.
    settingsStore.set({ lang: s.lang });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once at mount: later changes of lang write the cookie themselves
  }, []);
  // A customer has no 页面设置: a dark theme chosen by staff on the same browser does not follow them.
  const light = s.theme === 'light' || (!!user && isCustomer(roles));
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{
        algorithm: light ? antdTheme.defaultAlgorithm : antdTheme.darkAlgorithm,
        token: { colorPrimary: s.color },
        cssVar: { key: 'admin-shell' },
        components: {
          Layout: light
            ? { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f0f2f5', footerBg: '#f0f2f5' }
            : { headerBg: '#141414', siderBg: '#141414', bodyBg: '#000000', footerBg: '#000000' },
        },
      }}
    >
      <App>
        <ChangesFromOtherTabs />
        <Shell />
      </App>
    </ConfigProvider>
  );
}
