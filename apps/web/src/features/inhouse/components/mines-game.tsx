import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import type { InhouseGameInfo, InhouseRound, MinesStep } from '@panalo/contract/inhouse';
import { invalidateBalance, setBalance } from '../../../app/layout/use-header-balance';
import { ApiError } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/money-request';
import { cashOutMines, inhouseKeys, minesOpenQueryOptions, revealTile, startMines } from '../api/inhouse-api';
import { isAmount } from '../rules/bets';
import { AmountField } from './amount-field';
import { beep } from './sound';
import { useRefusalText } from '../../protection/hooks/use-refusal-text';
import { formatMoney } from '../../../lib/format';

const MINE_CHOICES = [1, 3, 5, 10, 15, 20, 24];

/** What a tile shows: untouched, a safe pick, a mine (after the round), or the mine that was hit. */
export function tileState(round: InhouseRound | null, cell: number): 'hidden' | 'safe' | 'mine' | 'hit' {
  if (!round) return 'hidden';
  const picks = round.status === 'open' ? (round.mines?.picks ?? []) : ((round.bet.picks as number[]) ?? []);
  const outcome = round.outcome as { mineCells?: number[] } | null;
  const mines = outcome?.mineCells ?? [];
  if (mines.includes(cell)) return picks.includes(cell) ? 'hit' : 'mine';
  return picks.includes(cell) ? 'safe' : 'hidden';
}

/**
 * Mines, tile by tile: start (the stake moves), reveal tiles, cash out. The open round is loaded with the
 * screen, so a round a disconnect interrupted carries on with the same board.
 */
export function MinesGame(p: { info: InhouseGameInfo; token: string; sound: boolean }) {
  const { t } = useTranslation();
  const refusalText = useRefusalText();
  const client = useQueryClient();
  const open = useQuery(minesOpenQueryOptions(p.token));
  // The round that just ended (its board shown with the mines); the live round is the query's.
  const [finished, setFinished] = useState<InhouseRound | null>(null);
  const [amount, setAmount] = useState('1.00');
  const [mines, setMines] = useState(3);
  const [problem, setProblem] = useState<string | null>(null);
  const pressKey = useRef<string | null>(null);

  const live = open.data?.round.status === 'open' ? open.data.round : null;
  const round = live ?? finished;
  const after = (r: MinesStep) => {
    setFinished(r.round.status === 'open' ? null : r.round);
    setProblem(null);
    client.setQueryData(inhouseKeys.minesOpen(p.token), r.round.status === 'open' ? r : null);
    if (r.balance !== null) setBalance(client, p.token, r.balance);
    if (r.round.status !== 'open') {
      void invalidateBalance(client);
      void client.invalidateQueries({ queryKey: inhouseKeys.rounds(p.token, 'mines') });
      void client.invalidateQueries({ queryKey: inhouseKeys.seed(p.token) });
      if (p.sound) beep(r.round.payout !== '0.00');
    }
  };
  const fail = (err: unknown) => {
    pressKey.current = null;
    setProblem(refusalText(err));
    if (err instanceof ApiError && err.code === 'insufficient_funds') void invalidateBalance(client);
    if (err instanceof ApiError && err.code === 'inhouse_round_open') void open.refetch();
  };
  const start = useMutation({
    mutationFn: (v: { key: string }) => startMines({ amount, mines }, v.key),
    retry: (count, err) => count < 1 && !(err instanceof ApiError),
    onSuccess: (r) => {
      pressKey.current = null;
      after(r);
      void client.invalidateQueries({ queryKey: inhouseKeys.seed(p.token) });
    },
    onError: fail,
  });
  const reveal = useMutation({
    mutationFn: (cell: number) => revealTile(live!.id, cell),
    onSuccess: after,
    onError: fail,
  });
  const cashOut = useMutation({ mutationFn: () => cashOutMines(live!.id), onSuccess: after, onError: fail });
  const busy = start.isPending || reveal.isPending || cashOut.isPending;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!isAmount(amount)) {
      setProblem(t('inhouse.amountProblem'));
      return;
    }
    setProblem(null);
    pressKey.current ??= newIdempotencyKey();
    start.mutate({ key: pressKey.current });
  };

  if (open.isPending) return <p className="ih-note">{t('inhouse.loading')}</p>;
  const hitAt = (finished?.outcome as { hitAt?: number | null } | null)?.hitAt;

  return (
    <section className="ih-form" aria-label={t('inhouse.mines.name')}>
      {!live && (
        <form className="ih-form" onSubmit={submit} noValidate>
          <AmountField
            value={amount}
            onChange={setAmount}
            min={p.info.minBet}
            invalid={problem !== null}
            disabled={busy}
          />
          <label>
            {t('inhouse.mines.count')}
            <select
              value={mines}
              onChange={(e) => setMines(Number(e.target.value))}
              disabled={busy}
              data-testid="mines-count"
            >
              {MINE_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <button className="ih-play" type="submit" disabled={busy} data-testid="play">
            {start.isPending ? t('inhouse.playing') : t('inhouse.mines.start')}
          </button>
        </form>
      )}
      {live && (
        <p className="ih-note" data-testid="mines-status">
          {t('inhouse.mines.inPlay', {
            stake: live.stake,
            mines: Number(live.bet.mines),
            multiplier: live.mines?.multiplier ?? '0',
            next: live.mines?.nextMultiplier ?? '—',
          })}
        </p>
      )}
      <div className="ih-board" role="group" aria-label={t('inhouse.mines.board')}>
        {Array.from({ length: 25 }, (_, cell) => {
          const state = tileState(round, cell);
          return (
            <button
              key={cell}
              type="button"
              className={`ih-tile ih-tile--${state}`}
              disabled={!live || busy || state !== 'hidden'}
              onClick={() => reveal.mutate(cell)}
              aria-label={t(`inhouse.mines.tile_${state}`, { n: cell + 1 })}
              data-testid={`mines-tile-${cell}`}
            >
              {state === 'safe' ? '◆' : state === 'mine' || state === 'hit' ? '✹' : ''}
            </button>
          );
        })}
      </div>
      {live && (
        <button
          type="button"
          className="ih-play"
          disabled={busy || (live.mines?.picks.length ?? 0) === 0}
          onClick={() => cashOut.mutate()}
          data-testid="mines-cashout"
        >
          {t('inhouse.mines.cashOutNow', { amount: formatMoney(live.mines?.cashOut ?? '0.00') })}
        </button>
      )}
      {problem && (
        <p className="ih-error" role="alert" data-testid="play-error">
          {problem}
        </p>
      )}
      {finished && (
        <div
          className={`ih-result ih-result--${finished.payout === '0.00' ? 'loss' : 'win'}`}
          role="status"
          data-testid="round-result"
        >
          <p className="ih-result__big">
            {hitAt === null || hitAt === undefined
              ? t('inhouse.mines.cashedOut', { multiplier: Number(finished.multiplier).toFixed(2) })
              : t('inhouse.mines.hit', { n: hitAt + 1 })}
          </p>
          <p>
            {finished.payout === '0.00'
              ? t('inhouse.lost')
              : t('inhouse.won', { amount: formatMoney(finished.payout) })}
          </p>
        </div>
      )}
    </section>
  );
}
