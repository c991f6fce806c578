import { describe, expect, it } from 'vitest';
import { errorCodes } from '@panalo/contract/common';
import { catalogues } from './index';

const text = (lang: 'EN' | 'TY', key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => {
    return node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }, catalogues[lang]);

/** Asserts the key has the given EN text (or any non-empty EN text when null) and a TY text of its own. */
function expectEntry(key: string, english: string | null) {
  const en = text('EN', key);
  const ty = text('TY', key);
  expect(typeof en, `EN ${key}`).toBe('string');
  if (english !== null) expect(en, `EN ${key}`).toBe(english);
  else expect((en as string).length, `EN ${key}`).toBeGreaterThan(0);
  expect(typeof ty, `TY ${key}`).toBe('string');
  expect((ty as string).trim().length, `TY ${key}`).toBeGreaterThan(0);
  // A TY text identical to the EN sentence is an untranslated copy.
  expect(ty, `TY ${key} is translated`).not.toBe(en);
}

describe('error and message catalogue (spec §8)', () => {
  it('every server message key, and the client-side ones, has a text under errors.<code>', () => {
    const clientSide = ['no_network', 'bad_request', 'unsupported_media_type', 'payload_too_large'];
    for (const code of [...errorCodes, ...clientSide]) expectEntry(`errors.${code}`, null);
  });

  it('ERR-009 the loading message is "please wait"', () => {
    expectEntry('msg.please_wait', 'please wait');
  });

  it('ERR-011 sending an SMS shows "sms sending..."', () => {
    expectEntry('msg.sms_sending', 'sms sending...');
  });

  it('ERR-012 a sent SMS shows "sms sent"', () => {
    expectEntry('msg.sms_sent', 'sms sent');
  });

  it('ERR-013 a successful registration shows "registered successfully"', () => {
    expectEntry('msg.registered', 'registered successfully');
  });

  it('ERR-008 the change-password messages: "Change saved" and the same-password text', () => {
    expectEntry('msg.change_saved', 'Change saved');
    expectEntry('errors.same_password', 'The new password and the old password cannot be the same');
  });

  it('ERR-001 the invitation code check failure text is "invitation code error"', () => {
    expectEntry('errors.invitation_code_error', 'invitation code error');
  });

  it('ERR-014 invalid invitation code, "Referrer link error", incorrect agent information', () => {
    expectEntry('errors.invalid_invitation_code', null);
    expectEntry('errors.referrer_link_error', 'Referrer link error');
    expectEntry('errors.agent_info_incorrect', null);
  });

  it('ERR-015 not logged in and logged out texts', () => {
    expectEntry('errors.not_logged_in', 'You are not logged in, please login first');
    expectEntry('errors.logged_out', 'The account has been logged out, please log in again');
  });

  it('ERR-016 "Verification code error" and "Enter a captcha"', () => {
    expectEntry('errors.verification_code_error', 'Verification code error');
    expectEntry('errors.captcha_required', 'Enter a captcha');
  });

  it('ERR-017 permission, missing user and existing username texts', () => {
    expectEntry(
      'errors.no_permission',
      'Sorry, this account does not have permission or the feature is temporarily unavailable',
    );
    expectEntry('errors.user_not_found', 'Sorry, the user does not exist or is disabled');
    expectEntry('errors.username_exists', 'Sorry, the username already exists');
  });

  it('ERR-018 wrong formats, valid mobile number and date of birth texts', () => {
    for (const k of ['account_format', 'password_format', 'email_format', 'name_format', 'mobile_format']) {
      expectEntry(`errors.${k}`, null);
    }
    expectEntry('errors.mobile_invalid', 'Please enter a valid mobile number');
    expectEntry('errors.birth_date_invalid', 'Please enter the correct date of birth');
  });

  it('ERR-019 "Unknown error", "The requested url is empty", "System upgrading, please try again later"', () => {
    expectEntry('errors.unknown_error', 'Unknown error');
    expectEntry('errors.url_empty', 'The requested url is empty');
    expectEntry('errors.system_upgrading', 'System upgrading, please try again later');
  });

  it('ERR-020 maintenance, IP or location restriction, no network and slow connection texts', () => {
    expectEntry('errors.maintenance', null);
    expectEntry('errors.region_restricted', null);
    expectEntry('errors.no_network', null);
    expectEntry('errors.slow_network', null);
    expect(text('EN', 'errors.maintenance')).toMatch(/maintenance/i);
    expect(text('EN', 'errors.region_restricted')).toMatch(/IP or location restriction/);
  });

  it('ERR-021 ROLE-011 non-member, non-agent and free-trial (free_reject) texts', () => {
    expectEntry('errors.non_member_login', 'Non-member account unable to login');
    expectEntry('errors.non_agent_login', 'Non-agents cannot log in');
    expectEntry('errors.free_reject', 'Please login an actual account to use this function');
  });

  it('PROMO-006 the referral-disabled toast text (contact_service) exists', () => {
    expectEntry('errors.contact_service', null);
  });
});
