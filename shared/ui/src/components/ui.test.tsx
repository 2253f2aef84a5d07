import { fireEvent, render, screen } from '@testing-library/react';
import { EmptyState } from './EmptyState';
import { PageLinks, pageWindow } from './PageLinks';
import { ResultMessage } from './Result';
import { TextPlaceholder } from './TextPlaceholder';

describe('pageWindow', () => {
  it('shows every page of a short list', () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('keeps first, last and two either side of the current page', () => {
    expect(pageWindow(7, 40)).toEqual([1, 'gap', 5, 6, 7, 8, 9, 'gap', 40]);
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, 'gap', 40]);
    expect(pageWindow(40, 40)).toEqual([1, 'gap', 38, 39, 40]);
  });
});

describe('PageLinks', () => {
  const href = (n: number) => `?page=${n}`;
  it('renders nothing when one page holds everything', () => {
    const { container } = render(<PageLinks current={1} total={10} pageSize={10} href={href} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
  it('labels the navigation 分页, links every page and marks the current one', () => {
    render(<PageLinks current={2} total={25} pageSize={10} href={href} onChange={() => {}} />);
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(nav.querySelector('a[title="3"]')?.getAttribute('href')).toBe('?page=3');
    expect(screen.getByRole('link', { name: '2' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(false);
  });
  it('changes page in the app on a plain click, and disables 上一页 on the first page', () => {
    const onChange = jest.fn();
    render(<PageLinks current={1} total={25} pageSize={10} href={href} onChange={onChange} />);
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: '3' }));
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(onChange.mock.calls).toEqual([[3], [2]]);
  });
  it('leaves modified clicks (new tab) to the browser', () => {
    const onChange = jest.fn();
    render(<PageLinks current={1} total={25} pageSize={10} href={href} onChange={onChange} />);
    fireEvent.click(screen.getByRole('link', { name: '2' }), { ctrlKey: true });
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('light states', () => {
  it('EmptyState says 暂无内容 unless told otherwise', () => {
    render(<EmptyState />);
    expect(screen.getByRole('status').textContent).toBe('暂无内容');
  });
  it('TextPlaceholder announces 加载中 once, or stays silent inside a busy container', () => {
    const { rerender } = render(<TextPlaceholder rows={2} />);
    screen.getByRole('status', { name: '加载中' });
    rerender(<TextPlaceholder rows={2} announce={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
  it('ResultMessage is a heading of the given level with its text and action', () => {
    render(<ResultMessage title="内容不存在" text="请返回列表" action={<button type="button">返回列表</button>} />);
    screen.getByRole('heading', { level: 1, name: '内容不存在' });
    screen.getByRole('button', { name: '返回列表' });
  });
});
