import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import type { InhouseRound } from '@panalo/contract/inhouse';
import { formatMoney } from '../../../lib/format';

/**
 * Where a round is checked: the public verification page — by round id once its seed is public (the
 * server recomputes the stored round), else the by-hand form filled in with what is known so far.
 */
export function verifyLink(r: InhouseRound): string {
  if (r.serverSeed) return `/m/fair?${new URLSearchParams({ round: r.id }).toString()}`;
  const q = new URLSearchParams({
    game: r.game,
    clientSeed: r.clientSeed,
    nonce: String(r.nonce),
    bet: JSON.stringify(r.bet),
    hash: r.serverSeedHash,
    ...(r.serverSeed ? { serverSeed: r.serverSeed } : {}),
  });
  return `/m/fair?${q.toString()}`;
}

/** The last 10 rounds of the game (game records), each with its seeds and a way to verify it. */
export function RoundsList({ rounds }: { rounds: InhouseRound[] | undefined }) {
  const { t } = useTranslation();
  if (!rounds) return <p className="ih-note">{t('inhouse.loading')}</p>;
  if (rounds.length === 0) return <p className="ih-note">{t('inhouse.rounds.empty')}</p>;
  return (
    <ol className="ih-rounds" aria-label={t('inhouse.rounds.title')} data-testid="rounds-list">
      {rounds.map((r) => (
        <li key={r.id} data-testid="round-item">
          <span>#{r.nonce}</span>
          <span>{t('inhouse.rounds.stake', { amount: formatMoney(r.stake) })}</span>
          <span className={r.payout === '0.00' ? 'ih-loss' : 'ih-win'}>
            {t('inhouse.rounds.payout', { amount: formatMoney(r.payout) })}
          </span>
          <Link to={verifyLink(r)} data-testid="verify-link">
            {r.serverSeed ? t('inhouse.rounds.verify') : t('inhouse.rounds.verifyLater')}
          </Link>
        </li>
      ))}
    </ol>
  );
}
