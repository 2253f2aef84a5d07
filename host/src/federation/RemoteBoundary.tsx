import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CHUNK_LOAD_FAILED, CSS_CHUNK_LOAD_FAILED } from '@site/app-runtime';
import { RemoteUnavailableError } from './remotes';
import { noteFieldError } from '../services/field-errors';

interface Props {
  /** What is mounted here, named in the message, e.g. "新闻中心". */
  label: string;
  /** Called once the failure is on screen. */
  onError?: () => void;
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
    console.error(`[remote] ${this.props.label} failed:`, error, info.componentStack);
    noteFieldError('fallback', `${this.props.label}: ${error?.message ?? String(error)}`);
    this.props.onError?.();
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
    // Plain markup, no antd: the fallback must show even when antd's chunk is what failed to load.
    return (
      <div className="remote-fallback" role="alert" data-testid="remote-fallback">
        <svg className="remote-fallback__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
          <circle cx="24" cy="24" r="22" fill="#faad14" />
          <path d="M24 12v15" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
          <circle cx="24" cy="34.5" r="2.5" fill="#fff" />
        </svg>
        <p className="remote-fallback__title">{title}</p>
        <p className="remote-fallback__sub">{sub}</p>
        <div className="remote-fallback__actions">
          <button type="button" className="site-button site-button--primary" onClick={chunk ? () => window.location.reload() : this.retry}>
            {chunk ? '重新加载' : '重试'}
          </button>
          <a className="site-button" href="/">
            返回首页
          </a>
        </div>
      </div>
    );
  }
}
