import type { ReactNode } from 'react';

interface Props {
  /** The page's one <h1>. */
  title: string;
  children: ReactNode;
}

/**
 * The spec's user layout inside every account page: the greeting 你好！欢迎使用, the page's title and its form. The
 * host's account layout around it already shows the company logo and name (with 返回首页) and is the card, so this
 * part adds neither a second name nor a second card.
 */
export function UserLayout({ title, children }: Props) {
  return (
    <div style={{ width: '100%', maxWidth: 420, margin: '0 auto', boxSizing: 'border-box' }}>
      <p style={{ margin: '0 0 4px', textAlign: 'center', color: 'rgba(0, 0, 0, 0.45)' }}>你好！欢迎使用</p>
      <h1 style={{ fontSize: 22, margin: '0 0 16px', textAlign: 'center' }}>{title}</h1>
      {children}
    </div>
  );
}
