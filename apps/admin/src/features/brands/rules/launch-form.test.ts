import { describe, expect, it } from 'vitest';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test, never bundled: the form's request must pass the API's own schema
import { launchBrandRequest } from '@panalo/contract/provider';
import {
  firstProblems,
  LAUNCH_STEPS,
  launchRequest,
  newLaunchForm,
  refusalField,
  refusedPairs,
  stepOf,
  stepProblems,
  type LaunchForm,
  type LaunchStep,
} from './launch-form';
import { effectiveModules } from './modules';

const filled = (change: Partial<LaunchForm> = {}): LaunchForm => ({
  ...newLaunchForm(),
  code: 'Luzon-2',
  name: ' Luzon Palace ',
  mainDomain: 'Play.Luzon.PH ',
  extraDomains: ['luzon.ph'],
  ownerUsername: 'luzon_owner',
  ...change,
});
const problems = (form: LaunchForm, step: LaunchStep) =>
  stepProblems(form, step).map((p) => `${p.field}:${p.key.replace('launch.problem.', '')}`);

describe('the launch form', () => {
  it('starts on a readable palette, in Manila, in English and Tagalog, with nothing to fix but the blanks', () => {
    const form = newLaunchForm();
    expect(form.timeZone).toBe('Asia/Manila');
    expect(problems(form, 'market')).toEqual([]);
    expect(problems(form, 'look')).toEqual([]);
    expect(problems(form, 'modules')).toEqual([]);
    expect(problems(form, 'identity')).toEqual(['code:code', 'name:name', 'mainDomain:domain']);
    expect(problems(form, 'owner')).toEqual(['ownerUsername:username']);
  });

  it('becomes a request the API’s schema takes, leaving out what was left alone', () => {
    const body = launchRequest(filled());
    const parsed = launchBrandRequest.parse(body);
    expect(parsed).toMatchObject({
      code: 'luzon-2',
      name: 'Luzon Palace',
      mainDomain: 'play.luzon.ph',
      extraDomains: ['luzon.ph'],
      currency: 'PHP',
      timeZone: 'Asia/Manila',
      defaultLanguage: 'EN',
      languages: ['EN', 'TY'],
      minAge: 18,
      birthDateRequired: true,
      owner: { username: 'luzon_owner' },
    });
    expect(body).not.toHaveProperty('modules');
    expect(body).not.toHaveProperty('lotteryGames');
    expect(body).not.toHaveProperty('templateCode');
    expect(body.owner).not.toHaveProperty('email');
  });

  it('sends what was chosen: modules, lottery games, a template, an e-mail', () => {
    const modules = { ...effectiveModules(null, null), MAILCEN: false };
    const body = launchRequest(
      filled({
        modules,
        lotteryGames: ['WINGO1', 'K3'],
        templateCode: 'panalo',
        ownerEmail: ' owner@luzon.ph ',
        minAge: 21,
        restrictedCountries: ['US', 'JP'],
        languages: ['TY'],
        defaultLanguage: 'TY',
      }),
    );
    expect(launchBrandRequest.parse(body)).toMatchObject({
      modules: { MAILCEN: false, FEEDBACK3: true },
      lotteryGames: ['WINGO1', 'K3'],
      templateCode: 'panalo',
      owner: { username: 'luzon_owner', email: 'owner@luzon.ph' },
      minAge: 21,
      restrictedCountries: ['US', 'JP'],
      defaultLanguage: 'TY',
    });
    // No games at all is a choice too (the brand sells no lottery).
    expect(launchBrandRequest.parse(launchRequest(filled({ lotteryGames: [] }))).lotteryGames).toEqual([]);
  });

  it('names each field a step cannot be left with', () => {
    expect(problems(filled({ code: '1abc', name: 'L', mainDomain: 'http://x.ph' }), 'identity')).toEqual([
      'code:code',
      'name:name',
      'mainDomain:domain',
    ]);
    expect(problems(filled({ mainDomain: '10.0.0.1' }), 'identity')).toEqual(['mainDomain:domain']);
    expect(problems(filled({ extraDomains: ['PLAY.luzon.ph'] }), 'identity')).toEqual([
      'extraDomains:domainTwice',
    ]);
    expect(problems(filled({ extraDomains: ['bad domain'] }), 'identity')).toEqual(['extraDomains:domain']);
    expect(
      problems(filled({ extraDomains: Array.from({ length: 11 }, (_, i) => `d${i}.ph`) }), 'identity'),
    ).toEqual(['extraDomains:tooManyDomains']);
    expect(
      problems(filled({ timeZone: 'Mars/Olympus', languages: [], defaultLanguage: null }), 'market'),
    ).toEqual(['timeZone:timeZone', 'languages:languages', 'defaultLanguage:defaultLanguage']);
    expect(problems(filled({ languages: ['TY'], defaultLanguage: 'EN' }), 'market')).toEqual([
      'defaultLanguage:defaultLanguage',
    ]);
    expect(problems(filled({ restrictedCountries: ['XX'] }), 'market')).toEqual([
      'restrictedCountries:country',
    ]);
    expect(problems(filled({ theme: { ...newLaunchForm().theme, text: '#ffffff' } }), 'look')).toEqual([
      'theme:contrast',
    ]);
    expect(problems(filled({ lotteryGames: ['wingo1'] }), 'modules')).toEqual(['lotteryGames:lotteryGame']);
    expect(problems(filled({ ownerUsername: 'Ab', ownerEmail: 'not-an-email' }), 'owner')).toEqual([
      'ownerUsername:username',
      'ownerEmail:email',
    ]);
    expect(problems(filled(), 'review')).toEqual([]);
  });

  it('finds the first step with a problem before sending, and the step of each field', () => {
    expect(firstProblems(filled())).toBeNull();
    expect(firstProblems(filled({ ownerUsername: '', name: '' }))).toMatchObject({
      step: 0,
      problems: [{ field: 'name' }],
    });
    expect(firstProblems(filled({ ownerUsername: '' }))?.step).toBe(LAUNCH_STEPS.indexOf('owner'));
    expect(stepOf('code')).toBe(0);
    expect(stepOf('restrictedCountries')).toBe(1);
    expect(stepOf('theme')).toBe(2);
    expect(stepOf('lotteryGames')).toBe(3);
    expect(stepOf('templateCode')).toBe(4);
    expect(stepOf('ownerEmail')).toBe(4);
  });

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
