import { describe, expect, it } from 'vitest';
import type { PROVIDER_ROLES } from '@panalo/contract/provider-rules';
import {
  BRAND_STATUSES,
  BRAND_TRANSITIONS,
  PROVIDER_ROLE_PERMISSIONS,
} from '@panalo/contract/provider-rules';
import { brandLinks } from './site-links';
import { allowedMoves, finalMove, STATUS_COLOR } from './status';

const of = (role: (typeof PROVIDER_ROLES)[number]) => PROVIDER_ROLE_PERMISSIONS[role];

describe('the moves a provider role may make on a brand', () => {
  it('gives the owner every move of the contract’s table', () => {
    for (const from of BRAND_STATUSES)
      expect(allowedMoves(from, of('owner')).sort()).toEqual(Object.keys(BRAND_TRANSITIONS[from]).sort());
  });

  it('lets onboarding launch and maintain, never suspend or close', () => {
    expect(allowedMoves('draft', of('onboarding'))).toEqual(['live']);
    expect(allowedMoves('live', of('onboarding'))).toEqual(['maintenance']);
    expect(allowedMoves('maintenance', of('onboarding'))).toEqual(['live']);
    expect(allowedMoves('suspended', of('onboarding'))).toEqual([]);
  });

  it('gives finance and support no move, and nobody a move out of closed', () => {
    for (const from of BRAND_STATUSES) {
      expect(allowedMoves(from, of('finance'))).toEqual([]);
      expect(allowedMoves(from, of('support'))).toEqual([]);
    }
    expect(allowedMoves('closed', of('owner'))).toEqual([]);
  });

  it('keeps the contract’s order of statuses and only the permission the move needs', () => {
    expect(allowedMoves('live', ['brands.suspend'])).toEqual(['suspended']);
    expect(allowedMoves('suspended', ['brands.suspend'])).toEqual(['live', 'closed']);
    expect(allowedMoves('live', [])).toEqual([]);
  });

  it('names closing as the final move, and gives each status a colour', () => {
    expect(BRAND_STATUSES.filter(finalMove)).toEqual(['closed']);
    expect(new Set(BRAND_STATUSES.map((s) => STATUS_COLOR[s])).size).toBe(BRAND_STATUSES.length);
  });
});

describe('the links to a brand’s site and console', () => {
  it('use its main domain on this console’s scheme and port', () => {
    expect(brandLinks('luzon.example', { protocol: 'http:', port: '8080' })).toEqual({
      site: 'http://luzon.example:8080/m/home',
      console: 'http://luzon.example:8080/admin/',
    });
    expect(brandLinks('play.luzon.ph', { protocol: 'https:', port: '' }).site).toBe(
      'https://play.luzon.ph/m/home',
    );
  });
});
