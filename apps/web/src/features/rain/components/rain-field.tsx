import { useId, useState } from 'react';
import type { OpenRain } from '@panalo/contract/rain';
import { rainPhase } from '@panalo/contract/rain-rules';
import { useTranslation } from '../../../i18n/react';
import { useErrorText } from '../../../components/ui/states';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useClaimEnvelope } from '../api/rain';
import { claimState } from '../rules/rain-draft';
import { useNow } from './use-now';

const countdown = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
};

/** Where each falling envelope starts (across the field) and how late it falls: fixed, not random. */
const DROPS = [
  { x: 6, delay: 0 },
  { x: 58, delay: 0.7 },
  { x: 30, delay: 1.4 },
  { x: 78, delay: 0.3 },
  { x: 16, delay: 2.1 },
  { x: 44, delay: 1.1 },
  { x: 68, delay: 1.8 },
  { x: 88, delay: 2.5 },
];

/**
 * One rain as a member of its audience sees it: before it opens, a countdown; while it is open, falling
 * envelopes (any one opens the member's next envelope; still, in a grid, when the system asks for reduced
 * motion); then what the member won. A tap sends the member's next claim number, so a tap repeated on a
 * bad network answers the same envelope rather than taking two.
 */
export function RainField({ rain }: { rain: OpenRain }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const claim = useClaimEnvelope();
  const titleId = useId();
  const [lastWon, setLastWon] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const now = useNow((at) => ['upcoming', 'open'].includes(rainPhase(rain, at)));
  const phase = rainPhase(rain, now);
  const state = claimState(rain);

  const open = async () => {
    if (state.next === null || claim.isPending) return;
    setFailure(null);
    try {
      const r = await claim.mutateAsync({ rainId: rain.id, claim: state.next });
      setLastWon(r.amount);
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  return (
    <section className="ui-card rain" aria-labelledby={titleId} data-testid="rain-card" data-phase={phase}>
      <h2 id={titleId} className="ui-card__title">
        {t('rain.card.title', { from: rain.from })}
      </h2>
      <p className="rain__when">
        {phase === 'upcoming'
          ? t('rain.card.startsAt', { at: formatDateTime(rain.startsAt, i18n.language) ?? '' })
          : t('rain.card.endsAt', { at: formatDateTime(rain.endsAt, i18n.language) ?? '' })}
      </p>
      {phase === 'upcoming' && (
        <p className="rain__countdown" data-testid="rain-countdown">
          {t('rain.card.startsIn')} <strong>{countdown(Date.parse(rain.startsAt) - now)}</strong>
        </p>
      )}
      {phase === 'open' && (
        <>
          <p className="rain__status" aria-live="polite" data-testid="rain-status">
            {state.next === null
              ? rain.left === 0
                ? t('rain.card.allOpened')
                : t('rain.card.limitReached', { count: rain.perMember })
              : t('rain.card.mayOpen', { count: state.mayOpen, left: rain.left })}
          </p>
          {state.next !== null && (
            <div className="rain-field" data-testid="rain-field">
              {DROPS.map((d, i) => (
                <button
                  key={i}
                  type="button"
                  className="rain-envelope"
                  style={{ left: `${d.x}%`, animationDelay: `${d.delay}s` }}
                  onClick={() => void open()}
                  disabled={claim.isPending}
                  aria-label={t('rain.card.open')}
                  // One envelope is enough for keyboard and screen-reader users: the rest are decoration.
                  tabIndex={i === 0 ? 0 : -1}
                  aria-hidden={i === 0 ? undefined : true}
                  data-testid="rain-envelope"
                >
                  <span aria-hidden="true">🧧</span>
                </button>
              ))}
            </div>
          )}
        </>
      )}
      {(phase === 'ending' || phase === 'finished') && (
        <p className="rain__status" data-testid="rain-status">
          {t('rain.card.over')}
        </p>
      )}
      <p className="rain__won" aria-live="polite" data-testid="rain-won">
        {lastWon !== null && (
          <strong className="rain__burst">{t('rain.card.youWon', { amount: formatMoney(lastWon) })}</strong>
        )}{' '}
        {rain.won.length > 0 &&
          t('rain.card.total', { count: rain.won.length, total: formatMoney(state.total) })}
      </p>
      {failure !== null && (
        <p className="ui-field__error" role="alert" data-testid="rain-error">
          {failure}
        </p>
      )}
    </section>
  );
}
