import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { TOAST_MS, toast } from '../../../lib/toast';
import { cashierKeys } from '../api/keys';
import { useCashierText } from './use-cashier-text';

/**
 * Sends one security-centre change: busy while it runs, the translated refusal inline, and on success
 * a toast and a reload of the security config (which every cashier screen reads).
 */
export function useSecuritySubmit() {
  const { t } = useTranslation();
  const text = useCashierText();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function run(call: () => Promise<unknown>, successKey: string): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setFailure(null);
    try {
      await call();
    } catch (err) {
      setFailure(text.error(err));
      setBusy(false);
      return false;
    }
    setBusy(false);
    void toast.show(t(successKey), TOAST_MS.success, 'success');
    await queryClient.invalidateQueries({ queryKey: cashierKeys.security() });
    return true;
  }
  return { busy, failure, run };
}
