import { isValidElement, useImperativeHandle, useState, type ComponentRef, type ReactElement, type ReactNode, type Ref } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Empty, Input, Pagination, Radio, Spin } from '@site/antd-kit';
import { SEARCH_PAGE_SIZE, type ArticleSearchResult } from '@site/contract';
import { useData } from '@site/ui';
import { buildSearchChannels, useNavChannels } from '../../site-data/site-data';
import { appClick, SearchResultItem, SearchSummary } from './search-results';
import { articleSearchQuery } from './search-query';
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
  /** Sets the box's text from outside (the modal: what was typed before the box existed). */
  textRef?: Ref<SearchText>;
  /** The text box, for a container that focuses it itself (the modal, once it is open). */
  inputRef?: Ref<ComponentRef<typeof Input.Search>>;
}

/**
 * The search itself (SRCH-1..12), shared by the header's modal and the /search page: the scope (全部 first, then the
 * searchable channels), a text, results with 20-per-page pagination, 暂无相关内容 when nothing matched.
 */
export interface SearchText {
  setText(text: string): void;
}

export function SearchPanel({ query, onQuery, onChosen, addressLink = false, autoFocus = false, inputRef, textRef }: Props) {
  const navigate = useNavigate();
  const channels = buildSearchChannels(useNavChannels() ?? null);
  const [scope, setScope] = useState<SearchScope>(query?.scope ?? SEARCH_ALL);
  const [text, setText] = useState(query?.text ?? '');
  useImperativeHandle(textRef, () => ({ setText }), []);
  // Through the page's query cache: /search rendered by the server carries this answer, and the app starts from it
  // without asking again; a newer query keeps the last answer on screen (dimmed) until its own arrives.
  const search = useData(query ? articleSearchQuery(query) : null);
  const result = search.data ?? null;
  const loading = search.loading;
  const failed = query !== null && search.error !== undefined;

  const go = (item: ArticleSearchResult) => {
    if (!query) return;
    navigate(scopedResultPath(query.scope, item));
    onChosen?.();
  };

  const items = result?.content ?? [];
  const scopeValue = (s: SearchScope) => String(s);
  const channelTitle = (item: ArticleSearchResult) => channels.find((c) => c.id === item.searchChannelId)?.title;
  const asTyped: SearchQuery | null = query && { ...query, page: 1, exact: true };
  // A page's link (its address, so paging works without JavaScript); a plain click stays in the app.
  const pageLink = (page: number, type: string, original: ReactNode): ReactNode => {
    const pages = Math.ceil((result?.totalElements ?? 0) / SEARCH_PAGE_SIZE);
    if (!query || page < 1 || page > pages || page === query.page || !isValidElement(original)) return original;
    const own = (original as ReactElement<{ className?: string; children?: ReactNode; 'aria-label'?: string }>).props;
    const label = type === 'prev' ? '上一页' : type === 'next' ? '下一页' : own['aria-label'];
    return (
      <a
        href={searchAddress({ ...query, page })}
        className={own.className}
        aria-label={label}
        rel="nofollow"
        onClick={(e) => {
          // The pagination's own item handler (on the list item) changes the page in the app.
          if (appClick(e)) e.preventDefault();
        }}
      >
        {own.children ?? page}
      </a>
    );
  };

  return (
    // A form to the search's address: before the app runs (or without JavaScript) the text, the scope and 搜索 are
    // an ordinary GET to /search, which the server answers with the results; the app keeps the submit for itself.
    <form className="search-modal" action="/search" method="get" role="search" onSubmit={(e) => e.preventDefault()}>
      <Radio.Group
        aria-label="搜索范围"
        name="channel"
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
        name="text"
        enterButton={
          <Button type="primary" htmlType="submit">
            搜索
          </Button>
        }
        allowClear
        maxLength={100}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(value) => onQuery({ text: value.trim(), scope, page: 1 })}
        // Enter searches here (onSearch); the browser's own submit of the form would press 搜索 a second time.
        onPressEnter={(e) => e.preventDefault()}
        autoFocus={autoFocus}
      />
      <div className="search-modal__results" aria-live="polite" aria-busy={loading}>
        {loading && !result && (
          <div className="search-modal__loading">
            <Spin />
          </div>
        )}
        {failed && <p className="search-modal__error">搜索失败，请稍后重试</p>}
        {addressLink && query && !loading && !failed && (
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
            partial={result.missingTerms?.length ? { held: result.terms ?? [], missing: result.missingTerms } : undefined}
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
            itemRender={pageLink}
            onChange={(page) => onQuery({ ...query, page })}
          />
        )}
      </div>
    </form>
  );
}
