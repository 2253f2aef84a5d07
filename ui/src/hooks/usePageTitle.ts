import { useEffect } from 'react';
import { setPageTitle } from '../utils/page-title';

/**
 * TITLE-1 for pages whose title is known only inside them (an article's title, an admin page's menu title): shows
 * "<part> - <company>" for the current location once `part` is known.
 */
export function usePageTitle(part: string | null | undefined): void {
  useEffect(() => {
    if (part) setPageTitle(part);
  }, [part]);
}
