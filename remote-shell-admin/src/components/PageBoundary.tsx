import { Component, type ReactNode } from 'react';
import { Button, Result } from '@site/antd-kit';

/** One page failing must not take the shell down: its tab shows a Chinese error with a retry. */
export class PageBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    if (this.state.error) {
      return (
        <Result
          status="error"
          title="页面出错了"
          subTitle="该页面暂时无法显示，请稍后重试。"
          extra={<Button onClick={() => this.setState({ error: null })}>重试</Button>}
        />
      );
    }
    return this.props.children;
  }
}
