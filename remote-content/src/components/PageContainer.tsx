import type { ReactNode } from 'react';
import './content.css';

/** The content area of one page (the host provides <main>, header and footer). */
export function PageContainer({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="rc-page" aria-label={label}>
      {children}
    </div>
  );
}
