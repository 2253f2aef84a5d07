import { act, screen } from '@testing-library/react';
import * as api from '@site/api-client';
import { renderAt } from '../../test/render';
import ToLogin from './ToLogin';
import { browser } from './wxLogin';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getCompany: jest.fn(() => Promise.resolve([])),
  getWxLoginEnabled: jest.fn(),
}));

const m = api as jest.Mocked<typeof api>;

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  jest.clearAllMocks();
});

/** Lets the config answer settle, then runs the 200 ms redirect timer if one was started. */
async function settleAndWait() {
  await act(async () => {
    await Promise.resolve();
  });
  act(() => jest.advanceTimersByTime(1000));
}

describe('/toLogin and the server switch sys.account.wxLogin', () => {
  test('[ISSUE-15.4][AUTH-3 deviation: off until a messaging app is configured, see contract README] not open on the server: says 微信登录暂未开通 and never redirects', async () => {
    jest.useFakeTimers();
    const go = jest.spyOn(browser, 'go').mockImplementation(() => undefined);
    m.getWxLoginEnabled.mockResolvedValue(false);
    renderAt('/toLogin', '/toLogin', <ToLogin />);
    await settleAndWait();
    expect(screen.getByText('微信登录暂未开通')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回登录' }).getAttribute('href')).toBe('/user/login');
    expect(screen.queryByText('正在跳转到微信授权…')).toBeNull();
    expect(go).not.toHaveBeenCalled();
  });

  test('[ISSUE-15.4] the check failing counts as not open (no dead redirect)', async () => {
    jest.useFakeTimers();
    const go = jest.spyOn(browser, 'go').mockImplementation(() => undefined);
    m.getWxLoginEnabled.mockRejectedValue(new Error('network'));
    renderAt('/toLogin', '/toLogin', <ToLogin />);
    await settleAndWait();
    expect(screen.getByText('微信登录暂未开通')).toBeTruthy();
    expect(go).not.toHaveBeenCalled();
  });

  test('[WX-4][ISSUE-15.4] open: shows the redirect notice and goes to the authorisation address after 200 ms', async () => {
    jest.useFakeTimers();
    const go = jest.spyOn(browser, 'go').mockImplementation(() => undefined);
    m.getWxLoginEnabled.mockResolvedValue(true);
    renderAt('/toLogin', '/toLogin', <ToLogin />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByText('正在跳转到微信授权…')).toBeTruthy();
    expect(go).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(200));
    expect(go).toHaveBeenCalledWith(api.WX_AUTHORIZATION_URL);
  });
});
