import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD_MEMORY_MS, passwordMemory } from './password-memory';

afterEach(() => passwordMemory.clear());

describe('passwordMemory', () => {
  it('holds one password for one account, in memory only', () => {
    expect(passwordMemory.get('juan123')).toBeNull();
    passwordMemory.set('juan123', 'Secret123');
    expect(passwordMemory.get('juan123')).toBe('Secret123');
    expect(passwordMemory.get('JUAN123')).toBe('Secret123');
    expect(passwordMemory.get('maria456')).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('Secret123');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('Secret123');
  });

  it('a new password replaces the old one; clear forgets it', () => {
    passwordMemory.set('juan123', 'Secret123');
    passwordMemory.set('juan123', 'Fresh4567');
    expect(passwordMemory.get('juan123')).toBe('Fresh4567');
    passwordMemory.clear();
    expect(passwordMemory.get('juan123')).toBeNull();
  });

  it('a held password is forgotten after a quarter of an hour (an unattended tab)', () => {
    passwordMemory.set('juan123', 'Secret123', 1_000);
    expect(passwordMemory.get('juan123', 1_000 + PASSWORD_MEMORY_MS)).toBe('Secret123');
    expect(passwordMemory.get('juan123', 1_001 + PASSWORD_MEMORY_MS)).toBeNull();
    expect(passwordMemory.get('juan123', 1_000)).toBeNull();
  });
});
