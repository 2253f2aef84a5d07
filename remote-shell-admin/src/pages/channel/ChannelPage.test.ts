import type { ChannelAdmin } from '@site/contract';
import { siblingsOf, visibleIds } from './ChannelPage';
import { parentOptions } from './ChannelDrawer';

const node = (id: number, children: ChannelAdmin[] = []): ChannelAdmin => ({
  id,
  parentId: null,
  name: `c${id}`,
  alias: `c${id}`,
  url: '',
  nav: false,
  allowSearch: false,
  targetBlank: false,
  linkUrl: null,
  image: null,
  filePath: '',
  sort: 0,
  version: 0,
  articleCount: 0,
  children,
});
const tree = [node(1), node(14, [node(20), node(21, [node(30)])]), node(12)];

describe('channel tree helpers', () => {
  test('[ISSUE-18.2] the sortable ids follow the rows the table shows: children only under expanded parents', () => {
    expect(visibleIds(tree, new Set())).toEqual([1, 14, 12]);
    expect(visibleIds(tree, new Set([14]))).toEqual([1, 14, 20, 21, 12]);
    expect(visibleIds(tree, new Set([14, 21]))).toEqual([1, 14, 20, 21, 30, 12]);
  });

  test('[ISSUE-18.2] a drag is resolved to one sibling list and its parent (null = top level)', () => {
    expect(siblingsOf(tree, 12)).toMatchObject({ parentId: null });
    expect(siblingsOf(tree, 21)?.parentId).toBe(14);
    expect(siblingsOf(tree, 21)?.list.map((c) => c.id)).toEqual([20, 21]);
    expect(siblingsOf(tree, 30)?.parentId).toBe(21);
    expect(siblingsOf(tree, 99)).toBeNull();
  });

  test('[ISSUE-18.2] a channel cannot be moved below itself: it and its descendants are disabled parent choices', () => {
    const options = parentOptions(tree, 14);
    expect(options.map((o) => [o.value, !!o.disabled])).toEqual([
      [1, false],
      [14, true],
      [12, false],
    ]);
    expect(options[1].children.map((o) => o.disabled)).toEqual([true, true]);
    expect(options[1].children[1].children[0].disabled).toBe(true);
  });
});
