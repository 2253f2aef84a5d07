import { fieldChanges, showValue } from './audit-diff';

describe('audit before/after', () => {
  it('[ISSUE-18.7] an edit lists every field side by side and marks exactly the changed ones', () => {
    const rows = fieldChanges({ nickName: '甲', roles: ['editor'], status: '0' }, { nickName: '乙', roles: ['editor'], status: '0' });
    expect(rows).toEqual([
      { field: 'nickName', before: '甲', after: '乙', changed: true },
      { field: 'roles', before: '["editor"]', after: '["editor"]', changed: false },
      { field: 'status', before: '0', after: '0', changed: false },
    ]);
  });

  it('[ISSUE-18.7] an add has only after values, a delete only before values, all marked changed', () => {
    expect(fieldChanges(null, { title: '新' })).toEqual([{ field: 'title', before: '', after: '新', changed: true }]);
    expect(fieldChanges({ title: '旧' }, null)).toEqual([{ field: 'title', before: '旧', after: '', changed: true }]);
  });

  it('[ISSUE-18.7] a bulk write (several rows) is shown one line per row', () => {
    const rows = fieldChanges([{ id: 1 }, { id: 2 }], null);
    expect(rows.map((r) => [r.field, r.before, r.after])).toEqual([
      ['#1', '{"id":1}', ''],
      ['#2', '{"id":2}', ''],
    ]);
    expect(showValue(undefined)).toBe('');
  });
});
