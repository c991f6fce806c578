import { describe, expect, it } from 'vitest';
import { pkceChallenge } from './oauth.adapter';
import { usernameBase } from './oauth.service';

describe('social login helpers', () => {
  it('PKCE S256 matches the RFC 7636 example', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('a new username starts from the provider name, else the e-mail, as letters and digits', () => {
    expect(usernameBase({ name: 'Maria Clara', email: 'x@example.com' })).toBe('mariaclara');
    expect(usernameBase({ name: 'José Rizal-Mercado', email: null })).toBe('joserizalm');
    expect(usernameBase({ name: null, email: 'andres.bonifacio@example.com' })).toBe('andresboni');
    expect(usernameBase({ name: '2Pac', email: null })).toBe('u2pac');
    expect(usernameBase({ name: '李', email: null })).toBe('user');
    expect(usernameBase({ name: null, email: null })).toBe('user');
    // With the 6 random digits the result fits the usual rule: a letter, then 5 to 15 letters or digits.
    for (const name of ['A', 'Maria Clara de los Santos y Alonso', '9']) {
      expect(`${usernameBase({ name, email: null })}123456`).toMatch(/^[a-z][a-z0-9]{5,15}$/);
    }
  });
});
