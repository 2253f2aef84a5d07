import { useSearchParams } from 'react-router-dom';
import { SearchPanel } from '../../components/search/SearchPanel';
import { readSearchAddress, searchAddress, type SearchQuery } from '../../components/search/search-target';
import { staticHead } from '@site/ui/render';

/** Its head (title before the dash, description). */
export const head = staticHead('站内搜索', '搜索本站的产品、解决方案、服务支持与新闻。');

/**
 * /search?text=…&channel=…: a search at its own address, to share and open again. Each new search, scope or page
 * replaces the address's query, so the address bar always holds the search on screen.
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query: SearchQuery | null = params.has('text') || params.has('channel') ? readSearchAddress(params) : null;
  return (
    <div className="host-page search-page">
      <h1 className="host-page__h1">站内搜索</h1>
      <SearchPanel query={query} onQuery={(q) => setParams(new URL(searchAddress(q), 'http://x').searchParams)} autoFocus />
    </div>
  );
}
