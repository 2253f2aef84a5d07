import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isExternal, isSafeInSitePath } from '@site/ui';

/**
 * A link from server data: in-site paths route inside the app, http(s) urls are ordinary links
 * (a new tab when the item says so), anything else (javascript:, data:…) renders no link at all.
 */
export function SmartLink({
  url,
  targetBlank,
  className,
  children,
  label,
}: {
  url: string | null | undefined;
  targetBlank?: boolean;
  className?: string;
  children: ReactNode;
  label?: string;
}) {
  if (url && isSafeInSitePath(url)) {
    return (
      <Link className={className} to={url} aria-label={label} target={targetBlank ? '_blank' : undefined}>
        {children}
      </Link>
    );
  }
  if (url && isExternal(url)) {
    return (
      <a
        className={className}
        href={url}
        aria-label={label}
        target={targetBlank ? '_blank' : undefined}
        rel={targetBlank ? 'noopener noreferrer' : undefined}
      >
        {children}
      </a>
    );
  }
  return <div className={className}>{children}</div>;
}
