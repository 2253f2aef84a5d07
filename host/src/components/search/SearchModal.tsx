import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Empty, Input, Modal, Pagination, Radio, Spin } from '@site/antd-kit';
import { searchArticles } from '@site/api-client';
import { SEARCH_PAGE_SIZE, type Article, type ArticlePage } from '@site/contract';
import { formatDate } from '@site/ui';
import { buildSearchChannels, useNavChannels } from '../../site-data/site-data';
import { searchResultPath } from './search-target';

interface Query {
  text: string;
  channelId: number;
  page: number;
}

/**
 * The search modal (SRCH-1..12): a searchable channel, a text, results with 20-per-page pagination,
 * 暂无相关内容 when nothing matched. Choosing a result navigates per the spec's table and closes the modal.
 */
export default function SearchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const channels = buildSearchChannels(useNavChannels() ?? null);
  const [channelId, setChannelId] = useState<number>(channels[0].id);
  const [text, setText] = useState('');
  const [query, setQuery] = useState<Query | null>(null);
  const [result, setResult] = useState<ArticlePage | null>(null);
  // The query the shown answer (or failure) belongs to: a newer query is loading until its own answer arrives.
  const [settled, setSettled] = useState<{ query: Query; failed: boolean } | null>(null);
  const loading = query !== null && settled?.query !== query;
  const failed = settled !== null && settled.query === query && settled.failed;
  const titleId = useId();

  useEffect(() => {
    if (!query) return;
    let live = true;
    searchArticles({ page: query.page, pageSize: SEARCH_PAGE_SIZE, channelId: query.channelId, text: query.text }).then(
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

  const go = (item: Article) => {
    if (!query) return;
    navigate(searchResultPath(query.channelId, item));
    onClose();
  };

  const items = result?.content ?? [];
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={720}
      title={<span id={titleId}>站内搜索</span>}
      destroyOnHidden={false}
      aria-labelledby={titleId}
    >
      <div className="search-modal">
        <Radio.Group
          aria-label="搜索范围"
          value={channelId}
          onChange={(e) => {
            const id = Number(e.target.value);
            setChannelId(id);
            if (query) setQuery({ ...query, channelId: id, page: 1 });
          }}
          options={channels.map((c) => ({ value: c.id, label: c.title }))}
        />
        <Input.Search
          className="search-modal__input"
          placeholder="请输入搜索内容"
          aria-label="搜索内容"
          enterButton="搜索"
          allowClear
          maxLength={100}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(value) => setQuery({ text: value.trim(), channelId, page: 1 })}
          autoFocus
        />
        <div className="search-modal__results" aria-live="polite" aria-busy={loading}>
          {loading && !result && (
            <div className="search-modal__loading">
              <Spin />
            </div>
          )}
          {failed && <p className="search-modal__error">搜索失败，请稍后重试</p>}
          {result && result.totalElements === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无相关内容" />}
          {result && items.length > 0 && (
            <Spin spinning={loading}>
              <ul className="search-results" data-testid="search-results">
                {items.map((item) => (
                  <li key={item.id} className="search-results__item">
                    <a
                      href={searchResultPath(query!.channelId, item)}
                      onClick={(e) => {
                        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                        e.preventDefault();
                        go(item);
                      }}
                    >
                      {item.title}
                    </a>
                    <time dateTime={item.publishDate}>{formatDate(item.publishDate, 'YYYY-MM-DD')}</time>
                  </li>
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
              onChange={(page) => setQuery({ ...query, page })}
            />
          )}
        </div>
      </div>
    </Modal>
  );
}
