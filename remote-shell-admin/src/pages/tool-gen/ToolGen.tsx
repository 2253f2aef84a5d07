import { ScaffoldPage } from '../../components/ScaffoldPage';

/** 代码生成 (tool/gen/index). */
export default function ToolGen() {
  return <ScaffoldPage name="代码生成" description="根据数据表生成前后端代码的工具，" />;
}
