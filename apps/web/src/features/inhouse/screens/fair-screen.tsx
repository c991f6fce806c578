import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { verifyRound } from '../api/inhouse-api';
import '../inhouse.css';

/**
 * /m/fair: the public verification page. Anyone can recompute a round of our games from its revealed
 * server seed, client seed, nonce and bet; the page also checks the seed against the hash shown before
 * the round was played.
 */
export function FairScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [form, setForm] = useState({
    game: params.get('game') ?? 'dice',
    serverSeed: params.get('serverSeed') ?? '',
    clientSeed: params.get('clientSeed') ?? '',
    nonce: params.get('nonce') ?? '0',
    bet: params.get('bet') ?? '{"amount":"1.00","target":5000,"direction":"under"}',
  });
  const hash = params.get('hash');
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
    <main className="ih-page" data-testid="fair-screen">
      <h1>{t('inhouse.fair.title')}</h1>
      <p className="ih-note">{t('inhouse.fair.intro')}</p>
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
          <p>{t('inhouse.fair.payout', { amount: r.payout, multiplier: r.multiplier })}</p>
          <p className="ih-mono">{t('inhouse.fair.hash', { hash: r.serverSeedHash })}</p>
          {matches !== null && (
            <p className={matches ? 'ih-win' : 'ih-loss'} data-testid="fair-match">
              {t(matches ? 'inhouse.fair.matches' : 'inhouse.fair.mismatch')}
            </p>
          )}
          <pre className="ih-mono ih-outcome">{JSON.stringify(r.outcome, null, 1)}</pre>
        </section>
      )}
    </main>
  );
}
