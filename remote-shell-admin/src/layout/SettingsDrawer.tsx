import { useEffect, useRef } from 'react';
import { App, Button, Divider, Drawer, List, Radio, Select, Switch, Tooltip, Typography, CheckOutlined, CopyOutlined } from '@site/ui-kit';
import { COMPANY_NAME, PRESET_COLORS, PRIMARY_COLOR_SHELL } from '@site/contract';
import { isContentWidthFixedAllowed, isFixedSidebarEnabled, settingsExport, settingsStore, useSettings, type Settings } from '../store/settings';

/** The 8 swatches (SET-28): the shell's default blue and the 7 presets. */
export const SWATCHES: { color: string; name: string }[] = [
  { color: PRIMARY_COLOR_SHELL, name: '默认蓝' },
  { color: PRESET_COLORS[0], name: '薄暮' },
  { color: PRESET_COLORS[1], name: '火山' },
  { color: PRESET_COLORS[2], name: '日暮' },
  { color: PRESET_COLORS[3], name: '明青' },
  { color: PRESET_COLORS[4], name: '极光绿' },
  { color: PRESET_COLORS[5], name: '极客蓝' },
  { color: PRESET_COLORS[6], name: '酱紫' },
];

export const THEME_SWITCHING_TEXT = '正在切换主题！';
export const COPY_OK_TEXT = '拷贝成功';

function Row({ label, control, hint }: { label: string; control: React.ReactNode; hint?: string }) {
  return (
    <List.Item actions={[control]}>
      <Tooltip title={hint}>
        <span>{label}</span>
      </Tooltip>
    </List.Item>
  );
}

/** SET-1..13: every setting of the shell, applied live and persisted. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useSettings();
  const { message } = App.useApp();
  const set = (patch: Partial<Settings>) => settingsStore.set(patch);

  // SET-16: the 'switching theme' message stays until the shell shows the new colour (not a fixed time).
  const pendingHide = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!pendingHide.current) return;
    let frame = 0;
    let tries = 0;
    const check = () => {
      const shell = document.querySelector('.admin-layout');
      const shown = shell ? getComputedStyle(shell).getPropertyValue('--ant-color-primary').trim().toLowerCase() : '';
      // A page without the layout (or a colour the browser never reports) still loses the message after ~5 s.
      if (shown === s.color.toLowerCase() || !shell || ++tries > 300) {
        pendingHide.current?.();
        pendingHide.current = null;
      } else frame = requestAnimationFrame(check);
    };
    frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, [s.color]);
  useEffect(() => () => pendingHide.current?.(), []);

  const changeColor = (color: string) => {
    if (color === s.color) return;
    pendingHide.current?.();
    pendingHide.current = message.loading(THEME_SWITCHING_TEXT, 0);
    set({ color });
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(settingsExport(s, COMPANY_NAME));
      void message.success(COPY_OK_TEXT);
    } catch {
      void message.error('拷贝失败，请手动复制');
    }
  };

  return (
    <Drawer title="页面设置" open={open} onClose={onClose} size={320} className="admin-settings-drawer">
      <Typography.Title level={3} style={{ fontSize: 14 }}>
        整体风格设置
      </Typography.Title>
      <Radio.Group value={s.theme} onChange={(e) => set({ theme: e.target.value })} aria-label="整体风格" optionType="button">
        <Radio.Button value="light">亮色风格</Radio.Button>
        <Radio.Button value="dark">暗色风格</Radio.Button>
      </Radio.Group>

      <Typography.Title level={3} style={{ fontSize: 14, marginTop: 20 }}>
        主题色
      </Typography.Title>
      <div role="radiogroup" aria-label="主题色" style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {SWATCHES.map((sw) => (
          <Tooltip key={sw.color} title={sw.name}>
            <button
              type="button"
              role="radio"
              aria-checked={s.color.toLowerCase() === sw.color.toLowerCase()}
              aria-label={`${sw.name} ${sw.color}`}
              onClick={() => changeColor(sw.color)}
              className="admin-swatch"
              style={{ width: 24, height: 24, borderRadius: 4, border: 0, cursor: 'pointer', background: sw.color, color: '#fff', padding: 0 }}
            >
              {s.color.toLowerCase() === sw.color.toLowerCase() ? <CheckOutlined /> : null}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider />
      <Typography.Title level={3} style={{ fontSize: 14 }}>
        导航模式
      </Typography.Title>
      <Radio.Group value={s.layout} onChange={(e) => set({ layout: e.target.value })} aria-label="导航模式" optionType="button">
        <Radio.Button value="sidemenu">侧边菜单布局</Radio.Button>
        <Radio.Button value="topmenu">顶部菜单布局</Radio.Button>
      </Radio.Group>
      <List split={false} style={{ marginTop: 8 }}>
        <Row
          label="内容区域宽度"
          hint="该设定仅 [顶部菜单布局] 时有效"
          control={
            <Select
              aria-label="内容区域宽度"
              size="small"
              style={{ width: 88 }}
              value={s.contentWidth}
              onChange={(v) => set({ contentWidth: v })}
              options={[
                { value: 'Fixed', label: '固定', disabled: !isContentWidthFixedAllowed(s) },
                { value: 'Fluid', label: '流式' },
              ]}
            />
          }
        />
        <Row
          label="固定 Header"
          control={<Switch size="small" aria-label="固定 Header" checked={s.fixedHeader} onChange={(v) => set({ fixedHeader: v })} />}
        />
        <Row
          label="固定侧边菜单"
          hint={isFixedSidebarEnabled(s) ? undefined : '顶部菜单布局时不可用'}
          control={
            <Switch
              size="small"
              aria-label="固定侧边菜单"
              disabled={!isFixedSidebarEnabled(s)}
              checked={s.fixedSidebar}
              onChange={(v) => set({ fixedSidebar: v })}
            />
          }
        />
        <Row
          label="隐藏页脚"
          control={<Switch size="small" aria-label="隐藏页脚" checked={s.hideFooter} onChange={(v) => set({ hideFooter: v })} />}
        />
      </List>

      <Divider />
      <Typography.Title level={3} style={{ fontSize: 14 }}>
        其他设置
      </Typography.Title>
      <List split={false}>
        <Row
          label="多页签模式"
          control={<Switch size="small" aria-label="多页签模式" checked={s.multiTab} onChange={(v) => set({ multiTab: v })} />}
        />
        <Row
          label="表格尺寸"
          control={
            <Select
              aria-label="表格尺寸"
              size="small"
              style={{ width: 88 }}
              value={s.tableSize}
              onChange={(v) => set({ tableSize: v })}
              options={[
                { value: 'default', label: '默认' },
                { value: 'middle', label: '中等' },
                { value: 'small', label: '紧凑' },
              ]}
            />
          }
        />
        <Row
          label="表格边框"
          control={<Switch size="small" aria-label="表格边框" checked={s.tableBordered} onChange={(v) => set({ tableBordered: v })} />}
        />
        <Row label="色弱模式" control={<Switch size="small" aria-label="色弱模式" checked={s.weak} onChange={(v) => set({ weak: v })} />} />
      </List>

      <Divider />
      <Button block icon={<CopyOutlined />} onClick={() => void copy()}>
        拷贝设置
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
        拷贝的设置包含公司名称（{COMPANY_NAME}），可交给开发人员作为默认配置。
      </Typography.Paragraph>
    </Drawer>
  );
}
