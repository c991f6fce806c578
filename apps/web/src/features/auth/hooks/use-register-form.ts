import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { RegistrationField } from '@panalo/contract/registration-rules';
import { dayIn } from '@panalo/contract/age';
import { useSite } from '../../../app/site';
import { ApiError } from '../../../lib/api';
import { isStandalone } from '../../../lib/pwa';
import { storage } from '../../../lib/storage';
import { TOAST_MS, toast } from '../../../lib/toast';
import { checkAffiliate } from '../api/affiliate-check';
import { register } from '../api/register';
import { storeSession } from '../api/store-session';
import { apiErrorKey } from '../components/messages';
import { buildRegisterPayload, linkParams, registerMethodFor } from '../rules/register-payload';
import {
  defaultRegisterMode,
  fieldError,
  firstInvalid,
  registerTabs,
  validateForm,
  validateOne,
  visibleFields,
  type FieldValues,
  type RegisterConfig,
  type RegisterMode,
} from '../rules/register-form';
import { useCaptcha } from './use-captcha';
import { useFieldRefs } from './use-field-refs';
import { useSendSmsCode } from './use-send-sms-code';
import { confirmServiceCode } from '../api/phone-service';
import { passwordMemory } from '../../../lib/password-memory';

type Errors = Partial<Record<RegistrationField, string>>;

const INVITATION_ERROR = 'errors.invitation_code_error';

/** The browser's answer to "where is this registration coming from" (API-009). */
const currentRegisterMethod = () =>
  registerMethodFor({
    userAgent: navigator.userAgent,
    standalone: isStandalone(),
    webClip: storage.get('WEBCLIP'),
  });

/**
 * The register form's state and actions (spec §2 Register screen, §3 registration payload, §4
 * Registration method, §5): the method tabs, the fields the merchant's rules enable, the invitation
 * code from the link, the SMS code, the captcha and the submit sequence.
 */
