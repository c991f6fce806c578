import { errorKey } from '../../../i18n';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SessionValue } from '@panalo/contract/auth';
import { useSite } from '../../../app/site';
import { ApiError } from '../../../lib/api';
import { remember, type RememberedLogin } from '../../../lib/remember';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { captchaRule, isBlank, loginRules, validateField } from '../../../lib/validation';
import { login, type LoginRequest } from '../api/login';
import { storeSession } from '../api/store-session';
import { apiErrorKey } from '../components/messages';
import {
  afterLoginTarget,
  asksForCaptcha,
  loginFields,
  loginRuleName,
  REMEMBERED_MASK,
  type LoginField,
  type LoginMethod,
} from '../rules/login-form';
import { useCaptcha } from './use-captcha';
import { useFieldRefs } from './use-field-refs';
import { useSendSmsCode } from './use-send-sms-code';
import { confirmServiceCode } from '../api/phone-service';
import { passwordMemory } from '../../../lib/password-memory';

type Values = Record<LoginField, string>;
type Errors = Partial<Record<LoginField, string>>;

const EMPTY: Values = { username: '', password: '', mobileNum: '', messageCode: '', captcha: '' };

/** The remembered login the form starts from (only a password-tab login is remembered). */
const rememberedAtStart = () => {
  const rec = remember.get();
  return rec?.type === 'username' ? rec : null;
};

/**
 * The login form's state and actions (spec §2 Login screen, §4 Login): validation by the named rule
 * sets, the captcha once a failed login asks for it, remember-password through a device credential,
 * the SMS code, and the re-validation of filled fields after a language change.
 */
