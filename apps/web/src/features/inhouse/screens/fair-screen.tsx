import { useState } from 'react';
import { useMutation, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { VerifiedRound } from '@panalo/contract/inhouse';
import { useTranslation } from '../../../i18n/react';
import { useSearchParams } from 'react-router';
import { errorKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { storedVerificationQueryOptions, verifyRound } from '../api/inhouse-api';
import '../inhouse.css';
import { formatMoney } from '../../../lib/format';

/** A stored round (/m/fair?round=<id>) as the server recomputed it from its revealed seed. */
function StoredRound({ q }: { q: UseQueryResult<VerifiedRound> }) {
  const { t } = useTranslation();
  if (q.isPending)
    return (
      <p className="ih-note" aria-busy="true">
        {t('inhouse.fair.loadingRound')}
      </p>
    );
  if (q.isError)
    return (
      <p className="ih-error" role="alert" data-testid="fair-round-error">
        {t(errorKey(q.error instanceof ApiError ? q.error.code : 'unknown_error'))}
      </p>
    );
  const v = q.data;
  return (
    <section className="ih-panel" role="status" data-testid="fair-round">
      <h2>
        {t('inhouse.fair.roundTitle', { id: v.round.id })} · {v.round.game}
      </h2>
      <p>
        {t('inhouse.fair.stored', {
          amount: v.round.payout,
          multiplier: v.round.multiplier,
          nonce: v.round.nonce,
        })}
      </p>
      <p>
        {t('inhouse.fair.recomputed', {
          amount: formatMoney(v.recomputed.payout),
          multiplier: v.recomputed.multiplier,
        })}
      </p>
      <p className={v.hashMatches ? 'ih-win' : 'ih-loss'} data-testid="fair-hash-match">
        {t(v.hashMatches ? 'inhouse.fair.matches' : 'inhouse.fair.mismatch')}
      </p>
      <p className={v.outcomeMatches ? 'ih-win' : 'ih-loss'} data-testid="fair-outcome-match">
        {t(v.outcomeMatches ? 'inhouse.fair.outcomeMatches' : 'inhouse.fair.outcomeMismatch')}
      </p>
      <dl className="ih-seeds">
        <dt>{t('inhouse.fair.serverSeed')}</dt>
        <dd className="ih-mono">{v.round.serverSeed}</dd>
        <dt>{t('inhouse.seeds.hash')}</dt>
        <dd className="ih-mono">{v.round.serverSeedHash}</dd>
        <dt>{t('inhouse.fair.clientSeed')}</dt>
        <dd className="ih-mono">{v.round.clientSeed}</dd>
        <dt>{t('inhouse.fair.bet')}</dt>
        <dd className="ih-mono">{JSON.stringify(v.round.bet)}</dd>
      </dl>
      <pre className="ih-mono ih-outcome">{JSON.stringify(v.recomputed.outcome, null, 1)}</pre>
    </section>
  );
}

type FormFields = { game: string; serverSeed: string; clientSeed: string; nonce: string; bet: string };

/**
 * /m/fair: the public verification page. Anyone can recompute a round of our games from its revealed
 * server seed, client seed, nonce and bet; the page also checks the seed against the hash shown before
 * the round was played. With ?round=<id> the server recomputes the stored round, and the by-hand form
 * is filled in with it.
 */
export function FairScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const asked = params.get('round');
  const roundId = asked && /^\d{1,19}$/.test(asked) ? asked : null;
  const stored = useQuery({ ...storedVerificationQueryOptions(roundId ?? '0'), enabled: roundId !== null });
  const r = stored.data?.round;
  const initial: FormFields = r
    ? {
        game: r.game,
        serverSeed: r.serverSeed ?? '',
        clientSeed: r.clientSeed,
        nonce: String(r.nonce),
        bet: JSON.stringify(r.bet),
      }
    : {
        game: params.get('game') ?? 'dice',
        serverSeed: params.get('serverSeed') ?? '',
        clientSeed: params.get('clientSeed') ?? '',
        nonce: params.get('nonce') ?? '0',
        bet: params.get('bet') ?? '{"amount":"1.00","target":5000,"direction":"under"}',
      };
  return (
    <main className="ih-page" data-testid="fair-screen">
      <h1>{t('inhouse.fair.title')}</h1>
      <p className="ih-note">{t('inhouse.fair.intro')}</p>
      {roundId && <StoredRound q={stored} />}
      {roundId && <h2 className="ih-subtitle">{t('inhouse.fair.byHand')}</h2>}
      {(!roundId || !stored.isPending) && (
        <ByHand
          key={r ? r.id : 'params'}
          initial={initial}
          hash={r ? r.serverSeedHash : params.get('hash')}
        />
      )}
    </main>
  );
}

/** The by-hand form: any seeds, nonce and bet, recomputed by the server. */
function ByHand({ initial, hash }: { initial: FormFields; hash: string | null }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: verifyRound,
    onError: (err) => setProblem(t(errorKey(err instanceof ApiError ? err.code : 'unknown_error'))),
  });
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    let bet: Record<string, unknown>;
    try {
      bet = JSON.parse(form.bet) as Record<string, unknown>;
    } catch {
      setProblem(t('inhouse.fair.betProblem'));
      return;
    }
    verify.mutate({
      game: form.game.trim(),
      serverSeed: form.serverSeed.trim(),
      clientSeed: form.clientSeed,
      nonce: Number(form.nonce),
      bet,
    });
  };
  const r = verify.data;
  const matches = r && hash ? r.serverSeedHash === hash : null;

  return (
    <>
      <form className="ih-form" onSubmit={submit} noValidate>
        {(['game', 'serverSeed', 'clientSeed', 'nonce', 'bet'] as const).map((k) => (
          <label key={k}>
            {t(`inhouse.fair.${k}`)}
            <input value={form[k]} onChange={set(k)} data-testid={`fair-${k}`} spellCheck={false} />
          </label>
        ))}
        {problem && (
          <p className="ih-error" role="alert">
            {problem}
          </p>
        )}
        <button className="ih-play" type="submit" disabled={verify.isPending} data-testid="fair-verify">
          {t('inhouse.fair.verify')}
        </button>
      </form>
      {r && (
        <section className="ih-panel" role="status" data-testid="fair-result">
          <p>{t('inhouse.fair.payout', { amount: formatMoney(r.payout), multiplier: r.multiplier })}</p>
          <p className="ih-mono">{t('inhouse.fair.hash', { hash: r.serverSeedHash })}</p>
          {matches !== null && (
            <p className={matches ? 'ih-win' : 'ih-loss'} data-testid="fair-match">
              {t(matches ? 'inhouse.fair.matches' : 'inhouse.fair.mismatch')}
            </p>
          )}
          <pre className="ih-mono ih-outcome">{JSON.stringify(r.outcome, null, 1)}</pre>
        </section>
      )}
    </>
  );
}
