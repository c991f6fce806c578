import { describe, expect, it } from 'vitest';
import { newLaunchForm, type LaunchForm } from './launch-form';
import { refusalField, refusedPairs } from './launch-refusals';

const filled = (): LaunchForm => ({
  ...newLaunchForm(),
  code: 'luzon-2',
  name: 'Luzon Palace',
  mainDomain: 'play.luzon.ph',
  extraDomains: ['luzon.ph'],
  ownerUsername: 'luzon_owner',
});

describe('a refused launch', () => {
  it('puts a refusal next to the field it is about, or at the top', () => {
    const form = filled();
    expect(refusalField('brand_code_taken', undefined, form)).toBe('code');
    expect(refusalField('domain_taken', undefined, form)).toBe('mainDomain');
    expect(refusalField('domain_taken', { domain: 'play.luzon.ph' }, form)).toBe('mainDomain');
    expect(refusalField('domain_taken', { domain: 'luzon.ph' }, form)).toBe('extraDomains');
    expect(refusalField('theme_contrast', { pairs: ['text-on-surface'] }, form)).toBe('theme');
    expect(refusalField('template_unknown', undefined, form)).toBe('templateCode');
    expect(refusalField('validation_failed', { field: 'owner.username' }, form)).toBe('ownerUsername');
    expect(refusalField('validation_failed', { field: '/body/owner/email' }, form)).toBe('ownerEmail');
    expect(refusalField('validation_failed', { field: 'extraDomains.2' }, form)).toBe('extraDomains');
    expect(refusalField('validation_failed', { field: 'timeZone' }, form)).toBe('timeZone');
    expect(refusalField('validation_failed', { field: 'something' }, form)).toBeNull();
    expect(refusalField('payment_key_mode_mismatch', undefined, form)).toBe('payMongo.secretKey');
    expect(refusalField('validation_failed', { field: 'payMongo' }, form)).toBe('payMongo.secretKey');
    expect(refusalField('validation_failed', { field: 'payMongo.webhookSecret' }, form)).toBe(
      'payMongo.webhookSecret',
    );
    expect(refusalField('validation_failed', { field: '/body/payMongo/methods/0' }, form)).toBe(
      'payMongo.methods',
    );
    expect(refusalField('validation_failed', { field: 'maintenanceWindow' }, form)).toBe(
      'maintenanceWindow.startsAt',
    );
    expect(refusalField('validation_failed', { field: 'maintenanceWindow.endsAt' }, form)).toBe(
      'maintenanceWindow.endsAt',
    );
    expect(refusalField('validation_failed', { field: 'vendors.3' }, form)).toBe('vendors');
    expect(refusalField('validation_failed', { field: 'hiddenGames' }, form)).toBe('hiddenGames');
    expect(refusalField('validation_failed', { field: 'depositMethods.0' }, form)).toBe('depositMethods');
    expect(refusalField('validation_failed', undefined, form)).toBeNull();
    expect(refusalField('no_permission', undefined, form)).toBeNull();
    expect(refusalField('rate_limited', undefined, form)).toBeNull();
  });

  it('reads the pairs a contrast refusal names, as names or as the theme check’s failures', () => {
    expect(refusedPairs({ pairs: ['text-on-surface', 'ink-on-accent'] })).toEqual([
      'text-on-surface',
      'ink-on-accent',
    ]);
    expect(refusedPairs({ failures: [{ name: 'text-on-surface', ratio: 2 }] })).toEqual(['text-on-surface']);
    expect(refusedPairs({ pairs: [{ name: 'muted-on-footer' }] })).toEqual(['muted-on-footer']);
    expect(refusedPairs(undefined)).toEqual([]);
  });
});
