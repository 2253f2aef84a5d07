import { ResultMessage } from '@site/ui';
import { useNavigate } from 'react-router-dom';

/** The not-found state of a detail page: a Chinese message and a way back to the list. */
export function NotFound({ backTo, backText = '返回列表', title = '内容不存在' }: { backTo: string; backText?: string; title?: string }) {
  const navigate = useNavigate();
  return (
    <ResultMessage
      title={title}
      text="您访问的内容不存在或已被删除，请返回列表查看其他内容。"
      action={
        <button type="button" className="site-button site-button--primary" onClick={() => navigate(backTo)}>
          {backText}
        </button>
      }
    />
  );
}
