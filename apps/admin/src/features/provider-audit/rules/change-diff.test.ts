import { describe, expect, it } from 'vitest';
import { changeLines, compact } from './change-diff';

describe('an audit entry’s change, as the lines that differ', () => {
  it('lists only the fields that changed, nested ones by their path', () => {
    expect(
      changeLines(
        { status: 'live', theme: { primary: '#000000', text: '#111111' }, domains: ['a.ph'] },
        { status: 'suspended', theme: { primary: '#000000', text: '#222222' }, domains: ['a.ph', 'b.ph'] },
      ),
    ).toEqual([
      { path: 'status', before: '"live"', after: '"suspended"' },
      { path: 'theme.text', before: '"#111111"', after: '"#222222"' },
      { path: 'domains', before: '["a.ph"]', after: '["a.ph","b.ph"]' },
    ]);
  });

  it('shows a creation with no before and a removal with no after', () => {
    expect(changeLines(null, { code: 'luzon', minAge: 18 })).toEqual([
      { path: 'code', before: null, after: '"luzon"' },
      { path: 'minAge', before: null, after: '18' },
    ]);
    expect(changeLines({ username: 'owner1' }, null)).toEqual([
      { path: 'username', before: '"owner1"', after: null },
    ]);
    expect(changeLines(null, null)).toEqual([]);
  });

  it('compares a value that is no object whole, and a field set to null as null', () => {
    expect(changeLines('draft', 'live')).toEqual([{ path: '', before: '"draft"', after: '"live"' }]);
    expect(changeLines({ email: 'a@b.ph' }, { email: null })).toEqual([
      { path: 'email', before: '"a@b.ph"', after: 'null' },
    ]);
  });

  it('stops walking at the depth asked and cuts long values', () => {
    expect(changeLines({ a: { b: { c: 1 } } }, { a: { b: { c: 2 } } }, 1)).toEqual([
      { path: 'a', before: '{"b":{"c":1}}', after: '{"b":{"c":2}}' },
    ]);
    const long = compact('x'.repeat(500));
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });
});
