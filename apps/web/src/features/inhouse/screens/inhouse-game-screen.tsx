import { useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { useParams } from 'react-router';
import type { InhouseRound } from '@panalo/contract/inhouse';
import { invalidateBalance, setBalance } from '../../../app/layout/use-header-balance';
import { errorKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/money-request';
import { useSession } from '../../../lib/session';
import {
  gamesQueryOptions,
  inhouseKeys,
  playRound,
  rotateSeed,
  roundsQueryOptions,
  seedQueryOptions,
  type Rotated,
} from '../api/inhouse-api';
import { AmountField } from '../components/amount-field';
import { BetFieldsEditor } from '../components/bet-fields';
import { MinesGame } from '../components/mines-game';
import { RoundResult } from '../components/round-result';
import { RoundsList } from '../components/rounds-list';
import { SeedsPanel } from '../components/seeds-panel';
import { beep, setSoundOn, soundOn } from '../components/sound';
import { betBody, defaultFields, type BetFields } from '../rules/bets';
import '../inhouse.css';
import { useRefusalText } from '../../protection/hooks/use-refusal-text';

/** /m/inhouse/<game>: one of our games — bet, play, see the result, the seeds and the last 10 rounds. */
export function InhouseGameScreen() {
  const { t } = useTranslation();
  const refusalText = useRefusalText();
  const { game = '' } = useParams();
  const session = useSession();
  const token = session?.token ?? '';
  const client = useQueryClient();
  const games = useQuery(gamesQueryOptions());
  const info = games.data?.find((g) => g.id === game);
  const seed = useQuery({ ...seedQueryOptions(token), enabled: token !== '' });
  const rounds = useQuery({
    ...roundsQueryOptions(token, game),
    enabled: token !== '' && info !== undefined,
  });
  const [amount, setAmount] = useState('1.00');
  const [fields, setFields] = useState<BetFields | null>(null);
  const [last, setLast] = useState<InhouseRound | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<Rotated['revealed'] | null>(null);
  const [sound, setSound] = useState(soundOn);
  // One key per press: a retry of the same press (a lost answer) sends the same key.
  const pressKey = useRef<string | null>(null);
  const current = useMemo(() => fields ?? (info ? defaultFields(info.kind) : {}), [fields, info]);

  const play = useMutation({
    mutationFn: (v: { body: Record<string, unknown>; key: string }) => playRound(game, v.body, v.key),
    retry: (count, err) => count < 1 && !(err instanceof ApiError),
    onSuccess: (r) => {
      pressKey.current = null;
      setLast(r.round);
      setBalance(client, token, r.balance);
      void invalidateBalance(client);
      void client.invalidateQueries({ queryKey: inhouseKeys.rounds(token, game) });
      void client.invalidateQueries({ queryKey: inhouseKeys.seed(token) });
      if (sound) beep(r.round.payout !== '0.00');
    },
    onError: (err) => {
      pressKey.current = null;
      setProblem(refusalText(err));
      if (err instanceof ApiError && err.code === 'insufficient_funds') void invalidateBalance(client);
    },
  });
  const rotate = useMutation({
    mutationFn: (clientSeed?: string) => rotateSeed(clientSeed),
    onSuccess: (r) => {
      setRevealed(r.revealed);
      void client.invalidateQueries({ queryKey: inhouseKeys.seed(token) });
      void client.invalidateQueries({ queryKey: ['inhouse', 'rounds', token] });
    },
  });

  if (games.isPending) return <main className="ih-page" aria-busy="true" data-testid="inhouse-loading" />;
  if (!info)
    return (
      <main className="ih-page" data-testid="inhouse-unknown">
        <p>{t(games.isError ? 'inhouse.loadFailed' : 'errors.inhouse_game_unknown')}</p>
        {games.isError && (
          <button type="button" onClick={() => void games.refetch()}>
            {t('inhouse.retry')}
          </button>
        )}
      </main>
    );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const b = betBody(info.kind, amount, current);
    if (!b.ok) {
      setProblem(t('inhouse.amountProblem'));
      return;
    }
    setProblem(null);
    pressKey.current ??= newIdempotencyKey();
    play.mutate({ body: b.body, key: pressKey.current });
  };

  return (
    <main className="ih-page" data-testid="inhouse-screen">
      <header className="ih-head">
        <h1>{t(info.nameKey)}</h1>
        <p className="ih-rtp" data-testid="stated-rtp">
          {t('inhouse.rtp', { value: (info.statedRtpBp / 100).toFixed(2) })}
        </p>
        <label className="ih-sound">
          <input
            type="checkbox"
            checked={sound}
            onChange={(e) => {
              setSound(e.target.checked);
              setSoundOn(e.target.checked);
            }}
            data-testid="sound-toggle"
          />
          {t('inhouse.sound')}
        </label>
      </header>

      {info.kind === 'mines' ? (
        <MinesGame info={info} token={token} sound={sound} />
      ) : (
        <>
          <form className="ih-form" onSubmit={submit} noValidate>
            <AmountField value={amount} onChange={setAmount} min={info.minBet} invalid={problem !== null} />
            <BetFieldsEditor
              kind={info.kind}
              fields={current}
              onChange={setFields}
              disabled={play.isPending}
            />
            {problem && (
              <p className="ih-error" role="alert" data-testid="play-error">
                {problem}
              </p>
            )}
            <button className="ih-play" type="submit" disabled={play.isPending} data-testid="play">
              {play.isPending
                ? t('inhouse.playing')
                : t(info.kind === 'slot' ? 'inhouse.spin' : 'inhouse.play')}
            </button>
          </form>
          {last && (
            <RoundResult kind={info.kind} round={last} {...(info.symbols ? { symbols: info.symbols } : {})} />
          )}
        </>
      )}

      <details className="ih-panel" data-testid="help-panel">
        <summary>{t('inhouse.help')}</summary>
        {info.rulesKeys.map((k) => (
          <p key={k}>{t(k, { ...info.facts })}</p>
        ))}
      </details>
      <SeedsPanel
        seed={seed.data}
        revealed={revealed}
        busy={rotate.isPending}
        problem={
          rotate.error
            ? t(errorKey(rotate.error instanceof ApiError ? rotate.error.code : 'unknown_error'))
            : null
        }
        onRotate={(c) => rotate.mutate(c)}
      />
      <section className="ih-panel" aria-labelledby="ih-rounds-title">
        <h2 id="ih-rounds-title">{t('inhouse.rounds.title')}</h2>
        <RoundsList rounds={rounds.data} />
      </section>
    </main>
  );
}
