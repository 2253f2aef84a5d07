import { Button, Result } from '@site/antd-kit';
import { Link } from 'react-router-dom';

/** A path under the shell that no menu entry has. */
export default function NotFound() {
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="抱歉，您访问的页面不存在或您没有访问权限。"
      extra={
        <Button type="primary">
          <Link to="/index">返回工作台</Link>
        </Button>
      }
    />
  );
}
