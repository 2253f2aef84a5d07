import { activeNavPath } from './active-nav';

it('marks the section of detail and support pages', () => {
  expect(activeNavPath('/')).toBe('/');
  expect(activeNavPath('/product')).toBe('/product');
  expect(activeNavPath('/productDetail')).toBe('/product');
  expect(activeNavPath('/videoDetail')).toBe('/support');
  expect(activeNavPath('/news/')).toBe('/news');
});
