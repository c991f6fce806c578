import type { TFunction } from '../../../i18n/translator';
import { REGISTRATION_FIELD_MAX, type RegistrationField } from '@panalo/contract/registration-rules';
import { CAPTCHA_MAX, type Rule } from '../../../lib/validation';
import type { Captcha } from '../hooks/use-captcha';
import type { SmsState } from '../rules/sms-countdown';
import { CaptchaButton } from './captcha-button';
import { DialingCodePicker, PasswordField, TextField, type TextFieldProps } from './fields';
import { SmsCodeButton } from './sms-code-button';

/** The label of each registration field. */
export function fieldLabel(t: TFunction, f: RegistrationField): string {
  switch (f) {
    case 'username':
      return t('auth.field.username');
    case 'mobileNum':
      return t('auth.field.mobile');
    case 'verificationCode':
      return t('auth.field.smsCode');
    case 'password':
      return t('auth.field.password');
    case 'confirmPassword':
      return t('auth.field.confirmPassword');
    case 'paymentPassword':
      return t('auth.field.paymentPassword');
    case 'idNumber':
      return t('auth.field.idNumber');
    case 'qqNum':
      return t('auth.field.qqNum');
    case 'facebook':
      return t('auth.field.facebook');
    case 'wechat':
      return t('auth.field.wechat');
    case 'line':
      return t('auth.field.line');
    case 'whatsapp':
      return t('auth.field.whatsapp');
    case 'zalo':
      return t('auth.field.zalo');
    case 'email':
      return t('auth.field.email');
    case 'nickname':
      return t('auth.field.nickname');
    case 'payeeName':
      return t('auth.field.payeeName');
    case 'birthDate':
      return t('auth.field.birthDate');
    case 'recommenderId':
      return t('auth.field.recommenderId');
    case 'affiliateCode':
      return t('auth.field.affiliateCode');
    case 'captcha':
      return t('auth.field.captcha');
  }
}

/**
 * Input details per field: keyboard, autofill and the length limits (VALID-009/013/015): the
 * registration's own (`REGISTRATION_FIELD_MAX`), the captcha's six digits.
 */
function inputProps(f: RegistrationField): Partial<TextFieldProps> {
  const maxLength = REGISTRATION_FIELD_MAX[f];
  switch (f) {
    case 'username':
      return { autoComplete: 'username', maxLength };
    case 'mobileNum':
      return { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national', maxLength };
    case 'verificationCode':
      return { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength };
    case 'captcha':
      return { inputMode: 'numeric', maxLength: CAPTCHA_MAX };
    case 'email':
      return { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength };
    case 'whatsapp':
    case 'zalo':
    case 'qqNum':
      return { inputMode: 'numeric', maxLength };
    case 'payeeName':
      return { autoComplete: 'name', maxLength };
    case 'birthDate':
      // The browser's date picker; the latest day it offers is today (the age rule is checked on submit).
      return { type: 'date', autoComplete: 'bday', max: new Date().toISOString().slice(0, 10) };
    case 'password':
    case 'confirmPassword':
      return { autoComplete: 'new-password', maxLength };
    case 'paymentPassword':
    case 'idNumber':
    case 'nickname':
    case 'recommenderId':
    case 'affiliateCode':
    case 'facebook':
    case 'wechat':
    case 'line':
      return { maxLength };
  }
}

export interface RegisterFieldProps {
  field: RegistrationField;
  rule: Rule;
  t: TFunction;
  value: string;
  onChange: (v: string) => void;
  onBlur: () => void;
  error: string | null;
  inputRef: (el: HTMLInputElement | null) => void;
  dialing: { codes: readonly string[]; value: string; onChange: (code: string) => void };
  sms: { state: SmsState; send: () => void };
  captcha: Captcha;
}

/** One field of the register form, with the extras some fields carry (picker, get-code, captcha). */
export function RegisterField(p: RegisterFieldProps) {
  const common: TextFieldProps = {
    id: `reg-${p.field}`,
    testId: p.field,
    label: fieldLabel(p.t, p.field),
    value: p.value,
    onChange: p.onChange,
    onBlur: p.onBlur,
    error: p.error,
    required: p.rule.required,
    inputRef: p.inputRef,
    ...inputProps(p.field),
  };
  switch (p.field) {
    case 'password':
    case 'confirmPassword':
    case 'paymentPassword':
      return <PasswordField {...common} />;
    case 'mobileNum':
      return (
        <TextField
          {...common}
          start={
            <DialingCodePicker
              id="reg-dialing"
              codes={p.dialing.codes}
              value={p.dialing.value}
              onChange={p.dialing.onChange}
            />
          }
        />
      );
    case 'verificationCode':
      return <TextField {...common} end={<SmsCodeButton state={p.sms.state} onSend={p.sms.send} />} />;
    case 'captcha':
      return <TextField {...common} end={<CaptchaButton captcha={p.captcha} />} />;
    case 'username':
    case 'idNumber':
    case 'qqNum':
    case 'facebook':
    case 'wechat':
    case 'line':
    case 'whatsapp':
    case 'zalo':
    case 'email':
    case 'nickname':
    case 'payeeName':
    case 'birthDate':
    case 'recommenderId':
    case 'affiliateCode':
      return <TextField {...common} />;
  }
}
