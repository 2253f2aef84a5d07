import { ScaffoldPage } from '../../components/ScaffoldPage';

/** 表单构建 (tool/build/index). */
export default function ToolBuild() {
  return <ScaffoldPage name="表单构建" description="通过拖拽生成表单代码的工具，" />;
}
