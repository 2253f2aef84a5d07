import { fireEvent, render, screen } from '@testing-library/react';
import type { ArticleSearchResult } from '@site/contract';
import { MarkedText, SearchResultItem, SearchSummary } from './search-results';
import { readSearchAddress, searchAddress, SEARCH_ALL } from './search-target';

const result = (over: Partial<ArticleSearchResult> = {}): ArticleSearchResult => ({
  id: 104,
  title: '配电网故障智能诊断系统',
  subtitle: null,
  description: null,
  image: null,
  video: null,
  file: null,
  fileName: null,
  fileLength: null,
  author: null,
  source: null,
  publishDate: '2026-11-20T02:00:00.000Z',
  channelId: 21,
  channel: { id: 21, name: '监测分析类', alias: '' },
  customs: {},
  searchChannelId: 14,
  excerpt: '…系统对配电网故障进行研判…',
  excerptMatches: [
    [4, 7],
    [7, 9],
  ],
  titleMatches: [[0, 5]],
  ...over,
});

describe('[issue 36.4] a search result a person can scan', () => {
  it('[SRCH-7] shows the title as the link (terms marked), the channel, the date and the excerpt with <mark>', () => {
    const onChoose = jest.fn();
    const { container } = render(
      <ul>
        <SearchResultItem item={result()} href="/product?id=104" channelTitle="产品中心" onChoose={onChoose} />
      </ul>,
    );
    const link = screen.getByRole('link');
    expect(link.textContent).toBe('配电网故障智能诊断系统');
    expect(link.getAttribute('href')).toBe('/product?id=104');
    expect(link.querySelector('mark')!.textContent).toBe('配电网故障');
    expect(screen.getByText('产品中心 · 监测分析类')).toBeTruthy();
    expect(container.querySelector('time')!.getAttribute('dateTime')).toBe('2026-11-20T02:00:00.000Z');
    const excerpt = container.querySelector('.search-results__excerpt')!;
    expect(excerpt.textContent).toBe('…系统对配电网故障进行研判…');
    expect([...excerpt.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['配电网', '故障']);
    fireEvent.click(link);
    expect(onChoose).toHaveBeenCalledTimes(1);
  });

  it('writes the excerpt as text: markup in it is never HTML', () => {
    const excerpt = '<img src=x onerror="alert(1)"> 风险 <b>粗</b>';
    const { container } = render(
      <ul>
        <SearchResultItem
          item={result({ excerpt, excerptMatches: [[31, 33]], title: '<i>标题</i>', titleMatches: [] })}
          href="/x"
          onChoose={() => {}}
        />
      </ul>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('i')).toBeNull();
    expect(container.querySelector('.search-results__excerpt')!.textContent).toBe(excerpt);
    expect(container.querySelector('.search-results__excerpt mark')!.textContent).toBe('风险');
    // Without the searchable channel's title, the result's own channel.
    expect(screen.getByText('监测分析类')).toBeTruthy();
  });

  it('skips ranges that are out of order or outside the text, never losing text', () => {
    const { container } = render(
      <p>
        <MarkedText
          text="abcdef"
          ranges={[
            [1, 2],
            [0, 1],
            [4, 99],
            [4, 5],
          ]}
        />
      </p>,
    );
    expect(container.textContent).toBe('abcdef');
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['b', 'e']);
  });
});

describe('[issue 36.3][issue 36.4] the line above the results', () => {
  it('says how many results there are', () => {
    render(<SearchSummary total={12} asked="风险预警平台" askedHref="/search" onAsked={() => {}} />);
    expect(screen.getByText('共 12 条结果')).toBeTruthy();
    expect(screen.queryByTestId('search-corrected')).toBeNull();
  });

  it('says 已为您显示“…”的结果 when the text was replaced, with a link to search the text as typed', () => {
    const onAsked = jest.fn();
    const href = searchAddress({ text: '风险预井平台', scope: SEARCH_ALL, page: 1, exact: true });
    render(<SearchSummary total={9} asked="风险预井平台" corrected="风险预警平台" askedHref={href} onAsked={onAsked} />);
    expect(screen.getByTestId('search-corrected').textContent).toContain('已为您显示“风险预警平台”的结果');
    const link = screen.getByRole('link', { name: '仍然搜索“风险预井平台”' });
    expect(link.getAttribute('href')).toBe(`/search?${new URLSearchParams({ text: '风险预井平台', channel: 'all', exact: '1' })}`);
    expect(readSearchAddress(new URL(href, 'http://x').searchParams)).toEqual({ text: '风险预井平台', scope: SEARCH_ALL, page: 1, exact: true });
    fireEvent.click(link);
    expect(onAsked).toHaveBeenCalledTimes(1);
  });

  it('[issue 43.2] says which words the results hold and which they leave out, when no text holds them all', () => {
    render(<SearchSummary total={4} asked="白皮书 下载" askedHref="/search" onAsked={() => {}} partial={{ held: ['白皮书'], missing: ['下载'] }} />);
    expect(screen.getByTestId('search-partial').textContent).toBe('没有同时包含全部关键词的内容，以下结果包含“白皮书”，不含“下载”');
    expect(screen.getByText('共 4 条结果')).toBeTruthy();
  });
});
