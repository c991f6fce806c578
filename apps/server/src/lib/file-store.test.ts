import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { jpegImage, pngImage } from '../test-support/images';
import { createTestApp } from '../test-support/test-app';
import { bearer, createMember, sessionFor } from '../test-support/members';
import { diskFileStore, s3FileStore, type FileStore, type S3Settings } from './file-store';

// Issue 19: uploads on disk under DATA_DIR by default, in an S3-compatible bucket by setting. One
// contract, both stores: the S3 one over HTTP against a local S3 server (s3rver).

let tmp: string;
let s3: S3rver;
let settings: S3Settings;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'panalo-store-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: 'panalo-uploads', configs: [] }],
  });
  const { port } = (await s3.run()) as { port: number };
  settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'panalo-uploads',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
});
afterAll(async () => {
  await s3?.close();
  await rm(tmp, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['disk', () => diskFileStore(path.join(tmp, 'disk'))],
  ['S3', () => s3FileStore(settings)],
];

describe.each(stores)('the %s file store', (_name, make) => {
  it('keeps what is put under a new random key, gives it back byte for byte, and removes it', async () => {
    const store = make();
    const png = pngImage({ width: 9, height: 9 });
    const a = await store.put('feedback', 'png', png);
    const b = await store.put('heads', 'jpg', jpegImage());
    expect(a).toMatch(/^feedback\/[0-9a-f-]{36}\.png$/);
    expect(b).toMatch(/^heads\/[0-9a-f-]{36}\.jpg$/);
    expect(a).not.toBe(await store.put('feedback', 'png', png));
    expect(await store.get(a)).toEqual(png);
    expect(await store.get(b)).toEqual(jpegImage());
    await store.remove(a);
    expect(await store.get(a)).toBeNull();
    await store.remove(a); // removing twice is not an error
    expect(await store.get('heads/00000000-0000-4000-8000-000000000000.png')).toBeNull();
  });

  it('refuses keys it did not make (no path out of its folder)', async () => {
    const store = make();
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/bad file key/);
    await expect(store.put('../up', 'png', pngImage())).rejects.toThrow(/bad file key/);
  });
});

describe('the S3 file store', () => {
  it('sends its credentials with every request: an access key the server does not know is refused', async () => {
    // (s3rver checks the key id; it does not recompute Signature Version 4, which aws4fetch makes.)
    const wrong = s3FileStore({ ...settings, accessKeyId: 'NOT-A-KEY' });
    await expect(wrong.put('feedback', 'png', pngImage())).rejects.toThrow(/403/);
    await expect(wrong.get('feedback/00000000-0000-4000-8000-000000000000.png')).rejects.toThrow(/403/);
  });
});

describe('uploads through the API with the S3 store', () => {
  it('a head icon goes into the bucket and is served from it', async () => {
    const store = s3FileStore(settings);
    const t = await createTestApp({ files: store });
    try {
      const token = await sessionFor(t, await createMember(t));
      const body = new URLSearchParams({
        headIcon: `data:image/jpeg;base64,${jpegImage({ exif: 'GPS' }).toString('base64')}`,
      }).toString();
      const r = await t.request<{ value: string }>({
        method: 'POST',
        url: '/api/members/head-icon',
        headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const file = r.body.value.slice('/api/head-icons/'.length);
      expect(await store.get(`heads/${file}`)).toEqual(jpegImage());
      const served = await t.app.inject({ method: 'GET', url: r.body.value });
      expect(served.rawPayload).toEqual(jpegImage());
    } finally {
      await t.close();
    }
  });
});
