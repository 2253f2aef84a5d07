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

// The shown slide: its link is named by the slide's title (the picture itself is decorative).
const visibleImages = () => screen.queryAllByRole('link').map((l) => l.getAttribute('aria-label'));

test('[ROUTE-5] one slide at a time, the hidden ones out of the tab order; slides without an image are left out', async () => {
  const { container } = renderAt(<HomeBanner />, '/');
  await screen.findByRole('link', { name: '风险预警平台' });
  expect(container.querySelector('.rc-banner-item:not([hidden]) img')!.getAttribute('loading')).toBe('eager');
  expect(visibleImages()).toEqual(['风险预警平台']);
  expect(screen.getAllByRole('link')).toHaveLength(1);
  expect(screen.getAllByRole('button', { name: /^第 \d 张/ })).toHaveLength(2);
});

test('[ROUTE-5] advances every 5 s and wraps; a dot chooses a slide; pointing at it pauses', async () => {
  renderAt(<HomeBanner />, '/');
  await screen.findByRole('link', { name: '风险预警平台' });
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

test('[issue 27.16] the title and subtitle are text over a decorative picture (readable on a phone, not shrunk with it)', async () => {
  api.getBlockItems.mockResolvedValue([{ ...slide(1, '让电网运行更安全、更智能'), subtitle: '电网运行风险预警平台 V3.2 全新发布' }]);
  const { container } = renderAt(<HomeBanner />, '/');
  const link = await screen.findByRole('link', { name: '让电网运行更安全、更智能' });
  expect(link.querySelector('.rc-banner-caption strong')!.textContent).toBe('让电网运行更安全、更智能');
  expect(link.querySelector('.rc-banner-caption span')!.textContent).toBe('电网运行风险预警平台 V3.2 全新发布');
  expect(container.querySelector('img')!.getAttribute('alt')).toBe('');
});
