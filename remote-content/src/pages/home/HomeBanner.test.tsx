import { act, fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../test-utils';
import { BANNER_INTERVAL_MS, HomeBanner } from './HomeBanner';

jest.mock('@site/api-client', () => ({ ...jest.requireActual('@site/api-client'), getBlockItems: jest.fn() }));
const api = jest.requireMock('@site/api-client') as Record<'getBlockItems', jest.Mock>;

const slide = (id: number, title: string, image: string | null = `/files/images/banner-${id}.svg`) => ({
  id,
  blockId: 11,
  title,
  subtitle: null,
  description: null,
  url: '/product',
  linkUrl: null,
  image,
  targetBlank: false,
  enabled: true,
  order: id,
});

beforeEach(() => {
  jest.useFakeTimers();
  api.getBlockItems.mockResolvedValue([slide(1, '风险预警平台'), slide(2, '配网故障诊断'), slide(3, '无图', null)]);
});
afterEach(() => jest.useRealTimers());

const visibleImages = () => screen.queryAllByRole('img').map((i) => i.getAttribute('alt'));

test('[ROUTE-5] one slide at a time, the hidden ones out of the tab order; slides without an image are left out', async () => {
  renderAt(<HomeBanner />, '/');
  expect((await screen.findByRole('img', { name: '风险预警平台' })).getAttribute('loading')).toBe('eager');
  expect(visibleImages()).toEqual(['风险预警平台']);
  expect(screen.getAllByRole('link')).toHaveLength(1);
  expect(screen.getAllByRole('button', { name: /^第 \d 张/ })).toHaveLength(2);
});

test('[ROUTE-5] advances every 5 s and wraps; a dot chooses a slide; pointing at it pauses', async () => {
  renderAt(<HomeBanner />, '/');
  await screen.findByRole('img', { name: '风险预警平台' });
  act(() => jest.advanceTimersByTime(BANNER_INTERVAL_MS));
  expect(visibleImages()).toEqual(['配网故障诊断']);
  act(() => jest.advanceTimersByTime(BANNER_INTERVAL_MS));
  expect(visibleImages()).toEqual(['风险预警平台']);

  fireEvent.click(screen.getByRole('button', { name: '第 2 张：配网故障诊断' }));
  expect(screen.getByRole('button', { name: '第 2 张：配网故障诊断' }).getAttribute('aria-current')).toBe('true');
  fireEvent.mouseEnter(screen.getByRole('region', { name: '首页横幅' }));
  act(() => jest.advanceTimersByTime(BANNER_INTERVAL_MS * 3));
  expect(visibleImages()).toEqual(['配网故障诊断']);
});
