import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_TYPE } from '@panalo/contract/member';
import type { OpsApplication, PromotionItem, RewardItem } from '@panalo/contract/promotions';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, createStaffMember, sessionFor } from '../../test-support/members';
import { jpegImage, multipartForm, pngImage, SVG_BYTES, ZIP_BYTES } from '../../test-support/images';
import { systemMailsOf } from '../../test-support/mail';
import { expectLedgerClean } from '../../test-support/ledger';
import { rollUpHouse } from '../wallet/house-rollup';
import { itRaces, oneAfterAnother } from '../../test-support/races';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string };

// Issue 18 item 2: application promotions. The member applies with a comment (≤ 140 characters) and up
// to 3 png/jpg images ≤ 5 MB checked by their bytes; an operator approves (issued into the reward centre)
// or rejects with a reason; each review audited, mailed, and done once.

const img = (bytes: Buffer, filename = 'win.jpg', type = 'image/jpeg') => ({
  name: 'images',
  filename,
  type,
  bytes,
});

describe('application promotions', () => {
  let t: TestApp;
  let promotionId: string;
  let ops: string;
  beforeAll(async () => {
    t = await createTestApp();
    const list = await t.request<Ok<PromotionItem[]>>({ method: 'GET', url: '/api/promotions?lang=EN' });
    promotionId = list.body.value.find((p) => p.kind === 'apply')!.id;
    ops = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.OPERATOR }));
  });
  afterAll(async () => t.close());

  const apply = (token: string, form: ReturnType<typeof multipartForm>, id = promotionId) =>
    t.request<Ok<RewardItem> | Err>({
      method: 'POST',
      url: `/api/promotions/${id}/applications`,
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
  const queue = async (status = 'applying') =>
    (
      await t.request<Ok<{ list: OpsApplication[]; total: number }>>({
        method: 'GET',
        url: `/api/ops/promotions/applications?status=${status}`,
        headers: bearer(ops),
      })
    ).body.value.list;
  const review = (id: string, body: unknown, token = ops) =>
    t.request<Ok<OpsApplication> | Err>({
      method: 'POST',
      url: `/api/ops/promotions/applications/${id}/review`,
      headers: bearer(token),
      payload: body as Record<string, unknown>,
    });
  const claim = (id: string, token: string) =>
    t.request({ method: 'POST', url: `/api/rewards/${id}/claim`, headers: bearer(token) });
  const claims = (memberId: bigint) =>
    t.ctx.db.selectFrom('promotion_claim').select('status').where('member_id', '=', memberId).execute();

  it('VALID-037 VALID-038 VALID-039 VALID-040 a comment over 140 characters, a file not png/jpg, an image over 5 MB or a fourth image is refused, and nothing is kept', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    const refused = async (form: ReturnType<typeof multipartForm>) => {
      const r = await apply(token, form);
      return [r.status, (r.body as Err).code];
    };
    expect(await refused(multipartForm({ comment: 'x'.repeat(141) }, []))).toEqual([400, 'comment_too_long']);
    expect(await refused(multipartForm({ comment: 'zip' }, [img(ZIP_BYTES, 'win.jpg')]))).toEqual([
      400,
      'upload_not_image',
    ]);
    expect(
      await refused(multipartForm({ comment: 'svg' }, [img(SVG_BYTES, 'win.png', 'image/png')])),
    ).toEqual([400, 'upload_not_image']);
    const big = pngImage({ trailing: Buffer.alloc(5 * 1024 * 1024 + 1) });
    expect(await refused(multipartForm({ comment: 'big' }, [img(big, 'big.png', 'image/png')]))).toEqual([
      400,
      'upload_too_large',
    ]);
    const four = Array.from({ length: 4 }, () => img(jpegImage()));
    expect(await refused(multipartForm({ comment: 'four' }, four))).toEqual([400, 'upload_too_many']);
    expect(await refused(multipartForm({ comment: 'nul\u0000' }, []))).toEqual([
      400,
      'text_invalid_characters',
    ]);
    expect(await claims(m.id)).toEqual([]);
    // Exactly 140 characters and 3 images: accepted.
    const ok = await apply(
      token,
      multipartForm({ comment: 'y'.repeat(140) }, [
        img(jpegImage()),
        img(jpegImage()),
        img(pngImage(), 'a.png', 'image/png'),
      ]),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((ok.body as Ok<RewardItem>).value).toMatchObject({ status: 'applying', amount: '88.00' });
  });

  it('a member applies once; the images are the member’s and those of staff whose role runs promotions; an operator rejects with a reason, once', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    const r = await apply(
      token,
      multipartForm({ comment: 'Won ₱1,250!' }, [
        img(jpegImage({ exif: 'GPS' })),
        img(pngImage(), 'b.png', 'image/png'),
      ]),
    );
    expect(r.status).toBe(200);
    const again = await apply(token, multipartForm({ comment: 'again' }, []));
    expect([again.status, (again.body as Err).code]).toEqual([409, 'application_already_sent']);
    const id = (r.body as Ok<RewardItem>).value.id;
    // The events tab shows my status: applying.
    const mine = await t.request<Ok<PromotionItem[]>>({
      method: 'GET',
      url: '/api/promotions?lang=EN',
      headers: bearer(token),
    });
    expect(mine.body.value.find((p) => p.id === promotionId)?.status).toBe('applying');
    const image = (who: string, n = 1) =>
      t.request({
        method: 'GET',
        url: `/api/promotions/applications/${id}/images/${n}`,
        headers: bearer(who),
      });
    const own = await image(token);
    expect([own.status, own.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const raw = (
      await t.app.inject({
        method: 'GET',
        url: `/api/promotions/applications/${id}/images/1`,
        headers: bearer(token),
      })
    ).rawPayload;
    expect(raw).toEqual(jpegImage()); // stored without its metadata
    expect((await image(await sessionFor(t, await createMember(t)))).status).toBe(404);
    expect((await image(ops, 2)).status).toBe(200);
    // Staff see them by their role's promotions permission: marketing has it, support does not.
    expect((await image(await sessionFor(t, await createStaffMember(t, 'marketing')))).status).toBe(200);
    const support = await image(await sessionFor(t, await createStaffMember(t, 'support')));
    expect([support.status, (support.body as Err).code]).toEqual([403, 'no_permission']);
    const waiting = (await queue()).find((a) => a.id === id)!;
    expect(waiting).toMatchObject({
      username: m.username,
      comment: 'Won ₱1,250!',
      images: 2,
      status: 'applying',
    });
    // A member cannot review; a reason is needed to reject.
    expect((await review(id, { approve: false, reason: 'no' }, token)).status).toBe(403);
    expect((await review(id, { approve: false, reason: '' })).status).toBe(400);
    const rejected = await review(id, { approve: false, reason: 'The screenshot does not show the win' });
    expect((rejected.body as Ok<OpsApplication>).value).toMatchObject({
      status: 'rejected',
      reason: 'The screenshot does not show the win',
    });
    const twice = await review(id, { approve: true });
    expect([twice.status, (twice.body as Err).code]).toEqual([409, 'application_reviewed']);
    const rewards = await t.request<Ok<{ history: RewardItem[] }>>({
      method: 'GET',
      url: '/api/rewards?lang=EN',
      headers: bearer(token),
    });
    expect(rewards.body.value.history.find((x) => x.id === id)).toMatchObject({
      status: 'rejected',
      reason: 'The screenshot does not show the win',
    });
    expect((await systemMailsOf(t.ctx.db, m.id)).at(-1)).toEqual({
      template: 'application_rejected',
      // In the merchant's language (Tagalog); the site renders the template in the reader's.
      params: {
        promotion: 'Ibahagi ang iyong malaking panalo',
        reason: 'The screenshot does not show the win',
      },
    });
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', `promotion_claim:${id}`)
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['promotion.application.reject']);
  });

  it('an approved application waits in the reward centre and is credited once when claimed; applicants sharing an address are flagged', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    await t.ctx.db
      .updateTable('member')
      .set({ register_ip: '203.0.113.77' })
      .where('id', 'in', [a.id, b.id])
      .execute();
    const tokenA = await sessionFor(t, a);
    const idA = ((await apply(tokenA, multipartForm({ comment: 'a' }, []))).body as Ok<RewardItem>).value.id;
    await apply(await sessionFor(t, b), multipartForm({ comment: 'b' }, []));
    const flagged = (await queue()).find((x) => x.id === idA)!;
    expect(flagged.linked).toEqual([{ username: b.username, via: ['address'] }]);
    const approved = await review(idA, { approve: true, amount: '100.00' });
    expect((approved.body as Ok<OpsApplication>).value).toMatchObject({ status: 'issued', amount: '100.00' });
    expect((await systemMailsOf(t.ctx.db, a.id)).at(-1)).toEqual({
      template: 'reward_issued',
      params: { amount: '100.00', promotion: 'Ibahagi ang iyong malaking panalo' },
    });
    const claimed = await oneAfterAnother(5, () => claim(idA, tokenA));
    expect(claimed.filter((c) => c.status === 200)).toHaveLength(1);
    await rollUpHouse(t.ctx.db);
    const wallet = await t.ctx.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('owner_member_id', '=', a.id)
      .where('kind', '=', 'member_wallet')
      .executeTakeFirstOrThrow();
    expect(BigInt(wallet.balance)).toBe(10_000n);
    await expectLedgerClean(t.ctx.db);
  });

  itRaces('an approved application claimed five times at once is credited once', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    const id = ((await apply(token, multipartForm({ comment: 'at once' }, []))).body as Ok<RewardItem>).value
      .id;
    expect((await review(id, { approve: true, amount: '100.00' })).status).toBe(200);
    const claimed = await Promise.all(Array.from({ length: 5 }, () => claim(id, token)));
    expect(claimed.filter((c) => c.status === 200)).toHaveLength(1);
    await rollUpHouse(t.ctx.db);
    const wallet = await t.ctx.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('owner_member_id', '=', m.id)
      .where('kind', '=', 'member_wallet')
      .executeTakeFirstOrThrow();
    expect(BigInt(wallet.balance)).toBe(10_000n);
    await expectLedgerClean(t.ctx.db);
  });

  it('trial accounts cannot apply; another merchant’s operator cannot see or review; bad ids are refused', async () => {
    const trial = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.TRIAL }));
    expect((await apply(trial, multipartForm({ comment: 'x' }, []))).status).toBe(403);
    const m = await createMember(t);
    const id = (
      (await apply(await sessionFor(t, m), multipartForm({ comment: 'x' }, []))).body as Ok<RewardItem>
    ).value.id;
    const luzonOps = await sessionFor(
      t,
      await createMember(t, { merchant: 'luzon', type: MEMBER_TYPE.OPERATOR }),
    );
    const other = await t.request<Err>({
      method: 'POST',
      url: `/api/ops/promotions/applications/${id}/review`,
      headers: { merchant: 'luzon', ...bearer(luzonOps) },
      payload: { approve: true },
    });
    expect([other.status, other.body.code]).toEqual([404, 'application_unknown']);
    expect((await review('99999999999999999999999', { approve: true })).status).toBe(400);
    expect((await review(id, { approve: 'yes' })).status).toBe(400);
    expect((await apply(await sessionFor(t, m), multipartForm({ comment: 'x' }, []), '1')).status).toBe(404);
  });
});
