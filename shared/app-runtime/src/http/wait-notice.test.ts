/** @jest-environment jsdom */
import { act } from 'react';
import { waitFor } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { ApiError, request } from './client';
import { notification } from './notify-antd';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** An adapter answering as the API answers a code asked for within its minute (bus.ts smsWaitMessage). */
const tooSoon = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
  const data = { code: 429, msg: '验证码发送过于频繁，请在 42 秒后重试', retryAfter: 42 };
  const response = { data, status: 429, statusText: '', headers: {}, config } as AxiosResponse;
  throw new AxiosError('Request failed with status code 429', AxiosError.ERR_BAD_REQUEST, config, {}, response);
};

afterEach(async () => {
  await act(async () => {
    notification.destroy();
  });
});

test('[issue 45.3] a wait for an SMS code (429) is a warning titled 请稍候 with the wait, not an 错误; the rejection keeps retryAfter', async () => {
  let failed: unknown;
  await act(async () => {
    failed = await request.post('/bus/customer/sendCode', null, { params: { phone: '13800138000' }, adapter: tooSoon }).catch((e: unknown) => e);
  });
  expect(failed).toBeInstanceOf(ApiError);
  expect((failed as ApiError).code).toBe(429);
  expect((failed as ApiError).body).toEqual(expect.objectContaining({ retryAfter: 42 }));
  // The notice module loads on first use: wait for what it renders.
  const notice = await waitFor(() => {
    const found = document.querySelector('.ant-notification-notice');
    if (!found) throw new Error('no notice yet');
    return found;
  });
  expect(notice.classList.contains('ant-notification-notice-warning')).toBe(true);
  expect(notice.querySelector('.ant-notification-notice-title')?.textContent).toBe('请稍候');
  expect(notice.textContent).toContain('验证码发送过于频繁，请在 42 秒后重试');
  expect(document.body.textContent).not.toContain('错误');
});
