import { describe, expect, it } from 'vitest';
import { IntentKey } from './intent-key';

const counter = () => {
  let n = 0;
  return () => `key-${++n}-abcdef`;
};

describe('IntentKey (one idempotency key per money-moving intent)', () => {
  it('a retry of the same request reuses the key', () => {
    const k = new IntentKey(counter());
    expect(k.for({ amount: '100' })).toBe('key-1-abcdef');
    expect(k.for({ amount: '100' })).toBe('key-1-abcdef');
  });

  it('a different request after a failure is a new intent with a new key', () => {
    const k = new IntentKey(counter());
    k.for({ amount: '100', pin: '111111' });
    expect(k.for({ amount: '100', pin: '123456' })).toBe('key-2-abcdef');
  });

  it('after a success the next request gets a fresh key even with the same body', () => {
    const k = new IntentKey(counter());
    k.for({ amount: '100' });
    k.renew();
    expect(k.for({ amount: '100' })).toBe('key-2-abcdef');
  });

  it('the default keys are valid Idempotency-Key values', () => {
    expect(new IntentKey().for({})).toMatch(/^[A-Za-z0-9_-]{8,80}$/);
  });
});
