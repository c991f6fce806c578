import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REALITY_CHECK_MINUTES } from '@panalo/contract/protection';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorKey } from '../../../i18n';
import { realityCheckKey, setRealityCheck, useRealityCheck } from '../api/reality-check';

/** The member's reality-check interval: off, 15, 30 or 60 minutes (issue 22). Saved as it is chosen. */
export function RealityCheckSetting() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const check = useRealityCheck();
  const [problem, setProblem] = useState<string | null>(null);
  const current = check.data?.intervalMinutes ?? null;

  async function choose(m: 15 | 30 | 60 | null) {
    setProblem(null);
    // The choice shows at once; the server's answer replaces it, a refusal puts the old one back.
    const before = check.data;
    if (before) client.setQueryData(realityCheckKey, { ...before, intervalMinutes: m });
    try {
      client.setQueryData(realityCheckKey, await setRealityCheck(m));
    } catch (err) {
      if (before) client.setQueryData(realityCheckKey, before);
      setProblem(t(errorKey(err instanceof ApiError ? err.code : 'unknown_error')));
    }
  }

  return (
    <section className="sp-card" data-testid="sp-reality">
      <fieldset className="sp-group" disabled={!check.data}>
        <legend className="sp-subtitle">{t('protection.reality.setting')}</legend>
        <p className="sp-muted">{t('protection.reality.settingHint')}</p>
        {([null, ...REALITY_CHECK_MINUTES] as const).map((m) => (
          <label key={m ?? 'off'} className="sp-option">
            <input
              type="radio"
              name="reality-check"
              checked={current === m}
              onChange={() => void choose(m)}
              data-testid={`sp-reality-${m ?? 'off'}`}
            />
            <span>{m === null ? t('protection.reality.off') : t('protection.reality.every', { m })}</span>
          </label>
        ))}
      </fieldset>
      {problem && (
        <p className="sp-alert" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
