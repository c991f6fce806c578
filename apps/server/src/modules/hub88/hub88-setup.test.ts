import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoHub88, hub88FromSettings, hub88User, memberOfHub88User } from './hub88-setup';
import { hub88SignatureValid, signHub88 } from './hub88-signature';

describe('Hub88 setup', () => {
  it('reads both key files at start (the settings of a real integration)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hub88-'));
    const demo = demoHub88();
    const pub = path.join(dir, 'hub88.pem');
    const priv = path.join(dir, 'ours.pem');
    writeFileSync(pub, demo.demo!.ourPublicKey.export({ type: 'spki', format: 'pem' }));
    writeFileSync(priv, demo.privateKey.export({ type: 'pkcs1', format: 'pem' }));
    const s = hub88FromSettings({
      apiUrl: 'https://api.hub88.example/',
      operatorId: 7,
      publicKeyFile: pub,
      privateKeyFile: priv,
      tokenTtlSeconds: 600,
    });
    expect([s.apiUrl, s.operatorId, s.tokenTtlMs, s.demo]).toEqual([
      'https://api.hub88.example',
      7,
      600_000,
      null,
    ]);
    expect(hub88SignatureValid(s.hub88PublicKey, Buffer.from('x'), signHub88(s.privateKey, 'x'))).toBe(true);
    expect(() =>
      hub88FromSettings({
        apiUrl: 'x',
        operatorId: 1,
        publicKeyFile: priv + '.missing',
        privateKeyFile: priv,
        tokenTtlSeconds: 60,
      }),
    ).toThrow();
  });

  it("a member's Hub88 user is stable, at least 4 characters, and maps back; other text is nobody", () => {
    expect(hub88User(1n)).toBe('m000001');
    expect(hub88User(12_345_678n)).toBe('m12345678');
    expect(memberOfHub88User(hub88User(42n))).toBe(42n);
    for (const other of ['', 'm1', 'john12345', 'm00000a', ' m000001', 'm' + '9'.repeat(19)])
      expect(memberOfHub88User(other)).toBeNull();
    expect(demoHub88()).toBe(demoHub88());
  });
});
