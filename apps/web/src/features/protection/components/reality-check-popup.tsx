import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { nextRealityCheckMs } from '@panalo/contract/protection-rules';
import { useTranslation } from '../../../i18n/react';
import { loadCatalogues } from '../../../i18n';
import { useSite } from '../../../app/site';
import { formatCurrency } from '../../../lib/format';
import { logoutLocally } from '../../../lib/logout';
import { revokeSession } from '../../../app/layout/revoke-session';
import { realityCheckKey, realityCheckQuery, useRealityCheck } from '../api/reality-check';
import '../protection.css';

/** "1 h 05 min" from milliseconds. */
function played(ms: number, t: (k: string, v?: Record<string, unknown>) => string) {
  const minutes = Math.floor(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0
    ? t('protection.reality.hours', { h, m: String(m).padStart(2, '0') })
    : t('protection.reality.minutes', { m });
}

/**
 * The reality check (issue 22): at every multiple of the member's interval of session time (timed from
 * the session's start by the server, so every tab agrees) a dialog shows the time played and the net
 * result of play this session, with continue or stop (sign out).
 */
export function RealityCheckPopup() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const check = useRealityCheck();
  const currency = useSite().bundle.site.currency;
  const [shown, setShown] = useState<{ playedMs: number; net: string } | null>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const data = check.data;

  useEffect(() => {
    void loadCatalogues(['protection']);
  }, []);

  useEffect(() => {
    if (!data?.intervalMinutes || shown) return;
    // Server time at the answer, carried forward by this device's clock from when it came.
    const elapsed = new Date(data.now).getTime() - new Date(data.sessionStartedAt).getTime();
    const boundary = nextRealityCheckMs(elapsed, data.intervalMinutes);
    const id = setTimeout(() => {
      void client.fetchQuery({ ...realityCheckQuery(), staleTime: 0 }).then((fresh) => {
        // At least the boundary it fires at (the answer's clock may lag this device's timer a little).
        const now = new Date(fresh.now).getTime() - new Date(fresh.sessionStartedAt).getTime();
        setShown({ playedMs: Math.max(now, boundary), net: fresh.netResult });
      });
    }, boundary - elapsed);
    return () => clearTimeout(id);
  }, [data, shown, client]);

  useEffect(() => {
    if (shown) continueRef.current?.focus();
  }, [shown]);

  if (!shown) return null;
  const net = formatCurrency(shown.net, currency);
  return (
    <div className="rc-backdrop">
      <div
        className="rc-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="rc-title"
        aria-describedby="rc-text"
        data-testid="reality-check"
      >
        <h2 id="rc-title">{t('protection.reality.title')}</h2>
        <p id="rc-text">{t('protection.reality.text', { time: played(shown.playedMs, t), net })}</p>
        <div className="sp-actions">
          <button
            ref={continueRef}
            type="button"
            className="btn btn--primary"
            onClick={() => {
              setShown(null);
              void client.invalidateQueries({ queryKey: realityCheckKey });
            }}
            data-testid="reality-check-continue"
          >
            {t('protection.reality.continue')}
          </button>
          <button
            type="button"
            className="btn sp-secondary"
            onClick={() => void logoutLocally({ revoke: revokeSession })}
            data-testid="reality-check-stop"
          >
            {t('protection.reality.stop')}
          </button>
        </div>
      </div>
    </div>
  );
}
