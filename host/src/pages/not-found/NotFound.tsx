import { Button, Result } from '@site/antd-kit';
import { useNavigate } from 'react-router-dom';

/** /404 (ROUTE-20): outside the public layout, in Chinese, with a way home. */
export default function NotFound() {
  const navigate = useNavigate();
  return (
    <main id="main-content" className="host-page">
      <Result
        status="404"
        title={<h1 className="host-page__h1">抱歉，您访问的页面不存在</h1>}
        subTitle="请检查网址是否正确，或返回首页继续浏览。"
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            返回首页
          </Button>
        }
      />
    </main>
  );
}
