import { Result } from '@site/ui-kit';

/** A menu entry whose component this remote does not have: a clear message instead of a crash. */
export default function MissingComponent({ component, title }: { component?: string; title?: string }) {
  return (
    <Result
      status="info"
      title="该页面组件尚未提供"
      subTitle={`菜单「${title ?? ''}」对应的页面组件（${component ?? '未知'}）在当前版本中尚未提供，请联系管理员。`}
    />
  );
}