export function useRegisterForm() {
  const { t } = useTranslation();
  const site = useSite();
  const { bundle } = site;
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const reg = bundle.info.register;
  const config = useMemo<RegisterConfig>(
    () => ({
      usernameReg: site.flag('USERNAMEREG3'),
      mobileReg: site.flag('MOBILENUMREG3'),
      smsOnUsername: site.flag('REGMOBVERF3'),
      passwordOnMobile: site.flag('MOBILENUMPASSREG3'),
      captchaEnabled: reg.captchaEnabled,
      rules: reg.rules,
    }),
    [site, reg],
  );
  const tabs = registerTabs(config);
  const [mode, setMode] = useState<RegisterMode>(() => defaultRegisterMode(config));
  const [values, setValues] = useState<FieldValues>({});
  const [dialingCode, setDialingCode] = useState(reg.countryDialingCodes[0] ?? '+63');
  const [errors, setErrors] = useState<Errors>({});
  const [agree, setAgree] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const refs = useFieldRefs<RegistrationField>();

  // AUTH-013/014: the link's invitation code is checked on load.
  const link = useMemo(() => linkParams(search), [search]);
  const linkCheck = useQuery({
    queryKey: ['auth', 'affiliate-check', link.code, link.domain],
    queryFn: () => checkAffiliate(link.code ?? '', link.domain ?? undefined),
    enabled: link.code !== null,
    retry: false,
    staleTime: Infinity,
  });
  const linkCodeValid = linkCheck.data === true;
  const codeFromLink = link.code !== null && (linkCodeValid || linkCheck.isPending);

  const fields = useMemo(() => visibleFields(config, { mode, codeFromLink }), [config, mode, codeFromLink]);
  const captcha = useCaptcha(fields.has('captcha'));
  // The date of birth is checked against the merchant's minimum age on the user's own today.
  const age = {
    minAge: reg.ageNotice,
    today: dayIn(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone),
  };

  const setValue = (field: RegistrationField, v: string) => {
    const next = { ...values, [field]: v };
    setValues(next);
    const rule = fields.get(field);
    if (errors[field] && rule)
      setErrors((e) => ({ ...e, [field]: validateOne(field, rule, next, age) ?? undefined }));
  };

  const blur = (field: RegistrationField) => {
    const rule = fields.get(field);
    if (!rule || (!values[field] && !errors[field])) return;
    setErrors((e) => ({ ...e, [field]: validateOne(field, rule, values, age) ?? undefined }));
  };

  const switchMode = (m: RegisterMode) => {
    setMode(m);
    setErrors({});
    setServerError(null);
  };

  const fail = (field: RegistrationField, key: string) => {
    setErrors((e) => ({ ...e, [field]: key }));
    refs.focus(field);
  };

  const submit = async () => {
    if (submitting || !agree) return;
    const found = validateForm(fields, values, age);
    setErrors(found);
    const first = firstInvalid(fields, found);
    if (first) {
      refs.focus(first); // VALID-018
      return;
    }
    setSubmitting(true);
    setServerError(null);
    try {
      // VALID-019, ERR-001: a typed invitation code is checked before the form is sent.
      const typed = values.affiliateCode?.trim();
      if (fields.has('affiliateCode') && typed) {
        const valid = await checkAffiliate(typed, link.domain ?? undefined).catch(() => false);
        if (!valid) {
          setSubmitting(false);
          void toast.show(t('errors.invitation_code_error'), TOAST_MS.notice, 'fail');
          fail('affiliateCode', INVITATION_ERROR);
          return;
        }
      }
      // ERR-003: through the phone-verification service the typed code is checked there first; when it
      // does not verify, the registration stops here.
      let firebaseIdToken: string | undefined;
      if (reg.phoneVerification && fields.has('verificationCode')) {
        const session = sms.serviceSession();
        firebaseIdToken = session
          ? await confirmServiceCode(
              reg.phoneVerification,
              session,
              (values.verificationCode ?? '').trim(),
            ).catch(() => undefined)
          : undefined;
        if (firebaseIdToken === undefined) {
          setSubmitting(false);
          fail('verificationCode', 'valid.verification_code');
          return;
        }
      }
      const payload = buildRegisterPayload({
        mode,
        fields,
        values,
        countryDialingCode: dialingCode,
        link,
        linkCodeValid,
        registerMethod: currentRegisterMethod(),
        host: window.location.host,
        ...(firebaseIdToken !== undefined ? { firebaseIdToken } : {}),
      });
      const session = await register(payload);
      storeSession(session);
      // Spec §2 Change password: a password just typed is held for this page (not asked again).
      if (fields.has('password') && values.password) passwordMemory.set(session.userName, values.password);
      void toast.show(t('msg.registered'), TOAST_MS.success, 'success'); // ERR-013
      void navigate('/m/home', { replace: true });
    } catch (err) {
      setSubmitting(false);
      if (fields.has('captcha')) {
        // Any attempt uses the captcha up.
        setValues((v) => ({ ...v, captcha: '' }));
        captcha.refresh();
      }
      const key = apiErrorKey(err);
      const at = err instanceof ApiError ? fieldError(err.code, err.value) : null;
      if (at && fields.has(at.field)) fail(at.field, at.key);
      setServerError(key);
    }
  };

  const sms = useSendSmsCode({
    purpose: 'register',
    service: reg.phoneVerification,
    target: () => {
      const rule = fields.get('mobileNum');
      const error = rule ? validateOne('mobileNum', { ...rule, required: true }, values) : 'valid.mobile';
      setErrors((e) => ({ ...e, mobileNum: error ?? undefined }));
      if (error) {
        refs.focus('mobileNum');
        return null;
      }
      return { countryDialingCode: dialingCode, mobile: (values.mobileNum ?? '').trim() };
    },
    onError: (err) => setServerError(apiErrorKey(err)),
  });

  return {
    tabs,
    mode,
    switchMode,
    fields,
    values,
    setValue,
    blur,
    errors,
    dialingCode,
    setDialingCode,
    codes: reg.countryDialingCodes,
    agree,
    setAgree,
    captcha,
    sms,
    submitting,
    submit,
    serverError,
    bind: refs.bind,
  };
}
