import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement } from '@panalo/contract/content';
import type { OpsAnnouncement } from '@panalo/contract/content-ops';
import { multipartForm, pngImage } from '../../test-support/images';
import { bearer, createMember, sessionFor } from '../../test-support/members';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Issue 20 screen 6: a banner's picture uploaded from the console, checked by its bytes, shown on the
// member site from a public address; the picture it replaces is removed; audited.

describe('announcement pictures', () => {
  let t: TestApp;
  let ops: string;
  let luzonOps: string;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await sessionFor(t, await createMember(t, { type: 90 }));
    luzonOps = await sessionFor(t, await createMember(t, { type: 90, merchant: 'luzon' }));
  });
  afterAll(() => t.close());

  const upload = (
    id: number,
    parts: { reason?: string; bytes?: Buffer; filename?: string; type?: string },
    token = ops,
    merchant = 'panalo',
  ) => {
    const form = multipartForm(
      parts.reason === undefined ? {} : { reason: parts.reason },
      parts.bytes
        ? [
            {
              name: 'images',
              filename: parts.filename ?? 'banner.png',
              type: parts.type ?? 'image/png',
              bytes: parts.bytes,
            },
          ]
        : [],
    );
    return t.request<{ value: OpsAnnouncement; code?: string }>({
      method: 'POST',
      url: `/api/ops/content/announcements/${id}/image`,
      headers: { merchant, ...bearer(token), ...form.headers },
      payload: form.payload,
    });
  };
  const banners = async () =>
    (
      await t.request<{ value: Announcement[] }>({
        method: 'GET',
        url: '/api/content/announcements?types=B&groupName=m_home&lang=EN',
      })
    ).body.value;

  it('replaces a banner’s picture: the member site shows the new one, public and cached; the old upload goes; audited', async () => {
    const banner = (await banners())[0]!;
    const first = await upload(banner.id, {
      reason: 'Holiday banner',
      bytes: pngImage({ width: 750, height: 300 }),
    });
    expect(first.status).toBe(200);
    const url = first.body.value.imageUrl!;
    expect(url).toMatch(/^\/api\/content\/banner-images\/[0-9a-f-]{36}\.png$/);
    expect((await banners()).find((b) => b.id === banner.id)?.url).toBe(url);
    const served = await t.request<string>({ method: 'GET', url });
    expect([served.status, served.headers['content-type'], served.headers['cache-control']]).toEqual([
      200,
      'image/png',
      'public, max-age=31536000, immutable',
    ]);

    const second = await upload(banner.id, {
      reason: 'New year banner',
      bytes: pngImage({ width: 750, height: 300 }),
    });
    const next = second.body.value.imageUrl!;
    expect(next).not.toBe(url);
    expect((await t.request({ method: 'GET', url })).status).toBe(404);
    expect((await t.request({ method: 'GET', url: next })).status).toBe(200);
    const trail = await t.ctx.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'content.announcement.image')
      .orderBy('id')
      .execute();
    expect(trail.map((x) => x.details)).toEqual([
      { before: banner.url, after: url, reason: 'Holiday banner' },
      { before: url, after: next, reason: 'New year banner' },
    ]);
  });

  it('refuses what is not a picture, a missing reason, another site’s announcement; nothing changes', async () => {
    const banner = (await banners())[0]!;
    const code = async (r: ReturnType<typeof upload>) => {
      const x = await r;
      return [x.status, x.body.code];
    };
    expect(
      await code(
        upload(banner.id, {
          reason: 'Script',
          bytes: Buffer.from('<script>alert(1)</script>'),
          filename: 'x.png',
        }),
      ),
    ).toEqual([400, 'upload_not_image']);
    expect(await code(upload(banner.id, { bytes: pngImage({ width: 10, height: 10 }) }))).toEqual([
      400,
      'validation_failed',
    ]);
    expect(await code(upload(banner.id, { reason: 'No picture' }))).toEqual([400, 'upload_invalid']);
    expect(
      await code(upload(banner.id, { reason: 'Huge', bytes: pngImage({ width: 5000, height: 10 }) })),
    ).toEqual([400, 'upload_image_size']);
    expect(
      await code(upload(banner.id, { reason: 'a\u0000b', bytes: pngImage({ width: 10, height: 10 }) })),
    ).toEqual([400, 'text_invalid_characters']);
    expect(
      await code(
        upload(
          banner.id,
          { reason: 'Not ours', bytes: pngImage({ width: 10, height: 10 }) },
          luzonOps,
          'luzon',
        ),
      ),
    ).toEqual([404, 'content_not_found']);
    expect((await banners()).find((b) => b.id === banner.id)?.url).toBe(banner.url);
    expect(
      (await t.request({ method: 'GET', url: '/api/content/banner-images/..%2F..%2Fetc%2Fpasswd' })).status,
    ).toBe(400);
  });
});
