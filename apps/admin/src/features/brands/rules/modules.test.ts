import { describe, expect, it } from 'vitest';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test, never bundled: the groups must hold the contract's very flags
import { WHITELABEL_FLAGS } from '@panalo/contract/merchant';
import { BRAND_MODULES_OFF_BY_DEFAULT } from '@panalo/contract/provider-rules';
import { effectiveModules, MODULE_FLAGS, MODULE_GROUPS } from './modules';

describe('the launch form’s modules', () => {
  it('group every white-label flag of the contract once', () => {
    expect([...MODULE_FLAGS].sort()).toEqual([...WHITELABEL_FLAGS].sort());
    expect(new Set(MODULE_FLAGS).size).toBe(MODULE_FLAGS.length);
    expect(MODULE_GROUPS.every((g) => g.flags.length > 0)).toBe(true);
  });

  it('are the platform’s defaults without a template, the template’s when one is chosen, the form’s once changed', () => {
    const defaults = effectiveModules(null, null);
    const off = Object.entries(defaults)
      .filter(([, on]) => !on)
      .map(([f]) => f);
    expect(off.sort()).toEqual([...BRAND_MODULES_OFF_BY_DEFAULT].sort());
    const fromTemplate = effectiveModules(null, { modules: { MAILCEN: true, FEEDBACK3: false } });
    expect(fromTemplate.MAILCEN).toBe(true);
    expect(fromTemplate.FEEDBACK3).toBe(false);
    // A flag the template does not hold is off, as the server reads it.
    expect(fromTemplate.DIRECTREG).toBe(false);
    const chosen = { ...effectiveModules(null, null), MAILCEN: false };
    expect(effectiveModules(chosen, { modules: { MAILCEN: true } })).toBe(chosen);
  });
});
