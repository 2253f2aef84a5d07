import { Button, Result } from '@site/antd-kit';
import { Link } from 'react-router-dom';

/**
 * A page of this shell that the signed-in user's roles do not open (it exists, but not in their menu): says so,
 * instead of the site's 页面不存在 that an unknown address gets.
 */
export default function Forbidden() {
  return (
    <Result
      status="403"
      title="当前操作没有权限"
      subTitle="您的角色没有访问此页面的权限，如需使用请联系管理员分配。"
      extra={
        <Button type="primary">
          <Link to="/index">返回工作台</Link>
        </Button>
      }
    />
  );
}
