import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { getToken, setToken } from '@site/app-runtime';
import { COOKIE_KEYS } from '@site/contract';
import { answerNotice, MessageBoardForm } from './MessageBoardForm';
import { CAPTCHA_NEAR_MARGIN } from './useCaptcha';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getCaptcha: jest.fn(),
  postMessageBoard: jest.fn(),
}));
const api = jest.requireMock('@site/api-client') as Record<'getCaptcha' | 'postMessageBoard', jest.Mock>;

let captchaNo = 0;
beforeEach(() => {
  jest.clearAllMocks();
  captchaNo = 0;
  api.getCaptcha.mockImplementation(async () => ({
    code: 200,
    msg: '操作成功',
    captchaEnabled: true,
    uuid: `uuid-${++captchaNo}`,
    img: btoa(`<svg>${captchaNo}</svg>`),
  }));
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

async function fillValid() {
  await screen.findByAltText('验证码', {}, { timeout: 5000 });
  type('标题', '咨询产品试用');
  type('内容', '希望了解电网运行风险预警平台的试用流程。');
  type('姓名', '张工');
  type('联系电话', '13800138000');
  type('邮箱', 'zhang@example.com');
  type('验证码', 'ab12');
}

test('[API-30] empty submit shows every Chinese required message and sends nothing', async () => {
  render(<MessageBoardForm />);
  await screen.findByAltText('验证码', {}, { timeout: 5000 });
  fireEvent.click(screen.getByRole('button', { name: '提交留言' }));
  for (const text of ['请输入标题', '请输入内容', '请输入姓名', '请输入联系电话', '请输入验证码']) expect(await screen.findByText(text)).toBeTruthy();
  expect(api.postMessageBoard).not.toHaveBeenCalled();
});

test('[API-30] a wrong phone number and a wrong email are refused in Chinese', async () => {
  render(<MessageBoardForm />);
  await fillValid();
  type('联系电话', '12345');
  type('邮箱', 'not-an-email');
  fireEvent.click(screen.getByRole('button', { name: '提交留言' }));
  expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
  expect(await screen.findByText('请输入正确的邮箱地址')).toBeTruthy();
  expect(api.postMessageBoard).not.toHaveBeenCalled();
});

test('[API-30] the captcha image is the base64 SVG of /captchaImage and a click loads a new one', async () => {
  render(<MessageBoardForm />);
  const img = (await screen.findByAltText('验证码', {}, { timeout: 5000 })) as HTMLImageElement;
  expect(img.getAttribute('src')).toBe(`data:image/svg+xml;base64,${btoa('<svg>1</svg>')}`);
  fireEvent.click(screen.getByRole('button', { name: '看不清？点击换一张' }));
  await waitFor(() => expect(img.getAttribute('src')).toBe(`data:image/svg+xml;base64,${btoa('<svg>2</svg>')}`));
});

test('[API-30] a valid message is sent with the captcha uuid; success clears the form and loads a new captcha', async () => {
  api.postMessageBoard.mockResolvedValue({ code: 200, msg: '留言成功' });
  render(<MessageBoardForm />);
  await fillValid();
  fireEvent.click(screen.getByRole('button', { name: '提交留言' }));
  await waitFor(() =>
    expect(api.postMessageBoard).toHaveBeenCalledWith({
      title: '咨询产品试用',
      text: '希望了解电网运行风险预警平台的试用流程。',
      nickname: '张工',
      phone: '13800138000',
      email: 'zhang@example.com',
      captcha: 'ab12',
      uuid: 'uuid-1',
    }),
  );
  // [issue 34.9] how the answer comes: an anonymous message's SMS is a notice to the number typed, no workbench entry.
  const notice = await screen.findByRole('status');
  await waitFor(() => expect(notice.textContent).toBe(`留言成功。${answerNotice('13800138000', false)}`));
  expect(notice.textContent).toContain('尾号 8000');
  await waitFor(() => expect(field('标题').value).toBe(''));
  expect(field('联系电话').value).toBe('');
  await waitFor(() => expect(api.getCaptcha).toHaveBeenCalledTimes(2));
});

test('[API-30] on a server error every typed field stays; only the captcha answer is cleared and the captcha renewed', async () => {
  api.postMessageBoard.mockRejectedValue(new Error('验证码错误'));
  render(<MessageBoardForm />);
  await fillValid();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '提交留言' }));
  });
  await waitFor(() => expect(api.postMessageBoard).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(field('验证码').value).toBe(''));
  expect(field('标题').value).toBe('咨询产品试用');
  expect(field('内容').value).toBe('希望了解电网运行风险预警平台的试用流程。');
  expect(field('姓名').value).toBe('张工');
  expect(field('联系电话').value).toBe('13800138000');
  expect(field('邮箱').value).toBe('zhang@example.com');
  await waitFor(() => expect(api.getCaptcha).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(screen.getByAltText('验证码').getAttribute('src')).toContain(btoa('<svg>2</svg>')));
});

