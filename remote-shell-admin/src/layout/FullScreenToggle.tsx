import { useEffect, useState } from 'react';
import { App, Button, Tooltip, FullscreenExitOutlined, FullscreenOutlined } from '@site/antd-kit';
import screenfull from 'screenfull';
import { FULLSCREEN_UNSUPPORTED_TEXT } from '@site/app-runtime';

/** SHELL-7: full-screen toggle; browsers without the API get the spec's warning. */
export function FullScreenToggle() {
  const { message } = App.useApp();
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (!screenfull.isEnabled) return;
    const onChange = () => setFull(screenfull.isFullscreen);
    screenfull.on('change', onChange);
    return () => screenfull.off('change', onChange);
  }, []);
  const toggle = () => {
    if (!screenfull.isEnabled) {
      void message.warning(FULLSCREEN_UNSUPPORTED_TEXT);
      return;
    }
    void screenfull.toggle();
  };
  const label = full ? '退出全屏' : '全屏';
  return (
    <Tooltip title={label}>
      <Button type="text" aria-label={label} onClick={toggle} icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} />
    </Tooltip>
  );
}