export function useLoginForm() {
  const { bundle } = useSite();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const rules = useMemo(() => loginRules(bundle.info.register.rules), [bundle]);
  const codes = bundle.info.register.countryDialingCodes;
  const service = bundle.info.register.phoneVerification;

  const [initial] = useState(rememberedAtStart);
  const [device, setDevice] = useState<RememberedLogin | null>(initial);
  const [method, setMethod] = useState<LoginMethod>('password');
  const [values, setValues] = useState<Values>(() =>
    initial ? { ...EMPTY, username: initial.username, password: REMEMBERED_MASK } : EMPTY,
  );
  const [dialingCode, setDialingCode] = useState(
    () =>
      (initial?.countryDialingCode && codes.includes(initial.countryDialingCode)
        ? initial.countryDialingCode
        : codes[0]) ?? '+63',
  );
  const [errors, setErrors] = useState<Errors>({});
  const [rememberMe, setRememberMe] = useState(initial !== null);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // A failed social login comes back here as ?oauth_error=<message key> (features/oauth, the server callback).
  const [params] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(() => {
    const code = params.get('oauth_error');
    return code && /^[a-z_.]{1,40}$/.test(code) ? errorKey(code) : null;
  });
  // A break from play in force (issue 22): its end from the page that started it (?break=), or from
  // the refusal of a login during it ('permanent' when it never ends).
  const [breakUntil, setBreakUntil] = useState<string | null>(() => params.get('break'));
  const refs = useFieldRefs<LoginField>();
  const captcha = useCaptcha(captchaShown);

  const check = useCallback(
    (field: LoginField, v: Values, usingDevice: boolean): string | null => {
      if (field === 'captcha') return validateField(captchaRule, v.captcha);
      if (field === 'password' && usingDevice) return null;
      return validateField(rules[loginRuleName(field)], v[field]);
    },
    [rules],
  );

  const setValue = (field: LoginField, raw: string) => {
    let next = { ...values, [field]: raw };
    if (device && (field === 'password' || field === 'username')) {
      // Editing a remembered login turns it into an ordinary one: the mask is not a password.
      setDevice(null);
      next = { ...next, password: field === 'password' ? raw.replaceAll('•', '') : '' };
    }
    setValues(next);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: check(field, next, false) ?? undefined }));
  };

  const blur = (field: LoginField) => {
    if (isBlank(values[field]) && !errors[field]) return;
    setErrors((e) => ({ ...e, [field]: check(field, values, device !== null) ?? undefined }));
  };

  // I18N-011: 200 ms after a language change, the filled fields are checked again, so that their
  // messages (shown in that debounced language) follow the new language.
  const language = useDebouncedLanguage();
  const revalidate = useEffectEvent(() => {
    const next: Errors = {};
    for (const f of loginFields(method, captchaShown)) {
      if (!isBlank(values[f])) next[f] = check(f, values, device !== null) ?? undefined;
    }
    setErrors((e) => ({ ...e, ...next }));
  });
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    revalidate();
  }, [language]);

  const switchMethod = (m: LoginMethod) => {
    if (m === method) return;
    setMethod(m);
    setErrors({});
    setServerError(null);
    // AUTH-027: a new captcha for the other method.
    if (captchaShown) {
      setValues((v) => ({ ...v, captcha: '' }));
      captcha.refresh();
    }
  };

  const toggleRemember = (on: boolean) => {
    setRememberMe(on);
    if (!on) {
      remember.clear();
      if (device) {
        setDevice(null);
        setValues((v) => ({ ...v, password: '' }));
      }
    }
  };

  const payload = (firebaseIdToken?: string): LoginRequest => {
    const withCaptcha = captchaShown ? { captcha: values.captcha.trim() } : {};
    if (method === 'sms' && firebaseIdToken !== undefined) {
      // API-004: the phone-verification service checked the code; its ID token stands for it.
      return {
        type: 'firebase',
        firebaseChannel: 'sms',
        firebaseIdToken,
        firebaseMobileNo: values.mobileNum.trim(),
        countryDialingCode: dialingCode,
        ...withCaptcha,
      };
    }
    if (method === 'sms') {
      return {
        type: 'sms',
        countryDialingCode: dialingCode,
        mobileNum: values.mobileNum.trim(),
        messageCode: values.messageCode.trim(),
        ...withCaptcha,
      };
    }
    if (device) {
      return {
        type: 'device',
        username: device.username,
        deviceToken: device.deviceToken,
        remember: true,
        ...withCaptcha,
      };
    }
    return {
      type: 'username',
      username: values.username.trim(),
      password: values.password,
      ...(rememberMe ? { remember: true } : {}),
      ...withCaptcha,
    };
  };

  // AUTH-028: only a device credential is kept, never the password.
  const keepRemembered = (value: SessionValue) => {
    if (method !== 'password') return;
    if (!rememberMe) {
      remember.clear();
      return;
    }
    const username = device?.username ?? values.username.trim();
    const deviceToken = value.deviceToken ?? device?.deviceToken;
    if (deviceToken)
      remember.set({ type: 'username', username, deviceToken, countryDialingCode: dialingCode });
  };

  const failed = (err: unknown) => {
    const api = err instanceof ApiError ? err : null;
    if (api && asksForCaptcha(api.value) && !captchaShown) setCaptchaShown(true);
    // AUTH-025: a shown captcha is used up by any attempt; the next one needs a new picture.
    else if (captchaShown) captcha.refresh();
    setValues((v) => ({ ...v, captcha: '' }));
    if (device && api && (api.status === 401 || api.status === 403) && !api.code.startsWith('captcha')) {
      // The remembered credential was refused (expired, revoked): ask for the password again.
      remember.clear();
      setDevice(null);
      setValues((v) => ({ ...v, password: '' }));
    }
    if (api?.code === 'member_excluded') {
      const until = api.value?.until;
      setBreakUntil(typeof until === 'string' ? until : 'permanent');
      setServerError(null);
      return;
    }
    setServerError(apiErrorKey(err));
  };

  const submit = async () => {
    if (submitting) return;
    const fields = loginFields(method, captchaShown);
    const next: Errors = {};
    for (const f of fields) next[f] = check(f, values, device !== null) ?? undefined;
    setErrors(next);
    const first = fields.find((f) => next[f]);
    if (first) {
      refs.focus(first);
      return;
    }
    setSubmitting(true);
    setServerError(null);
    try {
      let firebaseIdToken: string | undefined;
      if (method === 'sms' && service) {
        const session = sms.serviceSession();
        firebaseIdToken = session
          ? await confirmServiceCode(service, session, values.messageCode.trim()).catch(() => undefined)
          : undefined;
        if (firebaseIdToken === undefined) {
          setSubmitting(false);
          setErrors((e) => ({ ...e, messageCode: 'valid.verification_code' }));
          refs.focus('messageCode');
          return;
        }
      }
      const value = await login(payload(firebaseIdToken));
      storeSession(value);
      // Spec §2 Change password: the old password is asked for only when it is not held. A login by
      // the typed password holds it, in memory for this page only (never a remembered one's mask).
      if (method === 'password' && device === null) passwordMemory.set(value.userName, values.password);
      keepRemembered(value);
      void navigate(afterLoginTarget(search), { replace: true });
    } catch (err) {
      setSubmitting(false);
      failed(err);
    }
  };

  const sms = useSendSmsCode({
    purpose: 'login',
    service,
    target: () => {
      const error = check('mobileNum', values, false);
      setErrors((e) => ({ ...e, mobileNum: error ?? undefined }));
      if (error) {
        refs.focus('mobileNum');
        return null;
      }
      return { countryDialingCode: dialingCode, mobile: values.mobileNum.trim() };
    },
    onError: (err) => setServerError(apiErrorKey(err)),
  });

  return {
    method,
    switchMethod,
    values,
    setValue,
    blur,
    errors,
    /** The language the messages are shown in (debounced, I18N-011). */
    language,
    dialingCode,
    setDialingCode,
    codes,
    rememberMe,
    toggleRemember,
    remembered: device !== null,
    captchaShown,
    captcha,
    submitting,
    submit,
    serverError,
    setServerError,
    breakUntil,
    sms,
    bind: refs.bind,
  };
}
