import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KycDocument, KycReviewDetail, KycSettings, KycStatus } from '@panalo/contract/kyc';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, createStaffMember, sessionFor } from '../../test-support/members';
import { expectLedgerClean, fundFromClearing } from '../../test-support/ledger';
import { itRaces } from '../../test-support/races';
import { jpegImage, multipartForm, pngImage } from '../../test-support/images';
import { hashPassword } from '../identity/passwords';
import { outboxRepository } from '../messaging/messaging';
import { accountBalance, memberWalletKey } from '../wallet/ledger';
import { readyPlayer, withdraw } from '../withdrawals/withdrawals.test-helpers';
import { configureSignedCallbacks, createDeposit } from '../deposits/deposits.test-helpers';
import { KYC_DEFAULTS } from './kyc-settings';
import { ageOn, kycService, sameName } from './kyc.service';

// Know your customer (issue 53 items 1 and 2): the levels gate every money path — deposits, withdrawals,
// transfers between members, rain — at their edges; documents are checked by their bytes, sealed, read
// only by staff with the kyc permission (every view audited), reviewed with maker-checker from the
// merchant's level; an expired document lowers the level by itself.

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; value?: Record<string, unknown> };
type Reply<T> = { status: number; body: Ok<T> | Err };

/** The test merchant's tiers: small amounts, so that each edge is one request away. */
const TEST_SETTINGS: KycSettings = {
  ...KYC_DEFAULTS,
  enabled: true,
  levels: [
    {
      depositDay: '1000.00',
      depositMonth: '3000.00',
      withdrawDay: '500.00',
      withdrawMonth: '800.00',
      methods: ['BANK'],
      transfers: false,
    },
    {
      depositDay: '2000.00',
      depositMonth: '5000.00',
      withdrawDay: '1000.00',
      withdrawMonth: '2000.00',
      methods: null,
      transfers: false,
    },
    {
      depositDay: null,
      depositMonth: null,
      withdrawDay: '5000.00',
      withdrawMonth: null,
      methods: null,
      transfers: true,
    },
    {
      depositDay: null,
      depositMonth: null,
      withdrawDay: null,
      withdrawMonth: null,
      methods: null,
      transfers: true,
    },
  ],
  firstWithdrawalLevel: 2,
  depositsAbove: null,
  withdrawalAbove: { amount: '3000.00', level: 3 },
  minAge: 21,
  checkerFromLevel: 3,
  addressValidMonths: 12,
};