test('captcha switched off on the server: no captcha field, the message is sent without an answer', async () => {
  api.getCaptcha.mockResolvedValue({ code: 200, msg: '操作成功', captchaEnabled: false, uuid: '', img: '' });
  api.postMessageBoard.mockResolvedValue({ code: 200, msg: '留言成功' });
  render(<MessageBoardForm />);
  await waitFor(() => expect(api.getCaptcha).toHaveBeenCalled());
  await waitFor(() => expect(screen.queryByLabelText('验证码')).toBeNull());
  type('标题', '标题');
  type('内容', '内容');
  type('姓名', '李工');
  type('联系电话', '13900139000');
  fireEvent.click(screen.getByRole('button', { name: '提交留言' }));
  await waitFor(() => expect(api.postMessageBoard).toHaveBeenCalledWith(expect.objectContaining({ captcha: '', phone: '13900139000' })));
});

test('[issue 34.9] after 留言成功 the visitor is told how the answer comes, without a promised time', () => {
  expect(answerNotice('13800138000', false)).toBe(
    '我们答复后会发送短信到尾号 8000 的手机通知您，请按短信提示查询答复内容；登录后留言，还可以在工作台“我的留言”中查看答复。',
  );
  expect(answerNotice('13800138000', true)).toBe('我们答复后会将答复内容以短信发送到尾号 8000 的手机，您也可以在工作台“我的留言”中查看答复。');
  for (const signedIn of [false, true]) expect(answerNotice('13800138000', signedIn)).not.toMatch(/工作日|小时|天内/);
});

test('[issue 34.9] a signed-in visitor’s message is filed under the account: the notice points to 工作台 “我的留言”', async () => {
  setToken('tok');
  try {
    api.postMessageBoard.mockResolvedValue({ code: 200, msg: '留言成功' });
    render(<MessageBoardForm />);
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: '提交留言' }));
    const notice = await screen.findByRole('status');
    await waitFor(() => expect(notice.textContent).toBe(`留言成功。${answerNotice('13800138000', true)}`));
  } finally {
    document.cookie = `${COOKIE_KEYS.accessToken}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    expect(getToken()).toBeUndefined();
  }
});

test('[API-30][issue 42.2] the captcha is asked for when its row comes near the screen, not when the page starts', async () => {
  const watched: { margin?: string; targets: Element[]; report?: (entries: Partial<IntersectionObserverEntry>[]) => void } = { targets: [] };
  class NearObserver {
    constructor(report: (entries: Partial<IntersectionObserverEntry>[]) => void, options?: IntersectionObserverInit) {
      watched.report = report;
      watched.margin = options?.rootMargin;
    }
    observe(target: Element) {
      watched.targets.push(target);
    }
    disconnect() {
      watched.targets = [];
    }
  }
  const before = window.IntersectionObserver;
  window.IntersectionObserver = NearObserver as unknown as typeof IntersectionObserver;
  try {
    render(<MessageBoardForm />);
    expect(watched.margin).toBe(CAPTCHA_NEAR_MARGIN);
    expect(watched.targets).toEqual([document.querySelector('#messageBoard .rc-captcha')]);
    expect(watched.targets[0]).toBeTruthy();
    expect(api.getCaptcha).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '加载中' })).toBeTruthy();
    act(() => watched.report!([{ isIntersecting: false }]));
    expect(api.getCaptcha).not.toHaveBeenCalled();
    act(() => watched.report!([{ isIntersecting: true }]));
    expect(api.getCaptcha).toHaveBeenCalledTimes(1);
    expect(await screen.findByAltText('验证码')).toBeTruthy();
    // Asked once: the row is no longer watched.
    expect(watched.targets).toEqual([]);
  } finally {
    window.IntersectionObserver = before;
  }
});
