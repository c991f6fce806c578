import { useId, useState } from 'react';
import type { RainSummary } from '@panalo/contract/rain';
import { rainPhase } from '@panalo/contract/rain-rules';
import { useTranslation } from '../../../i18n/react';
import { EmptyState, ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useCancelRain, useMyRains, useRainDetail } from '../api/rain';
import { ScheduleRainForm } from './schedule-rain-form';
import { useNow } from './use-now';

function RainClaims({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const detail = useRainDetail(id);
  if (detail.isPending) return <ListSkeleton rows={2} />;
  if (detail.isError) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (detail.data.claims.length === 0) return <EmptyState text={t('rain.mine.noClaims')} />;
  return (
    <table className="rain-claims" data-testid="rain-claims">
      <caption className="visually-hidden">{t('rain.mine.claimsCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('rain.mine.member')}</th>
          <th scope="col">{t('rain.mine.amount')}</th>
          <th scope="col">{t('rain.mine.at')}</th>
        </tr>
      </thead>
      <tbody>
        {detail.data.claims.map((c) => (
          <tr key={`${c.username}-${c.claim}`} data-testid="rain-claim">
            <td>{c.username}</td>
            <td>{formatMoney(c.amount)}</td>
            <td>{formatDateTime(c.at, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RainRow({ rain }: { rain: RainSummary }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const cancel = useCancelRain();
  const [open, setOpen] = useState(false);
  const now = useNow((at) => ['upcoming', 'open'].includes(rainPhase(rain, at)));
  const phase = rainPhase(rain, now);
  const detailId = useId();
  return (
    <li className="ui-card rain-row" data-testid="rain-row" data-phase={phase}>
      <p className="rain-row__head">
        <span className={`rain-badge rain-badge--${phase}`}>{t(`rain.phase.${phase}`)}</span>{' '}
        <strong>{formatMoney(rain.budget)}</strong> · {t('rain.mine.envelopes', { count: rain.envelopes })}
      </p>
      <p className="rain-note">
        {formatDateTime(rain.startsAt, i18n.language)} – {formatDateTime(rain.endsAt, i18n.language)} ·{' '}
        {rain.audience === 'team' ? t('rain.mine.team') : t('rain.mine.chosen', { count: rain.chosen })}
      </p>
      <p data-testid="rain-row-figures">
        {t('rain.mine.figures', {
          claimed: rain.claimed,
          envelopes: rain.envelopes,
          amount: formatMoney(rain.claimedAmount),
          claimants: rain.claimants,
        })}
        {rain.status !== 'scheduled' && (
          <> · {t('rain.mine.returned', { amount: formatMoney(rain.returned) })}</>
        )}
      </p>
      <div className="rain-row__actions">
        <button
          type="button"
          className="btn"
          aria-expanded={open}
          aria-controls={detailId}
          onClick={() => setOpen((o) => !o)}
          data-testid="rain-details"
        >
          {open ? t('rain.mine.hide') : t('rain.mine.show')}
        </button>
        {phase === 'upcoming' && (
          <button
            type="button"
            className="btn"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(rain.id)}
            data-testid="rain-cancel"
          >
            {t('rain.mine.cancel')}
          </button>
        )}
      </div>
      {cancel.isError && (
        <p className="ui-field__error" role="alert">
          {errorText(cancel.error)}
        </p>
      )}
      <div id={detailId}>{open && <RainClaims id={rain.id} />}</div>
    </li>
  );
}

/** The agent's side of /m/redRain: schedule a rain, then follow each one (claims, what returned). */
export function AgentRains({ canChoose }: { canChoose: boolean }) {
  const { t } = useTranslation();
  const mine = useMyRains(true);
  const [formOpen, setFormOpen] = useState(false);
  return (
    <section aria-labelledby="rain-mine-title" data-testid="rain-mine">
      <h2 id="rain-mine-title" className="rain-section-title">
        {t('rain.mine.title')}
      </h2>
      {formOpen ? (
        <ScheduleRainForm onDone={() => setFormOpen(false)} canChoose={canChoose} />
      ) : (
        <button
          type="button"
          className="btn btn--primary rain-new"
          onClick={() => setFormOpen(true)}
          data-testid="rain-new"
        >
          {t('rain.mine.new')}
        </button>
      )}
      {mine.isPending ? (
        <ListSkeleton rows={2} />
      ) : mine.isError ? (
        <LoadError error={mine.error} onRetry={() => void mine.refetch()} />
      ) : mine.data.length === 0 ? (
        <EmptyState text={t('rain.mine.empty')} />
      ) : (
        <ul className="rain-list">
          {mine.data.map((r) => (
            <RainRow key={r.id} rain={r} />
          ))}
        </ul>
      )}
    </section>
  );
}
