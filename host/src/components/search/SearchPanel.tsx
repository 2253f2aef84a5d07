import { useEffect, useState, type ComponentRef, type Ref } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Empty, Input, Pagination, Radio, Spin } from '@site/antd-kit';
import { searchArticles } from '@site/api-client';
import { SEARCH_PAGE_SIZE, type ArticleSearchPage, type ArticleSearchResult } from '@site/contract';
import { buildSearchChannels, useNavChannels } from '../../site-data/site-data';
import { SearchResultItem, SearchSummary } from './search-results';
import { scopedResultPath, searchAddress, SEARCH_ALL, type SearchQuery, type SearchScope } from './search-target';

interface Props {
  /** The search whose results show; null before the first one. */
  query: SearchQuery | null;
  /** A new search, another scope or another page. */
  onQuery: (query: SearchQuery) => void;
  /** After a result was chosen (the modal closes). */
  onChosen?: () => void;
  /** Offer a link to the search's own address (in the modal; the search page already is that address). */
  addressLink?: boolean;
  autoFocus?: boolean;
  /** The text box, for a container that focuses it itself (the modal, once it is open). */
  inputRef?: Ref<ComponentRef<typeof Input.Search>>;
}

/**
 * The search itself (SRCH-1..12), shared by the header's modal and the /search page: the scope (全部 first, then the
 * searchable channels), a text, results with 20-per-page pagination, 暂无相关内容 when nothing matched.
 */
export function SearchPanel({ query, onQuery, onChosen, addressLink = false, autoFocus = false, inputRef }: Props) {
  const navigate = useNavigate();
  const channels = buildSearchChannels(useNavChannels() ?? null);
  const [scope, setScope] = useState<SearchScope>(query?.scope ?? SEARCH_ALL);
  const [text, setText] = useState(query?.text ?? '');
  const [result, setResult] = useState<ArticleSearchPage | null>(null);
  // The query the shown answer (or failure) belongs to: a newer query is loading until its own answer arrives.
  const [settled, setSettled] = useState<{ query: SearchQuery; failed: boolean } | null>(null);
  const loading = query !== null && settled?.query !== query;
  const failed = settled !== null && settled.query === query && settled.failed;

  useEffect(() => {
    if (!query) return;
    let live = true;
    const channelId = query.scope === SEARCH_ALL ? undefined : query.scope;
    searchArticles({ page: query.page, pageSize: SEARCH_PAGE_SIZE, channelId, text: query.text, ...(query.exact ? { exact: true } : {}) }).then(
      (page) => {
        if (!live) return;
        setResult(page);
        setSettled({ query, failed: false });
      },
      () => {
        if (!live) return;
        setResult(null);
        setSettled({ query, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [query]);

  const go = (item: ArticleSearchResult) => {
    if (!query) return;
    navigate(scopedResultPath(query.scope, item));
    onChosen?.();
  };

  const items = result?.content ?? [];
  const scopeValue = (s: SearchScope) => String(s);
  const channelTitle = (item: ArticleSearchResult) => channels.find((c) => c.id === item.searchChannelId)?.title;
  const asTyped: SearchQuery | null = query && { ...query, page: 1, exact: true };
  return (
    <div className="search-modal">
      <Radio.Group
        aria-label="搜索范围"
        value={scopeValue(scope)}
        onChange={(e) => {
          const value = String(e.target.value);
          const next: SearchScope = value === SEARCH_ALL ? SEARCH_ALL : Number(value);
          setScope(next);
          if (query) onQuery({ ...query, scope: next, page: 1 });
        }}
        options={[{ value: SEARCH_ALL, label: '全部' }, ...channels.map((c) => ({ value: scopeValue(c.id), label: c.title }))]}
      />
      <Input.Search
        ref={inputRef}
        className="search-modal__input"
        placeholder="请输入搜索内容"
        aria-label="搜索内容"
        enterButton="搜索"
        allowClear
        maxLength={100}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(value) => onQuery({ text: value.trim(), scope, page: 1 })}
        autoFocus={autoFocus}
      />
      <div className="search-modal__results" aria-live="polite" aria-busy={loading}>
        {loading && !result && (
          <div className="search-modal__loading">
            <Spin />
          </div>
        )}
        {failed && <p className="search-modal__error">搜索失败，请稍后重试</p>}
        {addressLink && query && settled?.query === query && !failed && (
          <p className="search-modal__address">
            <Link to={searchAddress(query)} onClick={onChosen}>
              在搜索页打开（可分享的链接）
            </Link>
          </p>
        )}
        {result && result.totalElements === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无相关内容" />}
        {result && query && asTyped && (
          <SearchSummary
            total={result.totalElements}
            asked={query.text}
            corrected={result.corrected ? result.searchedText : undefined}
            askedHref={searchAddress(asTyped)}
            onAsked={() => onQuery(asTyped)}
          />
        )}
        {result && items.length > 0 && query && (
          <Spin spinning={loading}>
            <ul className="search-results" data-testid="search-results">
              {items.map((item) => (
                <SearchResultItem
                  key={item.id}
                  item={item}
                  href={scopedResultPath(query.scope, item)}
                  channelTitle={channelTitle(item)}
                  onChoose={() => go(item)}
                />
              ))}
            </ul>
          </Spin>
        )}
        {result && result.totalElements > 0 && query && (
          <Pagination
            className="search-modal__pagination"
            current={query.page}
            pageSize={SEARCH_PAGE_SIZE}
            total={result.totalElements}
            showSizeChanger={false}
            align="end"
            onChange={(page) => onQuery({ ...query, page })}
          />
        )}
      </div>
    </div>
  );
}
