import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import * as runtime from '@site/app-runtime';
import { renderAt } from '../../test/render';
import WxAuth from './WxAuth';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getCompany: jest.fn(() => Promise.resolve([])),
}));
jest.mock('@site/app-runtime', () => ({
  ...jest.requireActual('@site/app-runtime'),
  completeLogin: jest.fn(() => Promise.resolve()),
}));

const r = runtime as jest.Mocked<typeof runtime>;
jest.setTimeout(30000);

afterEach(() => {
  Cookies.remove('reUrl', { path: '/' });
  Cookies.remove('access_token', { path: '/' });
  jest.clearAllMocks();
});

const where = () => screen.getByTestId('where').textContent;

describe('[AUTH-3] /wxauth finishes the messaging-app sign-in', () => {
  beforeEach(() => Cookies.set('access_token', 'wx-token', { path: '/' }));

  test('completes the login with the callback token and returns to an in-site reUrl, clearing it', async () => {
    Cookies.set('reUrl', `${window.location.origin}/news?id=7`, { path: '/' });
    renderAt('/wxauth', '/wxauth', <WxAuth />);
    await waitFor(() => expect(where()).toBe('/news?id=7'));
    expect(r.completeLogin).toHaveBeenCalledWith('wx-token');
    expect(Cookies.get('reUrl')).toBeUndefined();
  });

  test.each(['https://evil.example', '//evil.example', 'javascript:alert(1)'])('an external reUrl %s is refused: /index', async (reUrl) => {
    Cookies.set('reUrl', reUrl, { path: '/' });
    renderAt('/wxauth', '/wxauth', <WxAuth />);
    await waitFor(() => expect(where()).toBe('/index'));
    expect(Cookies.get('reUrl')).toBeUndefined();
  });

  test('no reUrl: /index', async () => {
    renderAt('/wxauth', '/wxauth', <WxAuth />);
    await waitFor(() => expect(where()).toBe('/index'));
  });

  test('user info cannot be loaded: 微信授权失败', async () => {
    r.completeLogin.mockRejectedValueOnce(new Error('x'));
    renderAt('/wxauth', '/wxauth', <WxAuth />);
    expect(await screen.findByText('微信授权失败')).toBeTruthy();
  });
});

test('no token from the callback: 微信授权失败 with a link back to login', async () => {
  renderAt('/wxauth', '/wxauth', <WxAuth />);
  expect(await screen.findByText('微信授权失败')).toBeTruthy();
  expect(screen.getByText('返回登录').closest('a')?.getAttribute('href')).toBe('/user/login');
  expect(r.completeLogin).not.toHaveBeenCalled();
  expect(document.querySelectorAll('h1')).toHaveLength(1);
});
