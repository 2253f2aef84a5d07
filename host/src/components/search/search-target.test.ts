import { readSearchAddress, scopedResultPath, searchAddress, searchResultPath, SEARCH_ALL } from './search-target';

describe('searchResultPath', () => {
  it('[SRCH-7] channel 14 -> /product?id=', () => {
    expect(searchResultPath(14, { id: 5, channel: { id: 20 } })).toBe('/product?id=5');
  });
  it('[SRCH-8] channel 10 -> /solutionDetail?id=', () => {
    expect(searchResultPath(10, { id: 6, channel: { id: 10 } })).toBe('/solutionDetail?id=6');
  });
  it('[SRCH-9] channel 12 -> /newsDetail?id=', () => {
    expect(searchResultPath(12, { id: 7, channel: { id: 12 } })).toBe('/newsDetail?id=7');
  });
  it('[SRCH-10] channel 11 with a documents result -> /document?id=', () => {
    expect(searchResultPath(11, { id: 8, channel: { id: 15 } })).toBe('/document?id=8');
  });
  it('[SRCH-11] channel 11 with a common-questions result -> /question?id=', () => {
    expect(searchResultPath(11, { id: 9, channel: { id: 16 } })).toBe('/question?id=9');
  });
  it('[SRCH-12] channel 11 with any other result -> /videoDetail?id=', () => {
    expect(searchResultPath(11, { id: 10, channel: { id: 17 } })).toBe('/videoDetail?id=10');
    expect(searchResultPath(11, { id: 11, channel: { id: 11 } })).toBe('/videoDetail?id=11');
    expect(searchResultPath(11, { id: 12 })).toBe('/videoDetail?id=12');
  });
});

describe('issue 27.11: the scope 全部 and the address of a search', () => {
  it('with 全部 each result opens the page of its own searchable channel', () => {
    expect(scopedResultPath(SEARCH_ALL, { id: 3, channel: { id: 12 }, searchChannelId: 12 })).toBe('/newsDetail?id=3');
    expect(scopedResultPath(SEARCH_ALL, { id: 4, channel: { id: 20 }, searchChannelId: 14 })).toBe('/product?id=4');
    expect(scopedResultPath(SEARCH_ALL, { id: 5, channel: { id: 16 }, searchChannelId: 11 })).toBe('/question?id=5');
    expect(scopedResultPath(14, { id: 6, channel: { id: 21 }, searchChannelId: 14 })).toBe('/product?id=6');
  });
  it('an address holds text, channel and a page past the first, and reads back to the same search', () => {
    const q = { text: '电网 风险&预警', scope: 12, page: 2 } as const;
    expect(searchAddress(q)).toBe('/search?text=%E7%94%B5%E7%BD%91+%E9%A3%8E%E9%99%A9%26%E9%A2%84%E8%AD%A6&channel=12&page=2');
    expect(readSearchAddress(new URL(searchAddress(q), 'http://x').searchParams)).toEqual(q);
    expect(searchAddress({ text: '年报', scope: SEARCH_ALL, page: 1 })).toBe('/search?text=%E5%B9%B4%E6%8A%A5&channel=all');
  });
  it('an unknown channel or page reads as 全部, page 1', () => {
    expect(readSearchAddress(new URLSearchParams('text=a&channel=2&page=x'))).toEqual({ text: 'a', scope: SEARCH_ALL, page: 1 });
    expect(readSearchAddress(new URLSearchParams(''))).toEqual({ text: '', scope: SEARCH_ALL, page: 1 });
  });
});
