import { render, screen } from '@testing-library/react';
import type { MessageBoardEntry } from '@site/contract';
import { messageSource } from './MessageBoard';

const entry: MessageBoardEntry = {
  id: 1,
  title: '巡检报告导出',
  text: '导出缺少签名栏',
  nickname: '吴工',
  contact: null,
  phone: '13700000001',
  email: null,
  ip: null,
  createTime: '2026-11-27 09:00:00',
  status: '0',
  reply: null,
  repliedAt: null,
  repliedBy: null,
  replySms: null,
};

describe('留言板 来源 [issue 34.5]', () => {
  it('[issue 34.5] a customer account’s message says 客户 · <单位>; a visitor’s says nothing of a customer', () => {
    const { unmount } = render(<>{messageSource({ ...entry, customer: { userId: 40, nickName: '吴工', companyName: '北方某热电厂' } })}</>);
    expect(screen.getByText('客户 · 北方某热电厂')).toBeTruthy();
    unmount();
    render(<>{messageSource({ ...entry, customer: { userId: 41, nickName: '郑工', companyName: '' } })}</>);
    expect(screen.getByText('客户 · 未关联单位')).toBeTruthy();
    render(<>{messageSource({ ...entry, customer: null })}</>);
    expect(screen.queryAllByText(/^客户 ·/)).toHaveLength(1);
  });
});
