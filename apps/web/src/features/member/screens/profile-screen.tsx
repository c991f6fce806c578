import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { PersonalInfo } from '@panalo/contract/member';
import { NICKNAME_MAX, PERSONAL_FIELDS, type PersonalField } from '@panalo/contract/profile-rules';
import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';
import { Page } from '../../../components/ui/page';
import { ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api';
import { announce } from '../../../lib/announce';
import { usePersonalInfo, useSetHeadIcon, useSetNickname, useUpdatePersonalInfo } from '../api/profile';
import { HeadIconCropper } from '../components/head-icon-cropper';
import { headIconFileProblem } from '../rules/head-icon';
import { daysSince, vipName, vipOn } from '../rules/mine-entries';
import '../member.css';

/** A refusal as text: a field rule's own message key when the server names one (validation_failed). */
function useRefusalText() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (err: unknown) => {
    const rule = err instanceof ApiError ? err.value?.rule : undefined;
    return typeof rule === 'string' ? t(rule, { defaultValue: errorText(err) }) : errorText(err);
  };
}

function HeadIcon({ info }: { info: PersonalInfo }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const save = useSetHeadIcon();
  const refusal = useRefusalText();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    const p = headIconFileProblem(f);
    setProblem(p ? t(`member.home.problem.${p}`) : null);
    save.reset();
    if (!p) setFile(f);
  };
  const use = async (dataUrl: string) => {
    try {
      await save.mutateAsync(dataUrl);
      setFile(null);
      announce(t('member.home.iconSaved'));
    } catch {
      // shown in the cropper
    }
  };

  return (
    <div className="profile-icon">
      <span className="mine-avatar profile-icon__avatar" data-testid="profile-avatar">
        {info.headIcon ? (
          <img src={info.headIcon} alt={t('member.home.iconAlt')} width={72} height={72} />
        ) : (
          <span aria-hidden="true">{info.account.slice(0, 1).toUpperCase()}</span>
        )}
      </span>
      <label className="btn btn--ghost profile-icon__change" htmlFor={inputId}>
        {t('member.home.changeIcon')}
      </label>
      <input
        ref={input}
        id={inputId}
        className="visually-hidden"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={choose}
        aria-describedby={problem ? `${inputId}-problem` : `${inputId}-hint`}
        data-testid="profile-icon-input"
      />
      <small id={`${inputId}-hint`} className="profile-hint">
        {t('member.home.iconHint')}
      </small>
      {problem && (
        <span
          id={`${inputId}-problem`}
          className="ui-field__error"
          role="alert"
          data-testid="profile-icon-problem"
        >
          {problem}
        </span>
      )}
      {file && (
        <HeadIconCropper
          file={file}
          busy={save.isPending}
          error={save.isError ? refusal(save.error) : null}
          onCancel={() => setFile(null)}
          onUse={(d) => void use(d)}
        />
      )}
    </div>
  );
}

function NicknameForm({ info }: { info: PersonalInfo }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSetNickname();
  const refusal = useRefusalText();
  const [value, setValue] = useState(info.nickname ?? '');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync(value);
      announce(t('member.home.saved'));
    } catch {
      document.getElementById(id)?.focus();
    }
  };
  return (
    <form
      className="ui-card profile-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="profile-nickname-form"
    >
      <label className="ui-field" htmlFor={id}>
        <span className="ui-field__label">{t('member.home.nickname')}</span>
        <input
          id={id}
          className="ui-input"
          value={value}
          maxLength={NICKNAME_MAX}
          autoComplete="nickname"
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={save.isError}
          aria-describedby={save.isError ? `${id}-problem` : undefined}
          data-testid="profile-nickname"
        />
        {save.isError && (
          <span id={`${id}-problem`} className="ui-field__error" role="alert">
            {refusal(save.error)}
          </span>
        )}
      </label>
      <button
        type="submit"
        className="btn btn--primary"
        disabled={save.isPending}
        data-testid="profile-nickname-save"
      >
        {save.isPending ? t('member.home.saving') : t('member.home.save')}
      </button>
    </form>
  );
}

