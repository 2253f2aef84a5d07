import { Button, Result } from '@site/antd-kit';
import { Link } from 'react-router-dom';

/** A full-page result of the shell (no such page, no permission) whose one way on is back to the workbench. */
export function WorkbenchResult({ status, title, subTitle }: { status: '403' | '404'; title: string; subTitle: string }) {
  return (
    <Result
      status={status}
      title={title}
      subTitle={subTitle}
      extra={
        <Button type="primary">
          <Link to="/index">返回工作台</Link>
        </Button>
      }
    />
  );
}
