import './ui.css';
import { useTranslation } from '../../i18n/react';
import { TOAST_MS, toast } from '../../lib/toast';

/** Copies a value (a bank account number, an invitation link) and says so. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      void toast.show(t('common.copied'), TOAST_MS.notice);
    } catch {
      void toast.show(t('common.copyFailed'), TOAST_MS.notice);
    }
  }
  return (
    <button
      type="button"
      className="ui-copy"
      aria-label={t('common.copy', { what: label })}
      onClick={() => void copy()}
      data-testid={testId}
    >
      {t('common.copyShort')}
    </button>
  );
}
