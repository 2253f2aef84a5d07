import { useSearchParams } from 'react-router-dom';
import { SearchPanel } from '../../components/search/SearchPanel';
import { searchOfAddress, searchPageLoader } from '../../components/search/search-query';
import { searchAddress } from '../../components/search/search-target';
import { staticHead } from '@site/ui/render';

/** Its head (title before the dash, description). */
export const head = staticHead('站内搜索', '搜索本站的产品、解决方案、服务支持与新闻。');
/** Its data when the server renders it (on demand): the one search its address asks for. */
export const loader = searchPageLoader;

/**
 * /search?text=…&channel=…: a search at its own address, to share and open again. Each new search, scope or page
 * replaces the address's query, so the address bar always holds the search on screen. The server renders this page
 * with its results (its data: searchPageLoader), so it reads the same before and without the app.
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = searchOfAddress(params);
  return (
    <div className="host-page search-page">
      <h1 className="host-page__h1">站内搜索</h1>
      {!query && params.has('text') && <p className="search-page__hint">请输入要搜索的内容</p>}
      <SearchPanel query={query} onQuery={(q) => setParams(new URL(searchAddress(q), 'http://x').searchParams)} autoFocus />
    </div>
  );
}
