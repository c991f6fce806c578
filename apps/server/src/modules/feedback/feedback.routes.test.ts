import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackItem, FeedbackList } from '@panalo/contract/feedback';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, createStaffMember, sessionFor } from '../../test-support/members';
import { multipartForm as form, jpegImage, pngImage, SVG_BYTES, ZIP_BYTES } from '../../test-support/images';
import { systemMailsOf } from '../../test-support/mail';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; value?: Record<string, unknown> };

// Issue 19 item 3 (/m/feedback, FEEDBACK3): the member's PUT is multipart; content within the merchant's
// word bounds; up to 3 png/jpg images ≤ 5 MB checked by content and stored without metadata; bad uploads
// refused with a message key and nothing stored; members see only their own; the operator replies.

const jpg = (bytes: Buffer, filename = 'photo.jpg') => ({
  name: 'images',
  filename,
  type: 'image/jpeg',
  bytes,
});
const TEXT = 'My deposit of 500 has not arrived after an hour';

describe('feedback over the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (token: string, f: ReturnType<typeof form>, merchant = 'panalo') =>
    t.request<Ok<FeedbackItem> | Err>({
      method: 'PUT',
      url: '/api/feedback',
      headers: { merchant, ...bearer(token), ...f.headers },
      payload: f.payload,
    });
  const refused = (r: { status: number; body: unknown }, code: string) =>
    expect([r.status, (r.body as Err).code], JSON.stringify(r.body)).toEqual([400, code]);
  const stored = async () => ({
    feedback: (await t.ctx.db.selectFrom('feedback').select('id').execute()).length,
    images: (await t.ctx.db.selectFrom('feedback_image').select('file_key').execute()).length,
  });

  it('CONTENT-003 API-028 a member sends feedback with two images by PUT; they are stored without their metadata', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    const r = await put(
      token,
      form({ category: 'deposit', content: TEXT }, [
        jpg(jpegImage({ exif: 'GPS 14.5995 N 120.9842 E' })),
        { name: 'images', filename: 'screen.png', type: 'image/png', bytes: pngImage({ text: 'secret' }) },
      ]),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const item = (r.body as Ok<FeedbackItem>).value;
    expect(item).toMatchObject({
      category: 'deposit',
      content: TEXT,
      status: 'open',
      images: 2,
      replies: [],
    });
    const img1 = await t.request<Buffer>({
      method: 'GET',
      url: `/api/feedback/${item.id}/images/1`,
      headers: bearer(token),
    });
    expect(img1.status).toBe(200);
    expect(img1.headers['content-type']).toBe('image/jpeg');
    expect(img1.headers['x-content-type-options']).toBe('nosniff');
    const raw = (
      await t.app.inject({ method: 'GET', url: `/api/feedback/${item.id}/images/1`, headers: bearer(token) })
    ).rawPayload;
    expect(raw.includes(Buffer.from('GPS'))).toBe(false);
    expect(raw).toEqual(jpegImage());
    const list = await t.request<Ok<FeedbackList>>({
      method: 'GET',
      url: '/api/feedback',
      headers: bearer(token),
    });
    expect(list.body.value.list.map((x) => x.id)).toEqual([item.id]);
    expect([list.body.value.minWords, list.body.value.maxWords]).toEqual([3, 300]);
  });

  it('VALID-036 the content must hold between the merchant’s word bounds', async () => {
    const token = await sessionFor(t, await createMember(t));
    const accepted = async (content: string) => {
      const r = await put(token, form({ category: 'other', content }, []));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    // The default bounds, 3 and 300, at each edge: 2 and 301 words are refused, 3 and 300 are taken.
    const short = await put(token, form({ category: 'other', content: 'too short' }, []));
    refused(short, 'feedback_words');
    expect((short.body as Err).value).toEqual({ min: 3, max: 300, words: 2 });
    await accepted(words(3));
    await accepted(words(300));
    const long = await put(token, form({ category: 'other', content: words(301) }, []));
    refused(long, 'feedback_words');
    expect((long.body as Err).value).toEqual({ min: 3, max: 300, words: 301 });
    const settings = (
      await t.ctx.db
        .selectFrom('merchant')
        .select('settings')
        .where('code', '=', 'panalo')
        .executeTakeFirstOrThrow()
    ).settings;
    const setBounds = (feedback: { minWords: number; maxWords: number } | undefined) =>
      t.ctx.db
        .updateTable('merchant')
        .set({ settings: JSON.stringify({ ...settings, feedback }) })
        .where('code', '=', 'panalo')
        .execute();
    // The merchant’s own bounds (2 to 4 here), at each edge: 1 and 5 words refused, 2 and 4 taken.
    await setBounds({ minWords: 2, maxWords: 4 });
    try {
      // (the merchant resolver reads settings fresh in tests)
      const one = await put(token, form({ category: 'other', content: 'short' }, []));
      refused(one, 'feedback_words');
      expect((one.body as Err).value).toEqual({ min: 2, max: 4, words: 1 });
      await accepted('short, fine');
      await accepted('four words is fine');
      refused(
        await put(token, form({ category: 'other', content: 'now five words is long' }, [])),
        'feedback_words',
      );
    } finally {
      await setBounds(undefined);
    }
  });

  it('bad uploads are refused with a clear key and nothing is stored: a zip named .jpg, an SVG, 5 MB + 1 byte, a fourth image, NUL, a category unknown', async () => {
    const token = await sessionFor(t, await createMember(t));
    const before = await stored();
    refused(
      await put(token, form({ category: 'games', content: TEXT }, [jpg(ZIP_BYTES, 'holiday.jpg')])),
      'upload_not_image',
    );
    refused(
      await put(
        token,
        form({ category: 'games', content: TEXT }, [
          { name: 'images', filename: 'x.png', type: 'image/png', bytes: SVG_BYTES },
        ]),
      ),
      'upload_not_image',
    );
    const big = Buffer.concat([jpegImage(), Buffer.alloc(5 * 1024 * 1024 + 1 - jpegImage().length, 0)]);
    expect(big.length).toBe(5 * 1024 * 1024 + 1);
    refused(await put(token, form({ category: 'games', content: TEXT }, [jpg(big)])), 'upload_too_large');
    const four = [1, 2, 3, 4].map(() => jpg(jpegImage()));
    refused(await put(token, form({ category: 'games', content: TEXT }, four)), 'upload_too_many');
    refused(
      await put(token, form({ category: 'games', content: `${TEXT}\u0000` }, [])),
      'text_invalid_characters',
    );
    refused(
      await put(token, form({ category: 'casino', content: TEXT }, [jpg(jpegImage())])),
      'validation_failed',
    );
    const json = await t.request<Err>({
      method: 'PUT',
      url: '/api/feedback',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: { category: 'games', content: TEXT },
    });
    expect([json.status, json.body.code]).toEqual([400, 'upload_invalid']);
    expect(await stored()).toEqual(before);
    // Exactly 5 MB is accepted (its padding after the end is dropped).
    const five = Buffer.concat([jpegImage(), Buffer.alloc(5 * 1024 * 1024 - jpegImage().length, 0)]);
    expect((await put(token, form({ category: 'games', content: TEXT }, [jpg(five)]))).status).toBe(200);
  });

  it('isolation: another member’s feedback and images are unknown; another merchant’s too; staff whose role reads feedback read the merchant’s; a trial account and a visitor are refused', async () => {
    const a = await createMember(t);
    const aToken = await sessionFor(t, a);
    const r = await put(aToken, form({ category: 'account', content: TEXT }, [jpg(jpegImage())]));
    const id = (r.body as Ok<FeedbackItem>).value.id;
    const bToken = await sessionFor(t, await createMember(t));
    const other = await t.request<Err>({
      method: 'GET',
      url: `/api/feedback/${id}/images/1`,
      headers: bearer(bToken),
    });
    expect([other.status, other.body.code]).toEqual([404, 'feedback_unknown']);
    const mineB = await t.request<Ok<{ list: FeedbackItem[] }>>({
      method: 'GET',
      url: '/api/feedback',
      headers: bearer(bToken),
    });
    expect(mineB.body.value.list).toEqual([]);
    const luzonStaff = await sessionFor(
      t,
      await createMember(t, { merchant: 'luzon', type: MEMBER_TYPE.OPERATOR }),
    );
    const cross = await t.request<Err>({
      method: 'GET',
      url: `/api/feedback/${id}/images/1`,
      headers: { merchant: 'luzon', ...bearer(luzonStaff) },
    });
    expect(cross.status).toBe(404);
    const staff = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.OPERATOR }));
    expect(
      (await t.request({ method: 'GET', url: `/api/feedback/${id}/images/1`, headers: bearer(staff) }))
        .status,
    ).toBe(200);
    // Staff read them by their role's feedback permission: support has it, finance does not.
    const imageAs = async (role: 'support' | 'finance') =>
      t.request<Err>({
        method: 'GET',
        url: `/api/feedback/${id}/images/1`,
        headers: bearer(await sessionFor(t, await createStaffMember(t, role))),
      });
    expect((await imageAs('support')).status).toBe(200);
    const finance = await imageAs('finance');
    expect([finance.status, finance.body.code]).toEqual([403, 'no_permission']);
    const trial = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.TRIAL }));
    expect((await put(trial, form({ category: 'other', content: TEXT }, []))).status).toBe(403);
    const visitor = await t.request({ method: 'GET', url: '/api/feedback' });
    expect(visitor.status).toBe(401);
  });

  it('the operator lists, replies and closes; the member sees the reply and is told by mail; a closed one takes no more', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    const sent = (await put(token, form({ category: 'withdrawal', content: TEXT }, [])))
      .body as Ok<FeedbackItem>;
    const ops = await sessionFor(t, await createMember(t, { type: MEMBER_TYPE.OPERATOR }));
    const open = await t.request<Ok<{ list: (FeedbackItem & { username: string })[] }>>({
      method: 'GET',
      url: '/api/ops/feedback?status=open',
      headers: bearer(ops),
    });
    expect(open.body.value.list.find((x) => x.id === sent.value.id)).toMatchObject({ username: m.username });
    const reply = (content: string, close = false) =>
      t.request<Ok<FeedbackItem> | Err>({
        method: 'POST',
        url: `/api/ops/feedback/${sent.value.id}/reply`,
        headers: bearer(ops),
        payload: { content, close },
      });
    expect((await reply('We are checking with the bank.')).status).toBe(200);
    expect((await reply('It is credited now.', true)).body).toMatchObject({ value: { status: 'closed' } });
    const again = await reply('one more');
    expect([again.status, (again.body as Err).code]).toEqual([409, 'feedback_closed']);
    const mine = await t.request<Ok<{ list: FeedbackItem[] }>>({
      method: 'GET',
      url: '/api/feedback',
      headers: bearer(token),
    });
    expect(mine.body.value.list[0]!.replies.map((x) => x.content)).toEqual([
      'We are checking with the bank.',
      'It is credited now.',
    ]);
    expect((await systemMailsOf(t.ctx.db, m.id)).map((x) => x.template)).toEqual([
      'feedback_replied',
      'feedback_replied',
    ]);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/ops/feedback/${sent.value.id}/reply`,
          headers: bearer(token),
          payload: { content: 'x' },
        })
      ).status,
    ).toBe(403);
  });
});
