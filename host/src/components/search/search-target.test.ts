import { searchResultPath } from './search-target';

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