describe('verification levels and documents (issue 53)', () => {
  let t: TestApp;
  let owner: string;
  let risk: string;
  let support: string;
  let finance: string;
  let bankId: string;

  const err = (r: { status: number; body: unknown }) => [r.status, (r.body as Err).code];
  const call = <T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string,
    payload?: object,
    host = 'localhost',
  ) =>
    t.request<Ok<T> | Err>({
      method,
      url,
      headers: { ...bearer(token), host },
      ...(payload ? { payload } : {}),
    }) as Promise<Reply<T>>;
  const value = <T>(r: Reply<T>): T => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as Ok<T>).value;
  };
  const setKyc = async (patch: Partial<KycSettings> = {}) =>
    value(await call<KycSettings>('PUT', '/api/ops/kyc/settings', owner, { ...TEST_SETTINGS, ...patch }));

  /** Sends a document as the member: the kind's images (jpg) unless `files` says otherwise. */
  const send = (
    token: string,
    fields: Record<string, string>,
    files?: { name: string; filename: string; type: string; bytes: Buffer }[],
    host = 'localhost',
  ) => {
    const kind = fields.kind ?? 'identity';
    const slots = kind === 'identity' ? ['front', 'back', 'selfie'] : ['document'];
    const form = multipartForm(
      { kind, idType: 'philsys', fullName: 'Maria Clara', birthDate: '1990-05-01', ...fields },
      files ?? slots.map((s) => ({ name: s, filename: `${s}.jpg`, type: 'image/jpeg', bytes: jpegImage() })),
    );
    return t.request<Ok<KycDocument> | Err>({
      method: 'POST',
      url: '/api/kyc/documents',
      headers: { ...bearer(token), host, ...form.headers },
      payload: form.payload,
    }) as Promise<Reply<KycDocument>>;
  };
  const review = (id: string, as: string, body: object) =>
    call<KycReviewDetail>('POST', `/api/ops/kyc/documents/${id}/review`, as, body);
  const status = async (token: string) => value(await call<KycStatus>('GET', '/api/kyc', token));

  /** The member verified to level 2: an identity document sent and approved by the risk desk. */
  async function toLevel2(token: string) {
    const doc = value(await send(token, {}));
    value(await review(doc.id, risk, { decision: 'approve' }));
    expect((await status(token)).level).toBe(2);
    return doc;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await sessionFor(t, await createStaffMember(t, 'owner'));
    risk = await sessionFor(t, await createStaffMember(t, 'risk'));
    support = await sessionFor(t, await createStaffMember(t, 'support'));
    finance = await sessionFor(t, await createStaffMember(t, 'finance'));
    const opts = await call<{ methods: { code: string; bankAccounts: { id: string }[] }[] }>(
      'GET',
      '/api/cashier/deposit/options',
      await sessionFor(t, await createMember(t)),
    );
    bankId = value(opts).methods.find((m) => m.code === 'BANK')!.bankAccounts[0]!.id;
    await configureSignedCallbacks(t);
    await setKyc();
  });
  afterAll(async () => {
    await expectLedgerClean(t.ctx.db);
    await t.close();
  });

  it('the arithmetic: whole years of age (a birthday counts on its day), names compared as people write them', () => {
    expect(ageOn('2005-06-01', '2026-06-01')).toBe(21);
    expect(ageOn('2005-06-02', '2026-06-01')).toBe(20);
    expect(sameName('Maria  Clara', 'CLARA, maria')).toBe(true);
    expect(sameName('José Rizal', 'jose rizal')).toBe(true);
    expect(sameName('Maria Clara', 'Maria Clarita')).toBe(false);
  });

  it('settings: read with kyc, set only by the owner (site.control), audited; a daily ceiling above its monthly one is refused', async () => {
    expect(value(await call<KycSettings>('GET', '/api/ops/kyc/settings', support)).enabled).toBe(true);
    expect(err(await call('PUT', '/api/ops/kyc/settings', risk, TEST_SETTINGS))).toEqual([
      403,
      'no_permission',
    ]);
    expect(err(await call('GET', '/api/ops/kyc/settings', finance))).toEqual([403, 'no_permission']);
    const bad = structuredClone(TEST_SETTINGS);
    bad.levels[0]!.depositDay = '3000.01';
    expect(err(await call('PUT', '/api/ops/kyc/settings', owner, bad))).toEqual([
      400,
      'kyc_settings_invalid',
    ]);
    const even = structuredClone(TEST_SETTINGS);
    even.levels[0]!.withdrawDay = '800.00';
    expect(
      value(await call<KycSettings>('PUT', '/api/ops/kyc/settings', owner, even)).levels[0],
    ).toMatchObject({
      withdrawDay: '800.00',
      withdrawMonth: '800.00',
    });
    value(await call<KycSettings>('PUT', '/api/ops/kyc/settings', owner, TEST_SETTINGS));
    expect(err(await call('PUT', '/api/ops/kyc/settings', owner, { ...TEST_SETTINGS, minAge: 12 }))).toEqual([
      400,
      'validation_failed',
    ]);
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'kyc.settings')
      .execute();
    expect(audited.length).toBeGreaterThan(0);
  });

  it('deposits: the method must be allowed at the level, and the level’s daily ceiling holds at = and refuses at +0.01, saying what is left and which level allows more', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    const dep = (amount: string, methodCode = 'BANK') =>
      createDeposit(t, bearer(token), {
        methodCode,
        amount,
        ...(methodCode === 'BANK' ? { bankAccountId: bankId } : {}),
      });
    let r = await dep('100.00', 'PAYSIM');
    expect(err(r)).toEqual([409, 'kyc_level_required']);
    expect((r.body as unknown as Err).value).toEqual({ level: 1, current: 0, reason: 'method' });
    expect((await dep('600.00')).status).toBe(200);
    r = await dep('400.01');
    expect(err(r)).toEqual([409, 'kyc_limit_reached']);
    expect((r.body as unknown as Err).value).toEqual({
      kind: 'deposit',
      span: 'day',
      limit: '1000.00',
      left: '400.00',
      level: 0,
      nextLevel: 1,
    });
    expect((await dep('400.00')).status).toBe(200);
    // Refused requests wrote nothing: two orders.
    const orders = await t.ctx.db
      .selectFrom('deposit_order')
      .select('id')
      .where('member_id', '=', m.id)
      .execute();
    expect(orders).toHaveLength(2);
    // The next day the day's ceiling is back; the month's (3,000.00) still counts what was deposited.
    t.clock.advance(86_400_000);
    try {
      expect((await dep('1000.00')).status).toBe(200);
      t.clock.advance(86_400_000);
      r = await dep('1000.01');
      expect((r.body as unknown as Err).value).toMatchObject({ span: 'day' });
      r = await dep('1000.00');
      expect(err(r)).toEqual([200, undefined]);
      t.clock.advance(86_400_000);
      r = await dep('100.00');
      expect((r.body as unknown as Err).value).toMatchObject({ span: 'month', left: '0.00', nextLevel: 1 });
    } finally {
      t.clock.set('2026-06-01T08:00:00.000Z');
    }
  });

  it('deposits past the merchant’s total ask for its level: −0.01 and = pass, +0.01 is refused with the level and why', async () => {
    await setKyc({ depositsAbove: { amount: '1000.00', level: 2 } });
    try {
      const token = await sessionFor(t, await createMember(t));
      const dep = (amount: string) =>
        createDeposit(t, bearer(token), { methodCode: 'BANK', amount, bankAccountId: bankId });
      expect((await dep('500.00')).status).toBe(200);
      expect((await dep('399.99')).status).toBe(200);
      const r = await dep('100.02');
      expect(err(r)).toEqual([409, 'kyc_level_required']);
      expect((r.body as unknown as Err).value).toEqual({ level: 2, current: 0, reason: 'deposits_above' });
      expect((await dep('100.01')).status).toBe(200);
    } finally {
      await setKyc();
    }
  });

  it('withdrawals: the first asks for level 2 (nothing moves), then the level-3 amount edge (= passes, +0.01 refused) and the day’s ceiling', async () => {
    const p = await readyPlayer(t, { balance: 1_000_000n });
    const wallet = () => accountBalance(t.ctx.db, memberWalletKey(1, p.member.id, 'PHP'));
    let r = await withdraw(t, p, { cardId: p.card.id, amount: '100.00' });
    expect([r.status, (r.body as Err).code, (r.body as Err).value]).toEqual([
      409,
      'kyc_level_required',
      { level: 2, current: 0, reason: 'first_withdrawal' },
    ]);
    expect(await wallet()).toBe(1_000_000n);
    await toLevel2(p.token);
    r = await withdraw(t, p, { cardId: p.card.id, amount: '3000.01' });
    expect([(r.body as Err).code, (r.body as Err).value]).toEqual([
      'kyc_level_required',
      { level: 3, current: 2, reason: 'withdrawal_above' },
    ]);
    expect((await withdraw(t, p, { cardId: p.card.id, amount: '3000.00' })).status).toBe(200);
    r = await withdraw(t, p, { cardId: p.card.id, amount: '2000.01' });
    expect([(r.body as Err).code, (r.body as Err).value]).toEqual([
      'kyc_limit_reached',
      { kind: 'withdraw', span: 'day', limit: '5000.00', left: '2000.00', level: 2, nextLevel: 3 },
    ]);
    expect((await withdraw(t, p, { cardId: p.card.id, amount: '2000.00' })).status).toBe(200);
    expect(await wallet()).toBe(1_000_000n - 500_000n);
  });

  itRaces(
    'withdrawals at the same moment are counted one after another against the day’s ceiling: three of five pass',
    async () => {
      const p = await readyPlayer(t, { balance: 1_000_000n });
      await toLevel2(p.token);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => withdraw(t, p, { cardId: p.card.id, amount: '1500.00' })),
      );
      const codes = answers.map((a) => (a.status === 200 ? 'ok' : (a.body as Err).code)).sort();
      expect(codes).toEqual(['kyc_limit_reached', 'kyc_limit_reached', 'ok', 'ok', 'ok']);
    },
  );

  it('with verification off nothing is gated (a level-0 member withdraws at once)', async () => {
    await setKyc({ enabled: false });
    try {
      const p = await readyPlayer(t, { balance: 100_000n });
      expect((await withdraw(t, p, { cardId: p.card.id, amount: '100.00' })).status).toBe(200);
    } finally {
      await setKyc();
    }
  });

  it('money between members: an agent below the transfers level is refused, and so is a transfer to a downline below it (naming them); funding a rain too', async () => {
    const agent = await createMember(t, { type: 1 });
    await t.ctx.db
      .updateTable('member')
      .set({ payment_password_hash: await hashPassword('135790') })
      .where('id', '=', agent.id)
      .execute();
    const agentToken = await sessionFor(t, agent);
    const down = await createMember(t, { uplineId: agent.id });
    const downToken = await sessionFor(t, down);
    await fundFromClearing(t.ctx.db, agent.id, 100_000n, t.clock.now());
    let n = 0;
    const transfer = () =>
      t.request<Err>({
        method: 'POST',
        url: '/api/agent/transfers',
        headers: { ...bearer(agentToken), 'idempotency-key': `kyc-transfer-${++n}` },
        payload: { lines: [{ memberId: down.id.toString(), amount: '10.00' }], paymentPassword: '135790' },
      });
    let r = await transfer();
    expect([r.status, r.body.code, r.body.value]).toEqual([
      409,
      'kyc_level_required',
      { level: 2, current: 0, reason: 'transfers' },
    ]);
    await toLevel2(agentToken);
    r = await transfer();
    expect([r.status, r.body.code, r.body.value]).toEqual([
      409,
      'kyc_receiver_unverified',
      { username: down.username, level: 2 },
    ]);
    await toLevel2(downToken);
    expect((await transfer()).status).toBe(200);
    expect(await accountBalance(t.ctx.db, memberWalletKey(1, down.id, 'PHP'))).toBe(1_000n);

    // Rain: a level-0 agent may not fund one; at level 2 it may.
    const rain = (token: string) =>
      t.request<Err>({
        method: 'POST',
        url: '/api/agent/rains',
        headers: { ...bearer(token), 'idempotency-key': `kyc-rain-${++n}` },
        payload: { budget: '10.00', envelopes: 2, minutes: 10, paymentPassword: '135790' },
      });
    const low = await createMember(t, { type: 1 });
    await t.ctx.db
      .updateTable('member')
      .set({ payment_password_hash: await hashPassword('135790') })
      .where('id', '=', low.id)
      .execute();
    await fundFromClearing(t.ctx.db, low.id, 10_000n, t.clock.now());
    r = await rain(await sessionFor(t, low));
    expect([r.status, r.body.code]).toEqual([409, 'kyc_level_required']);
    expect(await accountBalance(t.ctx.db, memberWalletKey(1, low.id, 'PHP'))).toBe(10_000n);
    expect((await rain(agentToken)).status).toBe(200);
  });

  it('documents are checked by their bytes: a PDF named .jpg, a 20 MB photo, a missing selfie, an under-age birth date and an unaccepted ID are refused, and nothing is stored', async () => {
    const token = await sessionFor(t, await createMember(t));
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const files = (over: Record<string, Buffer>) =>
      ['front', 'back', 'selfie'].map((s) => ({
        name: s,
        filename: `${s}.jpg`,
        type: 'image/jpeg',
        bytes: over[s] ?? jpegImage(),
      }));
    let r = await send(token, {}, files({ front: pdf }));
    expect([...err(r), (r.body as Err).value?.field]).toEqual([400, 'upload_not_image', 'front']);
    r = await send(
      token,
      {},
      files({ selfie: Buffer.concat([jpegImage(), Buffer.alloc(20 * 1024 * 1024)]) }),
    );
    expect(err(r)).toEqual([400, 'upload_too_large']);
    r = await send(
      token,
      {},
      files({}).filter((f) => f.name !== 'selfie'),
    );
    expect([...err(r), (r.body as Err).value]).toEqual([400, 'kyc_image_missing', { slots: ['selfie'] }]);
    r = await send(token, { birthDate: '2005-06-02' });
    expect([...err(r), (r.body as Err).value]).toEqual([400, 'kyc_under_age', { minAge: 21 }]);
    r = await send(token, { idType: 'library_card' });
    expect(err(r)).toEqual([400, 'validation_failed']);
    r = await send(token, { fullName: 'Maria\u0000Clara' });
    expect(err(r)).toEqual([400, 'text_invalid_characters']);
    expect((await status(token)).documents).toEqual([]);
    // A passport has one side: no back asked for; a png is as good as a jpg.
    r = await send(
      token,
      { idType: 'passport' },
      ['front', 'selfie'].map((s) => ({
        name: s,
        filename: `${s}.png`,
        type: 'image/png',
        bytes: pngImage(),
      })),
    );
    expect(value(r)).toMatchObject({ kind: 'identity', idType: 'passport', status: 'pending' });
    // One of a kind waits at a time.
    expect(err(await send(token, {}))).toEqual([409, 'kyc_document_waiting']);
  });

  it('a document’s images are sealed at rest, stripped of metadata, readable only by staff with kyc — every view audited — never by another merchant or the member', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    const doc = value(
      await send(
        token,
        {},
        ['front', 'back', 'selfie'].map((s) => ({
          name: s,
          filename: `${s}.jpg`,
          type: 'image/jpeg',
          bytes: jpegImage({ exif: 'GPS 14.5995 N 120.9842 E' }),
        })),
      ),
    );
    const row = await t.ctx.db
      .selectFrom('kyc_document')
      .select('images')
      .where('id', '=', BigInt(doc.id))
      .executeTakeFirstOrThrow();
    const stored = await t.ctx.files.get(row.images.front!);
    // Sealed: not a JPEG on disk, and the position is nowhere in it.
    expect(stored!.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(false);
    expect(stored!.includes(Buffer.from('GPS'))).toBe(false);

    const url = `/api/ops/kyc/documents/${doc.id}/images/front`;
    const img = await t.app.inject({ method: 'GET', url, headers: bearer(support) });
    expect([img.statusCode, img.headers['content-type'], img.headers['cache-control']]).toEqual([
      200,
      'image/jpeg',
      'no-store',
    ]);
    expect(img.rawPayload.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);
    expect(img.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    // Not the member, not a desk without kyc, not another merchant's staff, not a slot it lacks.
    expect((await t.request({ method: 'GET', url, headers: bearer(token) })).status).toBe(403);
    expect((await t.request({ method: 'GET', url, headers: bearer(finance) })).status).toBe(403);
    const luzonRisk = await sessionFor(t, await createStaffMember(t, 'risk', 'luzon'));
    const other = await t.request({
      method: 'GET',
      url,
      headers: { ...bearer(luzonRisk), host: 'luzon.localhost' },
    });
    expect(other.status).toBe(404);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/ops/kyc/documents/${doc.id}/images/document`,
          headers: bearer(risk),
        })
      ).status,
    ).toBe(404);
    // Each view is recorded, and the reviewer sees who looked.
    await t.request({ method: 'GET', url: url.replace('front', 'selfie'), headers: bearer(risk) });
    const detail = value(await call<KycReviewDetail>('GET', `/api/ops/kyc/documents/${doc.id}`, risk));
    expect(detail.views.map((v) => v.slot)).toEqual(['selfie', 'front']);
    expect(detail.checks).toMatchObject({ age: 36, ageOk: true });
    const views = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor'])
      .where('action', '=', 'kyc.view')
      .where('target', '=', `kyc_document:${doc.id}`)
      .execute();
    expect(views).toHaveLength(2);
  });

  it('review: support rejects with a reason the member reads (and is mailed), the member sends again, compliance approves; a decided document is final', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    const first = value(await send(token, {}));
    const queue = value(
      await call<{ list: { id: string; gives: number }[] }>(
        'GET',
        '/api/ops/kyc/documents?status=pending',
        support,
      ),
    );
    expect(queue.list.find((d) => d.id === first.id)?.gives).toBe(2);
    expect(err(await review(first.id, support, { decision: 'reject' }))).toEqual([400, 'validation_failed']);
    value(await review(first.id, support, { decision: 'reject', reason: 'The photo of the ID is blurred' }));
    let s = await status(token);
    expect([s.level, s.documents[0]!.status, s.documents[0]!.reason]).toEqual([
      0,
      'rejected',
      'The photo of the ID is blurred',
    ]);
    const mail = await t.ctx.db
      .selectFrom('mail_recipient as r')
      .innerJoin('mail as m', 'm.id', 'r.mail_id')
      .select(['m.template', 'm.params'])
      .where('r.member_id', '=', m.id)
      .execute();
    expect(mail.map((x) => x.template)).toEqual(['kyc_rejected']);
    expect(err(await review(first.id, risk, { decision: 'approve' }))).toEqual([409, 'kyc_document_decided']);

    const second = value(await send(token, {}));
    value(await review(second.id, risk, { decision: 'approve', expiresOn: '2031-01-31' }));
    s = await status(token);
    expect([s.level, s.documents[0]!.status, s.documents[0]!.expiresOn]).toEqual([
      2,
      'approved',
      '2031-01-31',
    ]);
  });

  it('maker-checker: a proof of address (level 3) needs two different reviewers; it lapses after the merchant’s months, and an expired ID lowers the level by itself', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    const id = value(await send(token, {}));
    value(await review(id.id, risk, { decision: 'approve', expiresOn: '2027-01-01' }));
    const addr = value(await send(token, { kind: 'address' }));
    let d = value(await review(addr.id, risk, { decision: 'approve' }));
    expect(d.status).toBe('checking');
    expect(d.firstReviewer).not.toBeNull();
    expect((await status(token)).level).toBe(2);
    expect(err(await review(addr.id, risk, { decision: 'approve' }))).toEqual([409, 'kyc_same_reviewer']);
    d = value(await review(addr.id, owner, { decision: 'approve' }));
    expect([d.status, d.expiresOn]).toEqual(['approved', '2027-06-01']);
    expect((await status(token)).level).toBe(3);
    // Past the ID's expiry the member is back to level 0 (no mobile confirmed), without anyone acting.
    const kyc = kycService(t.ctx.db, t.ctx.files);
    expect(await kyc.level(1, m.id, new Date('2027-01-01T08:00:00.000Z'))).toBe(3);
    expect(await kyc.level(1, m.id, new Date('2027-01-02T08:00:00.000Z'))).toBe(0);
  });

  it('the name and birth date on a document are screened: a listed person’s document opens a screening case that holds withdrawals', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    value(await send(token, { fullName: 'Consuelo Aurora Villafranca', birthDate: '1965-11-02' }));
    const cases = await t.ctx.db
      .selectFrom('aml_case')
      .select(['rule', 'freezes_withdrawals', 'subject'])
      .where('member_id', '=', m.id)
      .execute();
    expect(cases).toEqual([{ rule: 'screening', freezes_withdrawals: true, subject: 'list:DEMO-P-001' }]);
  });

  it('level 1: the member confirms the mobile number on the account with a code sent to it; a changed number is no longer confirmed', async () => {
    const m = await createMember(t, { mobile: ['63', '9170000101'] });
    const token = await sessionFor(t, m);
    expect((await status(token)).hasMobile).toBe(true);
    value(await call('POST', '/api/kyc/mobile/code', token));
    const sms = await outboxRepository(t.ctx.db).latestFor(1, '63 9170000101');
    const code = /(\d{6})/.exec(sms!.body)![1]!;
    expect(
      err(
        await call('POST', '/api/kyc/mobile/confirm', token, {
          code: code === '000000' ? '111111' : '000000',
        }),
      ),
    ).toEqual([400, 'sms_code_wrong']);
    const s = value(await call<KycStatus>('POST', '/api/kyc/mobile/confirm', token, { code }));
    expect([s.level, s.mobileConfirmed]).toEqual([1, true]);
    await t.ctx.db.updateTable('member').set({ mobile_num: '9170000102' }).where('id', '=', m.id).execute();
    expect((await status(token)).level).toBe(0);
    const none = await sessionFor(t, await createMember(t));
    expect(err(await call('POST', '/api/kyc/mobile/code', none))).toEqual([409, 'kyc_no_mobile']);
  });
});
