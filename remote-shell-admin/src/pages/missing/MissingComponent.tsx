import { Result } from '@site/antd-kit';

/**
 * Version skew: the server's menu names a page this deployed shell does not have yet (the menu row came with a newer
 * release). Staff see which entry and what to do, not a crash.
 */
export default function MissingComponent({ component, title }: { component?: string; title?: string }) {
  return (
    <Result
      status="info"
      title="当前管理后台版本不包含此页面"
      subTitle={`菜单「${title ?? ''}」对应的页面（${component ?? '未知'}）需要更新版本的管理后台，请联系管理员升级。`}
    />
  );
}
