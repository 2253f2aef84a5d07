import { isShellPage } from './registry';

describe('page registry', () => {
  it('[ISSUE-27.1] tells a page of this shell (whoever may open it) from an address that is no page', () => {
    for (const p of ['/admin/system/dict', '/admin/system/user/', '/admin/content/article', '/admin/content/message-board'])
      expect(isShellPage(p)).toBe(true);
    for (const p of ['/admin/tool/gen', '/admin/system', '/admin/system/dict/x', '/index', '/account/settings', '/admin/static/index']) {
      expect(isShellPage(p)).toBe(false);
    }
  });
});
