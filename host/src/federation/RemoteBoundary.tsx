import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { CHUNK_LOAD_FAILED, CSS_CHUNK_LOAD_FAILED } from '@site/shared';
import { RemoteUnavailableError } from './remotes';

interface Props {
  /** What is mounted here, named in the message, e.g. "新闻中心". */
  label: string;
  onRetry: () => void;
  children: ReactNode;
}
interface State {
  error: Error | null;
}

export function isChunkLoadError(error: unknown): boolean {
  const msg = (error as Error)?.message ?? '';
  return /Loading (CSS )?chunk .* failed/i.test(msg) || msg.includes(CHUNK_LOAD_FAILED) || msg.includes(CSS_CHUNK_LOAD_FAILED);
}

/**
 * Around every remote mount: a remote that cannot load or throws while rendering costs only its own
 * area; header, footer and other remotes keep working.
 */
export class RemoteBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // eslint-disable-next-line no-console
    console.error(`[remote] ${this.props.label} failed:`, error, info.componentStack);
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    const unavailable = error instanceof RemoteUnavailableError;
    const title = chunk ? '页面资源加载失败' : unavailable ? `“${this.props.label}”暂时无法访问` : `“${this.props.label}”出现错误`;
    const sub = chunk
      ? '网络异常或站点已更新，请重新加载页面。'
      : unavailable
        ? '该模块的服务暂时无法连接，网站其他部分仍可正常使用，请稍后重试。'
        : '该模块渲染时出错，网站其他部分仍可正常使用。';
    return (
      <Result
        status="warning"
        title={title}
        subTitle={sub}
        data-testid="remote-fallback"
        extra={[
          <Button type="primary" key="retry" onClick={chunk ? () => window.location.reload() : this.retry}>
            {chunk ? '重新加载' : '重试'}
          </Button>,
          <Button key="home" href="/">
            返回首页
          </Button>,
        ]}
      />
    );
  }
}
