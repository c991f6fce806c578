import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration of where uploads go', () => {
  it('DATA_DIR/uploads by default; an S3-compatible bucket when its five settings are given; part of them is an error', () => {
    const base = { DATA_DIR: '/srv/panalo' };
    expect(loadConfig(base)).toMatchObject({ uploadsDir: '/srv/panalo/uploads', s3: null });
    const s3 = {
      S3_ENDPOINT: 'https://s3.ap-southeast-1.amazonaws.com',
      S3_BUCKET: 'panalo-uploads',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig({ ...base, ...s3, S3_REGION: 'ap-southeast-1' }).s3).toEqual({
      endpoint: 'https://s3.ap-southeast-1.amazonaws.com',
      bucket: 'panalo-uploads',
      region: 'ap-southeast-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
    });
    expect(() => loadConfig({ ...base, S3_BUCKET: 'panalo-uploads' })).toThrow(/S3_\*/);
    expect(() => loadConfig({ ...base, ...s3, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });

  it('the demo Hub88 unless all four HUB88_* settings are given; part of them is an error', () => {
    expect(loadConfig({}).hub88).toBeNull();
    const hub88 = {
      HUB88_API_URL: 'https://api.hub88.io',
      HUB88_OPERATOR_ID: '42',
      HUB88_PUBLIC_KEY_FILE: '/etc/panalo/hub88-public.pem',
      HUB88_PRIVATE_KEY_FILE: '/etc/panalo/our-private.pem',
    };
    expect(loadConfig(hub88).hub88).toEqual({
      apiUrl: 'https://api.hub88.io',
      operatorId: 42,
      publicKeyFile: '/etc/panalo/hub88-public.pem',
      privateKeyFile: '/etc/panalo/our-private.pem',
      tokenTtlSeconds: 28_800,
    });
    expect(loadConfig({ ...hub88, HUB88_TOKEN_TTL_SECONDS: '3600' }).hub88?.tokenTtlSeconds).toBe(3600);
    expect(() => loadConfig({ HUB88_API_URL: 'https://api.hub88.io' })).toThrow(/HUB88_\*/);
    expect(() => loadConfig({ ...hub88, HUB88_OPERATOR_ID: 'abc' })).toThrow(/HUB88_OPERATOR_ID/);
  });
});
