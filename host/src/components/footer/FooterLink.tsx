import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { footerLinkKind } from './footer-link';

/** One footer item as the link rule says (FOOT-6..9). */
export function FooterLink({ item, children }: { item: { url?: string | null; targetBlank?: boolean | null }; children: ReactNode }) {
  const url = item.url?.trim() ?? '';
  switch (footerLinkKind(item)) {
    case 'newTab':
      return (
        <a href={url} target="_blank" rel="noopener noreferrer" data-link="newTab">
          {children}
        </a>
      );
    case 'fullLoad':
      // A plain anchor: the browser loads the page anew (the url asks for fresh data).
      return (
        <a href={url} data-link="fullLoad">
          {children}
        </a>
      );
    case 'contact':
      return (
        <a href={url} data-link="contact">
          {children}
        </a>
      );
    case 'route':
      return (
        <Link to={url} data-link="route">
          {children}
        </Link>
      );
    default:
      return <span data-link="text">{children}</span>;
  }
}
