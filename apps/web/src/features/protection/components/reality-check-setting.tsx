import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REALITY_CHECK_MINUTES } from '@panalo/contract/protection-rules';
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
  // The choice being saved, shown in the same render as the click: the query cache (updated at once, the
  // server's answer then replacing it, a refusal putting the old one back) tells its observers a moment
  // later, and a controlled radio would spring back meanwhile.
  const [choosing, setChoosing] = useState<{ m: 15 | 30 | 60 | null } | null>(null);
  const current = choosing ? choosing.m : (check.data?.intervalMinutes ?? null);

  async function choose(m: 15 | 30 | 60 | null) {
    setProblem(null);
    setChoosing({ m });
    const before = check.data;
    if (before) client.setQueryData(realityCheckKey, { ...before, intervalMinutes: m });
    try {
      client.setQueryData(realityCheckKey, await setRealityCheck(m));
    } catch (err) {
      if (before) client.setQueryData(realityCheckKey, before);
      setProblem(t(errorKey(err instanceof ApiError ? err.code : 'unknown_error')));
    } finally {
      setChoosing(null);
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
