import { WorkbenchResult } from '../../components/WorkbenchResult';

/**
 * A page of this shell that the signed-in user's roles do not open (it exists, but not in their menu): says so,
 * instead of the site's 页面不存在 that an unknown address gets.
 */
export default function Forbidden() {
  return <WorkbenchResult status="403" title="当前操作没有权限" subTitle="您的角色没有访问此页面的权限，如需使用请联系管理员分配。" />;
}
