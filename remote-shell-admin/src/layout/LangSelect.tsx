import { Button, Dropdown, GlobalOutlined } from '@site/antd-kit';
import { LANGS } from '@site/contract';
import { settingsStore, useSettings } from '../store/settings';

/** LANG-2: zh-CN and en-US are listed, only zh-CN can be chosen; the choice goes to the lang cookie. */
export function LangSelect() {
  const { lang } = useSettings();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGS.map((l) => ({ key: l.value, label: l.label, disabled: !l.enabled })),
        onClick: ({ key }) => settingsStore.set({ lang: key }),
      }}
    >
      <Button type="text" aria-label="语言" icon={<GlobalOutlined />} />
    </Dropdown>
  );
}