function ContactsForm({ info, fields }: { info: PersonalInfo; fields: PersonalField[] }) {
  const { t } = useTranslation();
  const base = useId();
  const save = useUpdatePersonalInfo();
  const refusal = useRefusalText();
  const [values, setValues] = useState(
    () => Object.fromEntries(fields.map((f) => [f, info[f] ?? ''])) as Record<PersonalField, string>,
  );
  if (fields.length === 0) return null;
  const failedField = save.error instanceof ApiError ? save.error.value?.field : undefined;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync(values);
      announce(t('member.home.saved'));
    } catch (err) {
      const field = err instanceof ApiError ? err.value?.field : undefined;
      if (typeof field === 'string') document.getElementById(`${base}-${field}`)?.focus();
    }
  };
  return (
    <form
      className="ui-card profile-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="profile-contacts-form"
    >
      <h2 className="profile-heading">{t('member.home.contacts')}</h2>
      {fields.map((f) => {
        const id = `${base}-${f}`;
        const failed = save.isError && failedField === f;
        return (
          <label key={f} className="ui-field" htmlFor={id}>
            <span className="ui-field__label">{t(`member.home.field.${f}`)}</span>
            <input
              id={id}
              className="ui-input"
              value={values[f]}
              maxLength={64}
              onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
              aria-invalid={failed}
              aria-describedby={failed ? `${id}-problem` : undefined}
              data-testid={`profile-${f}`}
            />
            {failed && (
              <span id={`${id}-problem`} className="ui-field__error" role="alert">
                {refusal(save.error)}
              </span>
            )}
          </label>
        );
      })}
      {save.isError && typeof failedField !== 'string' && (
        <p className="ui-field__error" role="alert">
          {refusal(save.error)}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary"
        disabled={save.isPending}
        data-testid="profile-contacts-save"
      >
        {save.isPending ? t('member.home.saving') : t('member.home.save')}
      </button>
    </form>
  );
}

function Profile({ info }: { info: PersonalInfo }) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const [now] = useState(() => Date.now());
  const rules = site.bundle.info.register.rules;
  // The contacts this merchant asks for at registration, and any the member already has.
  const fields = PERSONAL_FIELDS.filter((f) => rules[f]?.enabled === true || info[f]);
  const bound: { key: string; value: string | null }[] = [
    { key: 'mobileNum', value: info.mobileNum },
    { key: 'email', value: info.email },
    { key: 'payeeName', value: info.payeeName },
    { key: 'birthDate', value: info.birthDate },
  ];
  return (
    <>
      <section className="ui-card profile-card" aria-label={t('member.home.summary')}>
        <HeadIcon info={info} />
        <div className="profile-card__text">
          <p className="profile-card__name" data-testid="profile-account">
            {info.nickname ?? info.account}
          </p>
          {info.nickname && <p className="profile-hint">{info.account}</p>}
          {vipOn(site) && (
            <span className="profile-vip" data-testid="profile-vip">
              {info.vip
                ? t('member.vip.level', { level: info.vip.level, name: vipName(info.vip, i18n.language) })
                : t('member.vip.none')}
            </span>
          )}
          <p className="profile-hint" data-testid="profile-days">
            {t('member.profile.days', { count: daysSince(info.regDate, now) })}
          </p>
        </div>
      </section>
      <NicknameForm info={info} />
      <ContactsForm info={info} fields={fields} />
      <section className="ui-card profile-form" aria-labelledby="profile-bound">
        <h2 id="profile-bound" className="profile-heading">
          {t('member.home.bound')}
        </h2>
        <dl className="profile-bound">
          {bound.map((b) => (
            <div key={b.key} className="profile-bound__row">
              <dt>{t(`member.home.field.${b.key}`)}</dt>
              <dd data-testid={`profile-bound-${b.key}`}>{b.value ?? t('member.home.notSet')}</dd>
            </div>
          ))}
        </dl>
        <Link className="btn btn--ghost" to="/m/securityCenter">
          {t('member.home.security')}
        </Link>
      </section>
    </>
  );
}

/**
 * /m/member/home (issue 19 item 5; the member centre's profile): the head icon (png, jpg or webp ≤ 2 MB,
 * cropped square here, sent form-encoded: API-027), nickname and personal info (API-071), the VIP label
 * and the days since registration.
 */
export function ProfileScreen() {
  const { t } = useTranslation();
  const info = usePersonalInfo();
  return (
    <Page title={t('member.home.title')} testId="profile-screen">
      {info.isPending ? (
        <ListSkeleton rows={3} />
      ) : info.isError ? (
        <LoadError error={info.error} onRetry={() => void info.refetch()} />
      ) : (
        <Profile info={info.data} />
      )}
    </Page>
  );
}
