import { Result, ToolOutlined } from '@site/ui-kit';

/** The admin-console scaffold pages the spec names: honest about what they are and that they are not enabled. */
export function ScaffoldPage({ name, description }: { name: string; description: string }) {
  return <Result icon={<ToolOutlined />} title={name} subTitle={`${name}：${description}本站点未启用。`} />;
}
