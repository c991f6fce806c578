import { describe, expect, it } from 'vitest';
import { panaloBundle } from '../../../app/test-fixtures';
import { visibleFields, type RegisterConfig } from './register-form';
import { buildRegisterPayload, linkParams, registerMethodFor } from './register-payload';

const config = (patch: Partial<RegisterConfig> = {}): RegisterConfig => ({
  usernameReg: true,
  mobileReg: true,
  smsOnUsername: false,
  passwordOnMobile: true,
  captchaEnabled: true,
  rules: panaloBundle.info.register.rules,
  ...patch,
});

describe('register payload', () => {
  it('API-009 the register method: APP in the native app, WEBCLIP from a web clip, PWA standalone, else H5', () => {
    const env = { userAgent: 'Mozilla/5.0 (iPhone) Safari', standalone: false, webClip: null };
    expect(registerMethodFor(env)).toBe('H5');
    expect(registerMethodFor({ ...env, standalone: true })).toBe('PWA');
    expect(registerMethodFor({ ...env, standalone: true, webClip: '1' })).toBe('WEBCLIP');
    expect(registerMethodFor({ ...env, webClip: '0' })).toBe('H5');
    expect(registerMethodFor({ ...env, userAgent: 'Mozilla/5.0 PanaloApp/2.1', standalone: true })).toBe(
      'APP',
    );
  });

  it('link parameters: ?code= or ?affiliateCode=, and ?domain=', () => {
    expect(linkParams(new URLSearchParams('code=AB12CD&domain=agent.example'))).toEqual({
      code: 'AB12CD',
      domain: 'agent.example',
    });
    expect(linkParams(new URLSearchParams('affiliateCode=XY99'))).toEqual({ code: 'XY99', domain: null });
    expect(linkParams(new URLSearchParams('code=%20'))).toEqual({ code: null, domain: null });
    // PROMO-003: a friend's invitation carries the inviter's referral code; a malformed one is dropped.
    expect(linkParams(new URLSearchParams('ref=K7PQ2MXA'))).toEqual({
      code: null,
      domain: null,
      ref: 'K7PQ2MXA',
    });
    expect(linkParams(new URLSearchParams('ref=<x>'))).toEqual({ code: null, domain: null });
  });

  describe('payload (spec §3)', () => {
    const base = {
      countryDialingCode: '+63',
      link: { code: null, domain: null },
      linkCodeValid: false,
      registerMethod: 'H5' as const,
      host: 'panalo.localhost:8080',
    };

    it('API-007 API-008 API-010 API-012 API-013 username registration carries every filled field', () => {
      const fields = visibleFields(config(), { mode: 'username', codeFromLink: false });
      const payload = buildRegisterPayload({
        ...base,
        mode: 'username',
        fields,
        values: {
          username: ' juan123 ',
          mobileNum: '9171234567',
          password: ' Secret123',
          confirmPassword: ' Secret123',
          email: '',
          affiliateCode: 'AGENT001',
          captcha: '4821',
        },
      });
      expect(payload).toEqual({
        registerMethod: 'H5',
        registerUrl: 'panalo.localhost:8080',
        type: 0,
        mode: 'username',
        username: 'juan123',
        mobileNum: '9171234567',
        countryDialingCode: '+63',
        password: ' Secret123',
        confirmPassword: ' Secret123',
        affiliateCode: 'AGENT001',
        captcha: '4821',
      });
    });

    it('API-011 API-014 the affiliate code comes from the form, else the valid link; domain from the link', () => {
      const fields = visibleFields(config(), { mode: 'mobile', codeFromLink: true });
      const values = {
        mobileNum: '9171234567',
        verificationCode: '123456',
        password: 'Secret123',
        captcha: '1',
      };
      const link = { code: 'LINK0001', domain: 'agent.example' };
      expect(
        buildRegisterPayload({ ...base, mode: 'mobile', fields, values, link, linkCodeValid: true }),
      ).toMatchObject({
        affiliateCode: 'LINK0001',
        domain: 'agent.example',
        verificationCode: '123456',
        confirmPassword: 'Secret123',
      });
      const withField = visibleFields(config(), { mode: 'mobile', codeFromLink: false });
      expect(
        buildRegisterPayload({
          ...base,
          mode: 'mobile',
          fields: withField,
          values: { ...values, affiliateCode: 'FORM0001' },
          link,
          linkCodeValid: false,
        }),
      ).toMatchObject({ affiliateCode: 'FORM0001', domain: 'agent.example' });
      // PROMO-003: a friend's link sends the inviter's referral code.
      expect(
        buildRegisterPayload({
          ...base,
          mode: 'mobile',
          fields,
          values,
          link: { code: null, domain: null, ref: 'K7PQ2MXA' },
          linkCodeValid: false,
        }).referralCode,
      ).toBe('K7PQ2MXA');
      // An invalid link code is not sent: the server would refuse the whole registration for it.
      expect(
        buildRegisterPayload({
          ...base,
          mode: 'mobile',
          fields: withField,
          values,
          link,
          linkCodeValid: false,
        }),
      ).not.toHaveProperty('affiliateCode');
    });
  });
});
