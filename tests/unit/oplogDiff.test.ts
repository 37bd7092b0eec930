import { describe, expect, it } from 'vitest';
import { changedFields, changesLine, fieldValueText } from '../../domain/oplogDiff';

describe('the operation log as an inline diff', () => {
  it('an update lists only the fields whose values differ', () => {
    const changes = changedFields({ before: { id: 5, name: '值班组', users: [1] }, after: { id: 5, name: '值班组2', users: [1, 2] } });
    expect(changes).toEqual([
      { field: 'name', before: '值班组', after: '值班组2' },
      { field: 'users', before: [1], after: [1, 2] },
    ]);
    expect(changesLine(changes)).toBe('name: 值班组 → 值班组2; users: [1] → [1,2]');
  });

  it('a creation lists what it set, a removal what it had', () => {
    expect(changesLine(changedFields({ after: { name: 'oplog_user', email: null } }))).toBe('name: oplog_user; email: --');
    expect(changedFields({ before: { name: 'x' } })).toEqual([{ field: 'name', before: 'x', after: undefined }]);
  });

  it("an update compares the fields it wrote: the stored row's other fields are context; an unchanged entry has none", () => {
    expect(changedFields({ before: { id: 5, tenantId: 2, name: 'a' }, after: { name: 'b', users: [1] } })).toEqual([
      { field: 'name', before: 'a', after: 'b' },
      { field: 'users', before: undefined, after: [1] },
    ]);
    expect(changedFields({ before: { a: 1 }, after: { a: 1 } })).toEqual([]);
    expect(changedFields({})).toEqual([]);
  });

  it('values that are not objects are one change of the whole value', () => {
    expect(changedFields({ before: [1], after: [1, 2] })).toEqual([{ field: '', before: [1], after: [1, 2] }]);
    expect(fieldValueText('')).toBe('--');
    expect(fieldValueText(3)).toBe('3');
  });
});
