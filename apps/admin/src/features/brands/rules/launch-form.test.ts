import { describe, expect, it } from 'vitest';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test, never bundled: the form's request must pass the API's own schema
import { launchBrandRequest } from '@panalo/contract/provider';
import {
  firstProblems,
  LAUNCH_STEPS,
  launchRequest,
  newLaunchForm,
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
    expect(problems(form, 'games')).toEqual([]);
    expect(problems(form, 'cashier')).toEqual([]);
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
    for (const left of ['vendors', 'hiddenGames', 'depositMethods', 'payMongo', 'maintenanceWindow'])
      expect(body).not.toHaveProperty(left);
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

  it('sends the registration fields changed, and only those', () => {
    const form = filled({ registration: { mobileNum: 'required', nickname: 'optional' } });
    const request = launchRequest(form);
    expect(request.registration).toEqual({ mobileNum: 'required', nickname: 'optional' });
    expect(launchBrandRequest.parse(request).registration).toEqual(request.registration);
    expect(launchRequest(filled()).registration).toEqual({});
  });

  it('sends the games and the cashier chosen, the window with the brand’s zone’s offset', () => {
    const body = launchRequest(
      filled({
        vendors: ['JILI', 'PG'],
        // A game of a vendor not shown is hidden with it: it is not sent.
        hiddenGames: ['JILI:super-ace', 'PG:fortune_ox', 'EVO:lightning'],
        lotteryGames: ['WINGO1'],
        depositMethods: ['GCASH_QR', 'BANK'],
        payMongo: {
          secretKey: ' sk_test_abcdEFGH1234 ',
          webhookSecret: 'whsk_abcdEFGH1234',
          apiUrl: '',
          methods: ['GCASH', 'MAYA'],
        },
        maintenanceWindow: { startsAt: '2026-12-01T02:00', endsAt: '2026-12-01T04:30', message: ' Upgrade ' },
      }),
    );
    expect(launchBrandRequest.parse(body)).toMatchObject({
      vendors: ['JILI', 'PG'],
      hiddenGames: ['JILI:super-ace', 'PG:fortune_ox'],
      lotteryGames: ['WINGO1'],
      depositMethods: ['GCASH_QR', 'BANK'],
      payMongo: {
        secretKey: 'sk_test_abcdEFGH1234',
        webhookSecret: 'whsk_abcdEFGH1234',
        methods: ['GCASH', 'MAYA'],
      },
      maintenanceWindow: {
        startsAt: '2026-12-01T02:00:00+08:00',
        endsAt: '2026-12-01T04:30:00+08:00',
        message: 'Upgrade',
      },
    });
    expect(body.payMongo).not.toHaveProperty('apiUrl');
    expect(Date.parse(body.maintenanceWindow!.startsAt)).toBe(Date.parse('2026-11-30T18:00:00Z'));
    // Vendors left alone: the hidden games are the template's to judge, all sent; none hidden is a choice.
    const some = launchRequest(filled({ hiddenGames: ['EVO:lightning'] }));
    expect(launchBrandRequest.parse(some).hiddenGames).toEqual(['EVO:lightning']);
    expect(launchBrandRequest.parse(launchRequest(filled({ hiddenGames: [] }))).hiddenGames).toEqual([]);
    // The window is read in the brand's zone, not the browser's.
    const ny = launchRequest(
      filled({
        timeZone: 'America/New_York',
        maintenanceWindow: { startsAt: '2026-12-01T02:00', endsAt: '2026-12-01T03:00', message: '' },
      }),
    );
    expect(launchBrandRequest.parse(ny).maintenanceWindow).toEqual({
      startsAt: '2026-12-01T02:00:00-05:00',
      endsAt: '2026-12-01T03:00:00-05:00',
    });
    // An API URL given (PayMongo's simulator) is sent.
    const sim = launchRequest(
      filled({
        payMongo: {
          secretKey: 'sk_test_abcdEFGH1234',
          webhookSecret: 'whsk_abcdEFGH1234',
          apiUrl: 'http://localhost:4010 ',
          methods: ['QRPH'],
        },
      }),
    );
    expect(launchBrandRequest.parse(sim).payMongo?.apiUrl).toBe('http://localhost:4010');
  });

  it('refuses a PayMongo account the contract refuses: a live or malformed key, a bad secret, no method', () => {
    const pay = (change: Partial<NonNullable<LaunchForm['payMongo']>>) =>
      filled({
        payMongo: {
          secretKey: 'sk_test_abcdEFGH1234',
          webhookSecret: 'whsk_abcdEFGH1234',
          apiUrl: '',
          methods: ['GCASH'],
          ...change,
        },
      });
    expect(problems(pay({}), 'cashier')).toEqual([]);
    expect(problems(pay({ secretKey: 'sk_live_abcdEFGH1234' }), 'cashier')).toEqual([
      'payMongo.secretKey:payMongoLiveKey',
    ]);
    expect(problems(pay({ secretKey: 'sk_test_short' }), 'cashier')).toEqual([
      'payMongo.secretKey:payMongoKey',
    ]);
    expect(problems(pay({ secretKey: '', webhookSecret: 'whsec_abcdEFGH1234' }), 'cashier')).toEqual([
      'payMongo.secretKey:payMongoKey',
      'payMongo.webhookSecret:payMongoWebhook',
    ]);
    expect(problems(pay({ apiUrl: 'ftp://paymongo.test', methods: [] }), 'cashier')).toEqual([
      'payMongo.apiUrl:apiUrl',
      'payMongo.methods:payMongoMethods',
    ]);
    // What the step lets through, the contract takes; what it refuses, the contract refuses too.
    expect(launchBrandRequest.safeParse(launchRequest(pay({}))).success).toBe(true);
    for (const bad of [
      pay({ secretKey: 'sk_live_abcdEFGH1234' }),
      pay({ webhookSecret: 'whsec_abcdEFGH1234' }),
      pay({ apiUrl: 'ftp://paymongo.test' }),
      pay({ methods: [] }),
    ])
      expect(launchBrandRequest.safeParse(launchRequest(bad)).success).toBe(false);
  });

  it('refuses a window that ends before it starts, lasts over 72 hours or lacks a time', () => {
    const win = (startsAt: string, endsAt: string, message = '') =>
      filled({ maintenanceWindow: { startsAt, endsAt, message } });
    expect(problems(win('2026-12-01T02:00', '2026-12-04T02:00'), 'cashier')).toEqual([]);
    expect(problems(win('2026-12-01T02:00', '2026-12-01T02:00'), 'cashier')).toEqual([
      'maintenanceWindow.endsAt:brand.window.problem.order',
    ]);
    expect(problems(win('2026-12-01T02:00', '2026-11-30T23:00'), 'cashier')).toEqual([
      'maintenanceWindow.endsAt:brand.window.problem.order',
    ]);
    expect(problems(win('2026-12-01T02:00', '2026-12-04T02:01'), 'cashier')).toEqual([
      'maintenanceWindow.endsAt:brand.window.problem.length',
    ]);
    expect(problems(win('', '2026-02-31T02:00', 'x'.repeat(201)), 'cashier')).toEqual([
      'maintenanceWindow.startsAt:brand.window.problem.time',
      'maintenanceWindow.endsAt:brand.window.problem.time',
      'maintenanceWindow.message:brand.window.problem.message',
    ]);
    expect(
      launchBrandRequest.safeParse(launchRequest(win('2026-12-01T02:00', '2026-12-04T02:00'))).success,
    ).toBe(true);
    for (const bad of [
      win('2026-12-01T02:00', '2026-12-01T01:00'),
      win('2026-12-01T02:00', '2026-12-04T02:01'),
    ])
      expect(launchBrandRequest.safeParse(launchRequest(bad)).success).toBe(false);
  });

  it('names a vendor, a hidden game or a deposit method the contract would refuse', () => {
    expect(problems(filled({ vendors: ['jili'], hiddenGames: ['JILI'] }), 'games')).toEqual([
      'vendors:vendor',
      'hiddenGames:game',
    ]);
    expect(problems(filled({ vendors: Array.from({ length: 101 }, (_, i) => `V${i}`) }), 'games')).toEqual([
      'vendors:tooManyVendors',
    ]);
    expect(problems(filled({ depositMethods: ['gcash'] }), 'cashier')).toEqual([
      'depositMethods:depositMethod',
    ]);
    // Nothing at all is a choice: no vendor, no deposit method.
    expect(problems(filled({ vendors: [], depositMethods: [] }), 'games')).toEqual([]);
    expect(
      launchBrandRequest.parse(launchRequest(filled({ vendors: [], depositMethods: [] }))),
    ).toMatchObject({
      vendors: [],
      depositMethods: [],
    });
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
    expect(problems(filled({ lotteryGames: ['wingo1'] }), 'games')).toEqual(['lotteryGames:lotteryGame']);
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
    expect(stepOf('modules')).toBe(3);
    expect(stepOf('lotteryGames')).toBe(4);
    expect(stepOf('hiddenGames')).toBe(4);
    expect(stepOf('payMongo.webhookSecret')).toBe(5);
    expect(stepOf('maintenanceWindow.endsAt')).toBe(5);
    expect(stepOf('templateCode')).toBe(6);
    expect(stepOf('ownerEmail')).toBe(6);
  });
});
