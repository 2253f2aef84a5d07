import { changedFields } from './changed-fields';

describe('changedFields', () => {
  test('[ISSUE-18.7] names the fields whose values differ, not the bookkeeping ones; nothing for an add or a delete', () => {
    expect(changedFields({ title: 'a', tags: ['x'], version: 1, text: 't' }, { title: 'b', tags: ['x', 'y'], version: 2, text: 't' })).toEqual([
      'title',
      'tags',
    ]);
    expect(changedFields(null, { title: 'a' })).toEqual([]);
    expect(changedFields({ title: 'a' }, null)).toEqual([]);
  });
});
