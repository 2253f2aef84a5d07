import { useSearchParams } from 'react-router-dom';
import { SearchPanel } from '../../components/search/SearchPanel';
import { searchOfAddress } from '../../components/search/search-query';
import { searchAddress } from '../../components/search/search-target';

/**
 * /search?text=…&channel=…: a search at its own address, to share and open again. Each new search, scope or page
 * replaces the address's query, so the address bar always holds the search on screen. The server renders this page
 * with its results (its data: searchPageLoader), so it reads the same before and without the app (issue 36.5).
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
