import { WorkbenchResult } from '../../components/WorkbenchResult';

/** A path under the shell that no menu entry has. */
export default function NotFound() {
  return <WorkbenchResult status="404" title="页面不存在" subTitle="抱歉，您访问的页面不存在或您没有访问权限。" />;
}
