import { App, Button, Divider, Drawer, List, Radio, Select, Spin, Switch, Tooltip, Typography, CheckOutlined, CopyOutlined } from '@site/antd-kit';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { COMPANY_NAME } from '@site/contract';
import {
  DEFAULT_PRESET,
  isContentWidthFixedAllowed,
  isCurrentPreset,
  isFixedSidebarEnabled,
  settingsExport,
  settingsStore,
  THEME_PRESETS,
  useSettings,
  type Settings,
  type ThemePreset,
} from '../store/settings';
import { whenColourShown } from './theme-switch';

/** SET-28: a row of light presets (the default first) and a row of dark ones (the plain dark theme first). */
export const PRESET_ROWS: { label: string; presets: ThemePreset[] }[] = [
  { label: '亮色', presets: [DEFAULT_PRESET, ...THEME_PRESETS.colours.map((c) => c.light)] },
  { label: '暗色', presets: [THEME_PRESETS.plainDark, ...THEME_PRESETS.colours.map((c) => c.dark)] },
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

type KeysOf<V> = { [K in keyof Settings]: Settings[K] extends V ? K : never }[keyof Settings];
const setOne = <K extends keyof Settings>(name: K, v: Settings[K]) => settingsStore.set({ [name]: v } as Pick<Settings, K>);

/** A yes/no setting: its switch is named by the row's label. */
function SwitchRow({ label, name, hint, disabled }: { label: string; name: KeysOf<boolean>; hint?: string; disabled?: boolean }) {
  const s = useSettings();
  return (
    <Row
      label={label}
      hint={hint}
      control={<Switch size="small" aria-label={label} disabled={disabled} checked={s[name]} onChange={(v) => setOne(name, v)} />}
    />
  );
}

/** A setting with a few named values, as a small select named by the row's label. */
function SelectRow<K extends KeysOf<string>>(p: {
  label: string;
  name: K;
  hint?: string;
  options: { value: Settings[K]; label: string; disabled?: boolean }[];
}) {
  const s = useSettings();
  return (
    <Row
      label={p.label}
      hint={p.hint}
      control={
        <Select aria-label={p.label} size="small" style={{ width: 88 }} value={s[p.name]} onChange={(v) => setOne(p.name, v)} options={p.options} />
      }
    />
  );
}

/** SET-1..13: every setting of the shell, applied live and persisted. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useSettings();
  const { message } = App.useApp();
  const set = (patch: Partial<Settings>) => settingsStore.set(patch);

  // SET-16: the 'switching theme' message stays until the shell shows the new colour. It is the shell's own status
  // line, not an antd message: a message closed while the theme (and so its motion styles) changes could miss the end
  // of its leave animation and stay on screen. `pending` ends it early (another choice, or the drawer goes away).
  const [switching, setSwitching] = useState(false);
  const pending = useRef<() => void>(() => {});
  useEffect(() => () => pending.current(), []);
  const choose = (p: ThemePreset) => {
    if (isCurrentPreset(s, p)) return;
    const colourChanges = p.color.toLowerCase() !== s.color.toLowerCase();
    set({ theme: p.theme, color: p.color });
    if (!colourChanges) return;
    pending.current();
    setSwitching(true);
    const cancel = whenColourShown(p.color, () => setSwitching(false));
    pending.current = () => {
      cancel();
      setSwitching(false);
    };
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
    <>
      {switching &&
        createPortal(
          <div className="admin-theme-switching" role="status" aria-live="polite">
            <Spin size="small" />
            <span>{THEME_SWITCHING_TEXT}</span>
          </div>,
          document.body,
        )}
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
        {PRESET_ROWS.map((row) => (
          <div
            key={row.label}
            role="radiogroup"
            aria-label={`${row.label}主题色`}
            style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 8 }}
          >
            {row.presets.map((p) => {
              const current = isCurrentPreset(s, p);
              const dark = p.theme === 'dark';
              return (
                <Tooltip key={p.key} title={p.name}>
                  <button
                    type="button"
                    role="radio"
                    aria-checked={current}
                    aria-label={`${p.name} ${p.color}`}
                    onClick={() => choose(p)}
                    className={`admin-swatch admin-swatch-${p.theme}`}
                    style={{
                      width: 24,
                      height: 24,
                      borderRadius: 4,
                      cursor: 'pointer',
                      padding: 0,
                      color: '#fff',
                      background: dark ? '#141414' : p.color,
                      border: dark ? `6px solid ${p.color}` : 0,
                    }}
                  >
                    {current ? <CheckOutlined /> : null}
                  </button>
                </Tooltip>
              );
            })}
          </div>
        ))}

        <Divider />
        <Typography.Title level={3} style={{ fontSize: 14 }}>
          导航模式
        </Typography.Title>
        <Radio.Group value={s.layout} onChange={(e) => set({ layout: e.target.value })} aria-label="导航模式" optionType="button">
          <Radio.Button value="sidemenu">侧边菜单布局</Radio.Button>
          <Radio.Button value="topmenu">顶部菜单布局</Radio.Button>
        </Radio.Group>
        <List split={false} style={{ marginTop: 8 }}>
          <SelectRow
            label="内容区域宽度"
            name="contentWidth"
            hint="该设定仅 [顶部菜单布局] 时有效"
            options={[
              { value: 'Fixed', label: '固定', disabled: !isContentWidthFixedAllowed(s) },
              { value: 'Fluid', label: '流式' },
            ]}
          />
          <SwitchRow label="固定 Header" name="fixedHeader" />
          <SwitchRow
            label="固定侧边菜单"
            name="fixedSidebar"
            hint={isFixedSidebarEnabled(s) ? undefined : '顶部菜单布局时不可用'}
            disabled={!isFixedSidebarEnabled(s)}
          />
          <SwitchRow label="隐藏页脚" name="hideFooter" />
        </List>

        <Divider />
        <Typography.Title level={3} style={{ fontSize: 14 }}>
          其他设置
        </Typography.Title>
        <List split={false}>
          <SwitchRow label="多页签模式" name="multiTab" />
          <SelectRow
            label="表格尺寸"
            name="tableSize"
            options={[
              { value: 'default', label: '默认' },
              { value: 'middle', label: '中等' },
              { value: 'small', label: '紧凑' },
            ]}
          />
          <SwitchRow label="表格边框" name="tableBordered" />
          <SwitchRow label="色弱模式" name="weak" />
        </List>

        <Divider />
        <Button block icon={<CopyOutlined />} onClick={() => void copy()}>
          拷贝设置
        </Button>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
          拷贝的设置包含公司名称（{COMPANY_NAME}），可交给开发人员作为默认配置。
        </Typography.Paragraph>
      </Drawer>
    </>
  );
}
