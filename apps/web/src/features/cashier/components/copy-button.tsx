import { useTranslation } from '../../../i18n/react';
import { TOAST_MS, toast } from '../../../lib/toast';

/** Copies a value (a bank account number or name) and says so. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      void toast.show(t('cashier.copied'), TOAST_MS.notice);
    } catch {
      void toast.show(t('cashier.copyFailed'), TOAST_MS.notice);
    }
  }
  return (
    <button
      type="button"
      className="cs-copy"
      aria-label={t('cashier.copy', { what: label })}
      onClick={() => void copy()}
      data-testid={testId}
    >
      {t('cashier.copyShort')}
    </button>
  );
}
