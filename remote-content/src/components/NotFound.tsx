import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

/** The not-found state of a detail page: a Chinese message and a way back to the list. */
export function NotFound({ backTo, backText = '返回列表', title = '内容不存在' }: { backTo: string; backText?: string; title?: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>}
      subTitle="您访问的内容不存在或已被删除，请返回列表查看其他内容。"
      extra={
        <Button type="primary" onClick={() => navigate(backTo)}>
          {backText}
        </Button>
      }
    />
  );
}
