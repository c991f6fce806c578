import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { preparePicture, type Prepared } from '../lib/prepare-picture';
import { MAX_BYTES } from '../rules/picture';
import { describedBy } from './field';

const ACCEPT = 'image/jpeg,image/png';

/** An object URL of the chosen picture for its preview, let go when the picture changes or leaves. */
function usePreviewUrl(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

/**
 * One picture of a document: taken with the camera (`capture`: the back camera for an ID, the front
 * one for a selfie) or chosen from the files, checked and made smaller here (`preparePicture`), then
 * shown with a preview and a way to take it out. `id` is the camera input's (focused when the picture
 * is missing); `error` is the form's problem for it.
 */
export function PictureSlot({
  id,
  label,
  hint,
  capture,
  file,
  onChange,
  error,
  disabled,
  testId,
}: {
  id: string;
  label: string;
  hint?: string;
  capture: 'environment' | 'user';
  file: File | null;
  onChange: (file: File | null) => void;
  error: string | null;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<Exclude<Prepared, { ok: true }>['reason'] | null>(null);
  const [preparing, setPreparing] = useState(false);
  const preview = usePreviewUrl(file);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const chosen = input.files?.[0];
    // The same file may be chosen again after it was taken out.
    input.value = '';
    if (!chosen) return;
    setPreparing(true);
    setRefusal(null);
    const prepared = await preparePicture(chosen);
    setPreparing(false);
    if (prepared.ok) onChange(prepared.file);
    else {
      setRefusal(prepared.reason);
      onChange(null);
    }
  };

  const refusalText =
    refusal === 'notImage'
      ? t('verification.picture.notImage')
      : refusal === 'tooLarge'
        ? t('verification.picture.tooLarge', { maxMb: MAX_BYTES / (1024 * 1024) })
        : refusal === 'unreadable'
          ? t('verification.picture.unreadable')
          : null;
  const shown = refusalText ?? error;
  const hintText = hint ?? t('verification.picture.hint');
  const described = describedBy(id, true, shown !== null);
  const busy = disabled || preparing;

  return (
    <fieldset className="kyc-picture" data-testid={`${testId}-slot`}>
      <legend className="kyc-field__label">{label}</legend>
      <p id={`${id}-hint`} className="kyc-field__hint">
        {hintText}
      </p>
      {file && (
        <div className="kyc-picture__chosen">
          {preview && (
            <img
              src={preview}
              alt={t('verification.picture.preview', { slot: label })}
              className="kyc-picture__img"
            />
          )}
          <span className="kyc-picture__name">{file.name}</span>
          <button
            type="button"
            className="btn kyc-btn-secondary"
            onClick={() => onChange(null)}
            disabled={disabled}
            aria-label={t('verification.picture.removeLabel', { slot: label })}
            data-testid={`${testId}-remove`}
          >
            {t('verification.picture.remove')}
          </button>
        </div>
      )}
      <div className="kyc-picture__actions">
        <input
          id={id}
          className="visually-hidden kyc-picture__input"
          type="file"
          accept={ACCEPT}
          capture={capture}
          onChange={(e) => void pick(e)}
          disabled={busy}
          aria-invalid={shown !== null}
          aria-describedby={described}
          data-testid={testId}
        />
        <label
          htmlFor={id}
          className={`btn kyc-btn-secondary kyc-picture__btn${busy ? ' kyc-picture__btn--off' : ''}`}
        >
          <span className="visually-hidden">{label}: </span>
          {file ? t('verification.picture.cameraAgain') : t('verification.picture.camera')}
        </label>
        <input
          id={`${id}-file`}
          className="visually-hidden kyc-picture__input"
          type="file"
          accept={ACCEPT}
          onChange={(e) => void pick(e)}
          disabled={busy}
          aria-invalid={shown !== null}
          aria-describedby={described}
          data-testid={`${testId}-file`}
        />
        <label
          htmlFor={`${id}-file`}
          className={`btn kyc-btn-secondary kyc-picture__btn${busy ? ' kyc-picture__btn--off' : ''}`}
        >
          <span className="visually-hidden">{label}: </span>
          {t('verification.picture.file')}
        </label>
      </div>
      {preparing && (
        <p className="kyc-field__hint" role="status">
          {t('verification.picture.preparing')}
        </p>
      )}
      {shown && (
        <p
          id={`${id}-error`}
          className="kyc-field__error"
          role={refusalText ? 'alert' : undefined}
          data-testid={`${testId}-error`}
        >
          {shown}
        </p>
      )}
    </fieldset>
  );
}
