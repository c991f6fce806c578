import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInfo, PersonalInfo } from '@panalo/contract/member';
import { MEMBER_TYPE } from '@panalo/contract/member';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { jpegImage, pngImage, SVG_BYTES, webpImage, ZIP_BYTES } from '../../test-support/images';

type Ok<T> = { success: true; value: T };
type Err = { success: false; code: string; value?: Record<string, unknown> };

// Issue 19 item 5 (/m/member/home): the head icon's GET and form-encoded POST (API-027), checked by its
// bytes; personal info and nickname calls (API-071); every call reads and writes the caller's own row.

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('member profile over the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const postIcon = (token: string, body: string, merchant = 'panalo') =>
    t.request<Ok<string> | Err>({
      method: 'POST',
      url: '/api/members/head-icon',
      headers: { merchant, ...bearer(token), ...FORM },
      payload: body,
    });
  const getIcon = (token: string) =>
    t.request<Ok<string | null>>({ method: 'GET', url: '/api/members/head-icon', headers: bearer(token) });
  const refused = (r: { status: number; body: unknown }, code: string) =>
    expect([r.status, (r.body as Err).code], JSON.stringify(r.body)).toEqual([400, code]);

  it('API-027 the head icon is read by GET and changed by a form-encoded POST; the picture loses its metadata and the old one goes', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    expect((await getIcon(token)).body.value).toBeNull();

    const first = await postIcon(
      token,
      formBody({ headIcon: dataUrl('image/jpeg', jpegImage({ exif: 'GPS 14.5995 N' })) }),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const path = (first.body as Ok<string>).value;
    expect(path).toMatch(/^\/api\/head-icons\/[0-9a-f-]{36}\.jpg$/);
    expect((await getIcon(token)).body.value).toBe(path);
    const me = await t.request<Ok<MemberInfo>>({
      method: 'GET',
      url: '/api/members/me',
      headers: bearer(token),
    });
    expect(me.body.value.headIcon).toBe(path);

    // Served without a session (an <img> sends none), as the bytes checked, with a long cache life.
    const pic = await t.app.inject({ method: 'GET', url: path, headers: { merchant: 'panalo' } });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/jpeg');
    expect(pic.headers['x-content-type-options']).toBe('nosniff');
    expect(pic.headers['cache-control']).toContain('immutable');
    expect(pic.rawPayload).toEqual(jpegImage());

    // A webp replaces it; the jpg is removed from the store.
    const second = await postIcon(
      token,
      formBody({ headIcon: dataUrl('image/webp', webpImage({ exif: 'x' })) }),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((second.body as Ok<string>).value).toMatch(/\.webp$/);
    const gone = await t.app.inject({ method: 'GET', url: path, headers: { merchant: 'panalo' } });
    expect(gone.statusCode).toBe(404);
  });

  it('API-027 bad head icons are refused with a message key and nothing changes: a zip, an SVG, over 2 MB, too many pixels, not form-encoded', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    const ok = await postIcon(token, formBody({ headIcon: dataUrl('image/png', pngImage()) }));
    const kept = (ok.body as Ok<string>).value;

    refused(
      await postIcon(token, formBody({ headIcon: dataUrl('image/jpeg', ZIP_BYTES) })),
      'head_icon_invalid',
    );
    refused(
      await postIcon(token, formBody({ headIcon: dataUrl('image/png', SVG_BYTES) })),
      'head_icon_invalid',
    );
    // 2 MB and one byte: a valid PNG followed by padding the parser would drop — still too large.
    const big = Buffer.concat([pngImage(), Buffer.alloc(2 * 1024 * 1024 + 1 - pngImage().length)]);
    refused(await postIcon(token, formBody({ headIcon: dataUrl('image/png', big) })), 'head_icon_too_large');
    const wide = await postIcon(
      token,
      formBody({ headIcon: dataUrl('image/png', pngImage({ width: 2000, height: 10 })) }),
    );
    refused(wide, 'head_icon_invalid');
    expect((wide.body as Err).value).toMatchObject({ reason: 'image_size' });
    refused(await postIcon(token, formBody({ headIcon: 'http://evil.example/x.png' })), 'validation_failed');
    refused(await postIcon(token, formBody({ other: 'x' })), 'validation_failed');
    const json = await t.request<Err>({
      method: 'POST',
      url: '/api/members/head-icon',
      headers: bearer(token),
      payload: { headIcon: 42 },
    });
    expect(json.status).toBe(400);
    expect((await getIcon(token)).body.value).toBe(kept);
    // Only the kept picture is in the store for this member.
    const row = await t.ctx.db
      .selectFrom('member')
      .select('head_icon')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(`/api/head-icons/${row.head_icon!.slice('heads/'.length)}`).toBe(kept);
  });

  it('API-027 a free-trial account cannot set a head icon; without a session neither call answers; an unknown picture is a 404', async () => {
    const trial = await createMember(t, { type: MEMBER_TYPE.TRIAL });
    const r = await postIcon(
      await sessionFor(t, trial),
      formBody({ headIcon: dataUrl('image/png', pngImage()) }),
    );
    expect(r.status).toBe(403);
    const anon = await t.request({ method: 'GET', url: '/api/members/head-icon' });
    expect(anon.status).toBe(401);
    const missing = await t.request({
      method: 'GET',
      url: '/api/head-icons/00000000-0000-4000-8000-000000000000.png',
    });
    expect(missing.status).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/head-icons/..%2Fsecret.png' })).status).toBe(400);
  });

  it('API-071 personal info: bound contacts masked, contacts changed by PUT under the merchant’s rules, empty clears', async () => {
    const mobile = `917${String(Date.now()).slice(-7)}`;
    const m = await createMember(t, { mobile: ['+63', mobile], email: 'ana@example.com' });
    const token = await sessionFor(t, m);
    const get = () =>
      t.request<Ok<PersonalInfo>>({
        method: 'GET',
        url: '/api/members/personal-info',
        headers: bearer(token),
      });
    const put = (body: Record<string, string>) =>
      t.request<Ok<PersonalInfo> | Err>({
        method: 'PUT',
        url: '/api/members/personal-info',
        headers: bearer(token),
        payload: body,
      });
    const info = (await get()).body.value;
    expect(info).toMatchObject({
      account: m.username,
      mobileNum: `917****${mobile.slice(-3)}`,
      email: 'a***@example.com',
      qqNum: null,
    });

    const r = await put({ qqNum: ' 123456 ', line: 'ana.line' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body as Ok<PersonalInfo>).value).toMatchObject({
      qqNum: '123456',
      line: 'ana.line',
      zalo: null,
    });
    expect((await put({ line: '' })).body).toMatchObject({ value: { qqNum: '123456', line: null } });

    // The merchant's registration rule for a field applies here too.
    const merchant = await t.ctx.db
      .selectFrom('merchant')
      .select(['id', 'registration_rules'])
      .where('code', '=', 'panalo')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('merchant')
      .set({
        registration_rules: JSON.stringify({
          ...merchant.registration_rules,
          qqNum: { enabled: true, required: false, regExp: '^\\d{5,12}$', message: 'valid.qq' },
        }),
      })
      .where('id', '=', merchant.id)
      .execute();
    try {
      const bad = await put({ qqNum: 'abc' });
      refused(bad, 'validation_failed');
      expect((bad.body as Err).value).toEqual({ field: 'qqNum', rule: 'valid.qq' });
      expect((await get()).body.value.qqNum).toBe('123456');
    } finally {
      await t.ctx.db
        .updateTable('merchant')
        .set({ registration_rules: JSON.stringify(merchant.registration_rules) })
        .where('id', '=', merchant.id)
        .execute();
    }
    // Fields that are not personal info here (bound elsewhere) are refused, not ignored.
    expect((await put({ email: 'x@example.com' })).status).toBe(400);
    refused(await put({ qqNum: 'a\u0000b' }), 'text_invalid_characters');
  });

  it('API-071 the nickname is changed by its own call: trimmed, 1 to 32 characters; member info then shows it', async () => {
    const m = await createMember(t);
    const token = await sessionFor(t, m);
    const post = (nickname: unknown) =>
      t.request<Ok<string> | Err>({
        method: 'POST',
        url: '/api/members/nickname',
        headers: bearer(token),
        payload: { nickname },
      });
    const r = await post('  Lucky Ana  ');
    expect(r.body).toEqual({ success: true, value: 'Lucky Ana' });
    const me = await t.request<Ok<MemberInfo>>({
      method: 'GET',
      url: '/api/members/me',
      headers: bearer(token),
    });
    expect(me.body.value.nickname).toBe('Lucky Ana');
    refused(await post('   '), 'nickname_invalid');
    refused(await post('x'.repeat(33)), 'nickname_invalid');
    expect((await post(12)).status).toBe(400);
    expect(
      (await t.request<Ok<MemberInfo>>({ method: 'GET', url: '/api/members/me', headers: bearer(token) }))
        .body.value.nickname,
    ).toBe('Lucky Ana');
  });

  it('API-071 calls change only the caller’s own row, on the caller’s merchant', async () => {
    const a = await createMember(t);
    const b = await createMember(t, { merchant: 'luzon' });
    const tokenB = await sessionFor(t, b);
    // b's session on a's merchant host is not a session there.
    const cross = await t.request({
      method: 'POST',
      url: '/api/members/nickname',
      headers: { merchant: 'panalo', ...bearer(tokenB) },
      payload: { nickname: 'intruder' },
    });
    expect(cross.status).toBe(401);
    const own = await t.request({
      method: 'POST',
      url: '/api/members/nickname',
      headers: { merchant: 'luzon', ...bearer(tokenB) },
      payload: { nickname: 'B side' },
    });
    expect(own.status).toBe(200);
    const rows = await t.ctx.db
      .selectFrom('member')
      .select(['id', 'nickname'])
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id.toString(), r.nickname]))).toEqual({
      [a.id.toString()]: null,
      [b.id.toString()]: 'B side',
    });
  });
});
