import { ScaffoldPage } from '../../components/ScaffoldPage';

/** 系统接口 (tool/swagger/index). */
export default function ToolSwagger() {
  return <ScaffoldPage name="系统接口" description="基于 Swagger 的后端接口文档页面，" />;
}
