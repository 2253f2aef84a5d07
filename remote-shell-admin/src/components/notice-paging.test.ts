import type { Notice } from '@site/contract';
import { changeTab, hasMore, initialPaging, nextPage, noticeQuery, noticeTitle, receivePage } from './notice-paging';

const n = (id: number): Notice => ({
  noticeId: id,
  noticeTitle: `t${id}`,
  noticeType: '1',
  noticeContent: '',
  status: '0',
  createTime: '',
  createBy: '',
  audience: 'all',
});

describe('notice paging', () => {
  it('[NOTICE-5][NOTICE-6][NOTICE-7][NOTICE-8] first query: page 1, size 5, status 0, type 1', () => {
    expect(noticeQuery(initialPaging())).toEqual({ pageNum: 1, pageSize: 5, status: '0', noticeType: '1' });
  });

  it('[NOTICE-10] load more hides when total <= pageNum * pageSize', () => {
    expect(hasMore({ total: 5, pageNum: 1 })).toBe(false);
    expect(hasMore({ total: 6, pageNum: 1 })).toBe(true);
    expect(hasMore({ total: 10, pageNum: 2 })).toBe(false);
    expect(hasMore({ total: 11, pageNum: 2 })).toBe(true);
    expect(hasMore({ total: 0, pageNum: 1 })).toBe(false);
  });

  it('[NOTICE-3] later pages append, page 1 replaces', () => {
    let p = receivePage(initialPaging(), 1, [1, 2, 3, 4, 5].map(n), 7);
    p = nextPage(p);
    expect(noticeQuery(p).pageNum).toBe(2);
    p = receivePage(p, 2, [6, 7].map(n), 7);
    expect(p.rows.map((r) => r.noticeId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(hasMore(p)).toBe(false);
    expect(receivePage(p, 1, [n(9)], 1).rows).toHaveLength(1);
  });

  it('[NOTICE-9] changing tab resets paging to page 1', () => {
    const p = receivePage(nextPage(receivePage(initialPaging(), 1, [n(1)], 9)), 2, [n(2)], 9);
    const q = changeTab(p, '2');
    expect(q).toEqual({ noticeType: '2', pageNum: 1, rows: [], total: 0 });
    expect(noticeQuery(q)).toEqual({ pageNum: 1, pageSize: 5, status: '0', noticeType: '2' });
  });

  it('[NOTICE-14] titles are cut at 32 characters, a Chinese character counting one', () => {
    const ascii = 'a'.repeat(32);
    expect(noticeTitle(ascii)).toBe(ascii);
    expect(noticeTitle('a'.repeat(33))).toBe(`${'a'.repeat(32)}…`);
    const zh = '通'.repeat(32);
    expect(noticeTitle(zh)).toBe(zh);
    expect(noticeTitle('通'.repeat(33))).toBe(`${'通'.repeat(32)}…`);
    expect(noticeTitle('电网风险🙂'.repeat(7))).toBe(`${[...'电网风险🙂'.repeat(7)].slice(0, 32).join('')}…`);
  });
});
