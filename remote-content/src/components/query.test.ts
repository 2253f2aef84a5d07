import { detailHref } from './query';

test('[ROUTE-22] list → detail links carry the article id in the query, never in the path', () => {
  expect(detailHref('product', 101)).toBe('/productDetail?id=101');
  expect(detailHref('solution', 201)).toBe('/solutionDetail?id=201');
  expect(detailHref('news', '301')).toBe('/newsDetail?id=301');
});
