import { App, Button, Dropdown, Tabs, DownOutlined } from '@site/antd-kit';
import { useNavigate } from 'react-router-dom';
import { closeAll, closeLeft, closeRight, closeTab, tabsStore, useTabs, type CloseResult } from '../store/tabs';

type Action = 'closeThat' | 'closeRight' | 'closeLeft' | 'closeAll';

const ACTIONS: { key: Action; label: string }[] = [
  { key: 'closeThat', label: '关闭当前' },
  { key: 'closeRight', label: '关闭右侧' },
  { key: 'closeLeft', label: '关闭左侧' },
  { key: 'closeAll', label: '关闭全部' },
];

const RUN: Record<Action, (s: ReturnType<typeof tabsStore.get>, key: string) => CloseResult> = {
  closeThat: closeTab,
  closeRight,
  closeLeft,
  closeAll,
};

/** TAB-1..4: a tab per visited page; close current, right, left or all from a tab's context menu or the bar's menu. */
export function MultiTab() {
  const { tabs, activeKey } = useTabs();
  const navigate = useNavigate();
  const { message } = App.useApp();

  const run = (action: Action, key: string) => {
    const r = RUN[action](tabsStore.get(), key);
    if (r.warning) {
      void message.warning(r.warning);
      return;
    }
    tabsStore.set(r.state);
    if (r.navigateTo) navigate(r.navigateTo);
  };

  const menuFor = (key: string) => ({
    items: ACTIONS.map((a) => ({ key: a.key, label: a.label })),
    onClick: ({ key: action, domEvent }: { key: string; domEvent: { stopPropagation(): void } }) => {
      domEvent.stopPropagation();
      run(action as Action, key);
    },
  });

  return (
    <div className="admin-multi-tab" data-testid="multi-tab" style={{ padding: '6px 16px 0', background: 'var(--ant-color-bg-container)' }}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey ?? undefined}
        onChange={(key) => navigate(key)}
        onEdit={(key, act) => {
          if (act === 'remove' && typeof key === 'string') run('closeThat', key);
        }}
        tabBarStyle={{ margin: 0 }}
        tabBarExtraContent={{
          right: (
            <Dropdown trigger={['click']} menu={menuFor(activeKey ?? '')}>
              <Button size="small" type="text" aria-label="标签操作" icon={<DownOutlined />} />
            </Dropdown>
          ),
        }}
        items={tabs.map((t) => ({
          key: t.key,
          closable: true,
          label: (
            <Dropdown trigger={['contextMenu']} menu={menuFor(t.key)}>
              <span className="admin-tab-label">{t.title}</span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}
