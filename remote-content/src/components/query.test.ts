import { detailHref, parseId } from './query';

test('[ROUTE-22] list → detail links carry the article id in the query, never in the path', () => {
  expect(detailHref('product', 101)).toBe('/productDetail?id=101');
  expect(detailHref('solution', 201)).toBe('/solutionDetail?id=201');
  expect(detailHref('news', '301')).toBe('/newsDetail?id=301');
});

test('[ROUTE-22] ?id= is a positive integer or nothing', () => {
  expect(parseId('101')).toBe(101);
  expect(parseId(' 7 ')).toBe(7);
  for (const bad of [null, undefined, '', '0', '-3', 'abc', '1.5', '1e3', '12abc', '99999999999999999999']) expect(parseId(bad)).toBeNull();
});
