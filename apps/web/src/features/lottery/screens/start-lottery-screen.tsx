import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { LotteryStreamEvent, PlaceBetsRequest } from '@panalo/contract/lottery';
import { invalidateBalance, setBalance } from '../../../app/layout/use-header-balance';
import { useSite } from '../../../app/site';
import { loginUrl } from '../../../components/ui/require-session';
import { errorKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import {
  gameMenusQueryOptions,
  lotteryKeys,
  myBetsQueryOptions,
  placeBets,
  resultsQueryOptions,
  winnersQueryOptions,
  type PlacedBets,
} from '../api/lottery-api';
import { Balls } from '../components/balls';
import { BetBoard } from '../components/bet-board';
import { ConfirmSheet } from '../components/confirm-sheet';
import { MyBets } from '../components/my-bets';
import { PeriodPanel } from '../components/period-panel';
import { ResultsHistory } from '../components/results-history';
import { RulesPanel } from '../components/rules-panel';
import { SlipBar, type SlipSettings } from '../components/slip-bar';
import { useBetText } from '../components/use-bet-text';
import { WinnerBoard } from '../components/winner-board';
import { useLotteryStream } from '../hooks/use-lottery-stream';
import { useLotteryTimer } from '../hooks/use-lottery-timer';
import { useCancelSuborder } from '../hooks/use-cancel-suborder';
import { useOrderKey } from '../hooks/use-order-key';
import { checkSlip, selectionCount, toggleSelection, type Slip, type SlipProblem } from '../rules/bet-slip';
import { bettingRefreshDelayMs, periodRemainMs } from '../rules/period';
import { awaitingSettlement, resultBalls } from '../rules/results';
import { gameCodeParam, LOBBY_ROUTE, safeBackUrl } from '../rules/routes';
import '../lottery.css';
import { useRefusalText } from '../../protection/hooks/use-refusal-text';

/** Polling of the member's bets while a drawn period's bets wait for settlement. */
const SETTLEMENT_POLL_MS = 3_000;
const DEFAULT_SETTINGS: SlipSettings = { amount: '10.00', units: 1, follow: 1 };

/** /m/startLottery?code=<gameCode>: the betting screen of one lottery game. */
export function StartLotteryScreen() {
  const [params] = useSearchParams();
  const code = gameCodeParam(params.get('code'));
  const back = safeBackUrl(params.get('backUrl'));
  const { t } = useTranslation();
  if (!code)
    return (
      <main className="lott-page" data-testid="lottery-unknown">
        <p className="lott-state">{t('errors.lottery_game_unknown')}</p>
        <Link className="btn btn--primary" to={LOBBY_ROUTE}>
          {t('lottery.bet.toLobby')}
        </Link>
      </main>
    );
  // A new game is a new screen: every choice starts afresh.
  return <Betting key={code} code={code} back={back} />;
}

function Betting({ code, back }: { code: string; back: string }) {
  const { t } = useTranslation();
  const refusalText = useRefusalText();
  const text = useBetText();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const token = session?.token ?? '';
  const client = useQueryClient();
  const language = useDebouncedLanguage();
  const site = useSite();

  const refresh = useCallback(
    (what: 'period' | 'draw' | 'settle') => {
      void client.invalidateQueries({ queryKey: lotteryKeys.gameMenusOf(code) });
      // A lock ends the cancelling of that period (WALLET-009).
      void client.invalidateQueries({ queryKey: lotteryKeys.ordersAll() });
      if (what === 'period') return;
      void client.invalidateQueries({ queryKey: lotteryKeys.results(code) });
      void client.invalidateQueries({ queryKey: lotteryKeys.myBetsAll() });
      if (what === 'settle') {
        void client.invalidateQueries({ queryKey: ['lottery', 'winners', code] });
        void invalidateBalance(client);
      }
    },
    [client, code],
  );
  const onEvent = useCallback(
    (e: LotteryStreamEvent) =>
      refresh(e.type === 'open' || e.type === 'lock' ? 'period' : e.type === 'draw' ? 'draw' : 'settle'),
    [refresh],
  );
  const streamLive = useLotteryStream(code, onEvent);

  const menusQ = useQuery({
    ...gameMenusQueryOptions(code, language),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (streamLive || !q.state.data ? false : bettingRefreshDelayMs(q.state.data.value)),
  });
  const menus = menusQ.data?.value;
  const numero = menus?.period.numero ?? '';
  const resultsQ = useQuery(resultsQueryOptions(code));
  const winnersQ = useQuery(winnersQueryOptions(code, language));
  const myBetsQ = useQuery({
    ...myBetsQueryOptions(token, code),
    enabled: token !== '',
    refetchInterval: (q) =>
      awaitingSettlement(q.state.data?.list ?? [], numero) ? SETTLEMENT_POLL_MS : false,
  });

  // Without the stream: a new period or a new result seen by polling brings the draw's news.
  const seen = useRef<string | null>(null);
  const drawMark = menus ? `${menus.period.numero}/${menus.game.previousWinningNumber ?? ''}` : null;
  useEffect(() => {
    if (drawMark === null) return;
    if (seen.current !== null && seen.current !== drawMark) refresh('draw');
    seen.current = drawMark;
  }, [drawMark, refresh]);
  // The header balance follows settlement: a bet of ours leaving 'accepted' changed the wallet.
  const settled =
    myBetsQ.data?.list
      .filter((b) => b.status !== 'accepted')
      .map((b) => b.id)
      .join() ?? null;
  const settledSeen = useRef<string | null>(null);
  useEffect(() => {
    if (settled === null) return;
    if (settledSeen.current !== null && settledSeen.current !== settled) void invalidateBalance(client);
    settledSeen.current = settled;
  }, [settled, client]);

  const open = menus?.period.state === 'open';
  const view = useLotteryTimer(open, menus ? periodRemainMs(menus) : 0, menusQ.data?.lotteryTime ?? [0, 0]);
  const locked = !open || view.expired;
  const cancel = useCancelSuborder({ token, gameCode: code, currentNumero: numero, locked });
  useEffect(() => {
    if (open && view.expired) refresh('period');
  }, [open, view.expired, refresh]);

  const [chosenType, setChosenType] = useState<string | null>(null);
  const [slip, setSlip] = useState<Slip>({});
  const [settings, setSettings] = useState<SlipSettings>(DEFAULT_SETTINGS);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [placed, setPlaced] = useState<PlacedBets | null>(null);
  const orderKey = useOrderKey();

  const betTypes = useMemo(() => menus?.betTypes ?? [], [menus]);
  const betType = betTypes.find((b) => b.betType === chosenType) ?? betTypes[0];
  const nameOf = useCallback(
    (bt: string) => {
      const found = betTypes.find((b) => b.betType === bt);
      return found ? text.betTypeName(found) : bt;
    },
    [betTypes, text],
  );
  const checked = menus
    ? checkSlip({ slip, ...settings, betTypes, maxItems: menus.maxItems, maxFollow: menus.maxFollow })
    : null;
  const order = checked?.ok ? checked.order : null;

  const problemText = (p: SlipProblem) => t(`lottery.slip.problem.${p.key}`, { ...p });

  const place = useMutation({
    mutationFn: (v: { body: PlaceBetsRequest; key: string }) => placeBets(v.body, v.key),
    onSuccess: (r) => {
      orderKey.done();
      setConfirming(false);
      setSlip({});
      setPlaced(r);
      setBalance(client, token, r.balance);
      void invalidateBalance(client);
      void client.invalidateQueries({ queryKey: lotteryKeys.myBetsAll() });
      void client.invalidateQueries({ queryKey: lotteryKeys.ordersAll() });
    },
    onError: (err) => {
      const code_ = err instanceof ApiError ? err.code : 'unknown_error';
      // A refusal the server answered means nothing was debited: the next try is a new intent. A lost
      // answer (no network, 5xx) or one still in progress keeps the key, so a retry cannot debit twice.
      if (
        err instanceof ApiError &&
        err.status >= 400 &&
        err.status < 500 &&
        code_ !== 'idempotency_in_progress'
      )
        orderKey.done();
      setProblem(refusalText(err));
      if (code_ === 'lottery_period_closed') refresh('period');
      if (code_ === 'insufficient_balance') void invalidateBalance(client);
    },
  });

  if (menusQ.isPending)
    return (
      <main className="lott-page" data-testid="betting-loading">
        <div className="lott-state" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('lottery.loading')}</span>
        </div>
      </main>
    );
  if (!menus)
    return (
      <main className="lott-page" data-testid="betting-error">
        <div className="lott-state" role="alert">
          <p>
            {menusQ.error instanceof ApiError && menusQ.error.status === 404
              ? t(errorKey(menusQ.error.code))
              : t('lottery.bet.loadFailed')}
          </p>
          <button type="button" className="btn btn--primary" onClick={() => void menusQ.refetch()}>
            {t('lottery.retry')}
          </button>
          <Link to={back}>{t('lottery.bet.toLobby')}</Link>
        </div>
      </main>
    );

  const kind = menus.game.kind;
  const count = selectionCount(slip);
  const submit = () => {
    setPlaced(null);
    if (!session) return void navigate(loginUrl(location.pathname + location.search));
    if (!checked) return;
    if (!checked.ok) return setProblem(problemText(checked.problem));
    setProblem(null);
    setConfirming(true);
  };
  const confirm = () => {
    if (!order) return;
    const body: PlaceBetsRequest = {
      gameCode: code,
      numero: menus.period.numero,
      follow: settings.follow,
      items: order.items,
    };
    setProblem(null);
    place.mutate({ body, key: orderKey.keyFor(body) });
  };
  const lastBalls = resultBalls(kind, menus.game.previousWinningNumber);

  return (
    <main
      className="lott-page lott-betting"
      data-testid="betting-screen"
      data-stream={streamLive ? 'live' : 'polling'}
    >
      <header className="lott-head">
        <img
          className="lott-card__icon"
          src={site.img(menus.game.mobileIconUrl)}
          alt=""
          width={44}
          height={44}
        />
        <div>
          <h1>{menus.game.remark}</h1>
          {lastBalls.length > 0 && (
            <Balls
              items={lastBalls}
              label={t('lottery.card.previous', { result: lastBalls.join(' ') })}
              testId="last-result"
            />
          )}
        </div>
        <Link className="lott-link" to={back}>
          {t('lottery.bet.toLobby')}
        </Link>
      </header>
      {menus.jackpot && (
        <p className="lott-jackpot" data-testid="jackpot">
          {t('lottery.bet.jackpot', { amount: formatMoney(menus.jackpot) })}
        </p>
      )}
      <PeriodPanel menus={menus} view={view} locked={locked} />

      <div className="lott-types" role="group" aria-label={t('lottery.bet.types')} data-testid="bet-types">
        {betTypes.map((bt) => (
          <button
            key={bt.betType}
            type="button"
            aria-pressed={bt.betType === betType?.betType}
            onClick={() => setChosenType(bt.betType)}
            data-testid={`bet-type-${bt.betType}`}
          >
            {text.betTypeName(bt)}
          </button>
        ))}
      </div>
      {betType && (
        <BetBoard
          key={betType.betType}
          kind={kind}
          betType={betType}
          slip={slip}
          disabled={place.isPending}
          onToggle={(bt, sel) => {
            setPlaced(null);
            setSlip((s) => toggleSelection(s, bt, sel));
          }}
        />
      )}
      {count > 0 && (
        <ul className="lott-picked" aria-label={t('lottery.slip.picked')} data-testid="slip-items">
          {Object.entries(slip).flatMap(([bt, sels]) =>
            sels.map((sel) => (
              <li key={`${bt}/${sel}`}>
                <button
                  type="button"
                  onClick={() => setSlip((s) => toggleSelection(s, bt, sel))}
                  aria-label={t('lottery.slip.remove', { bet: `${nameOf(bt)} ${text.selection(sel)}` })}
                >
                  {nameOf(bt)} · {text.selection(sel)} ✕
                </button>
              </li>
            )),
          )}
        </ul>
      )}
      <SlipBar
        settings={settings}
        onChange={(s) => {
          setPlaced(null);
          setSettings(s);
        }}
        maxFollow={menus.maxFollow}
        count={count}
        order={order}
        disabled={place.isPending || locked}
        onClear={() => setSlip({})}
        onSubmit={submit}
      />
      {locked && (
        <p className="lott-muted" role="status" data-testid="locked-note">
          {t('lottery.bet.lockedNote')}
        </p>
      )}
      {problem && !confirming && (
        <p className="lott-error" role="alert" data-testid="slip-error">
          {problem}
        </p>
      )}
      {placed && (
        <p className="lott-ok" role="status" data-testid="bet-placed">
          {t('lottery.bet.placed', { count: placed.bets.length, total: formatMoney(placed.totalStake) })}
        </p>
      )}
      <ConfirmSheet
        open={confirming}
        gameName={menus.game.remark}
        numero={menus.period.numero}
        follow={settings.follow}
        order={order}
        busy={place.isPending}
        problem={confirming ? problem : null}
        betTypeName={nameOf}
        onConfirm={confirm}
        onCancel={() => {
          setConfirming(false);
          setProblem(null);
        }}
      />

      <section className="lott-panel" aria-labelledby="lott-my-bets">
        <h2 id="lott-my-bets">{t('lottery.myBets.title')}</h2>
        <MyBets
          kind={kind}
          bets={myBetsQ.data?.list}
          state={
            !session
              ? 'visitor'
              : myBetsQ.isPending
                ? 'loading'
                : myBetsQ.isError && !myBetsQ.data
                  ? 'error'
                  : 'ready'
          }
          currentNumero={menus.period.numero}
          onRetry={() => void myBetsQ.refetch()}
          cancel={cancel}
        />
      </section>
      <section className="lott-panel" aria-labelledby="lott-results">
        <h2 id="lott-results">{t('lottery.results.title')}</h2>
        <ResultsHistory
          kind={kind}
          results={resultsQ.data?.list}
          state={resultsQ.isPending ? 'loading' : resultsQ.isError && !resultsQ.data ? 'error' : 'ready'}
          onRetry={() => void resultsQ.refetch()}
        />
      </section>
      <section className="lott-panel" aria-labelledby="lott-winners">
        <h2 id="lott-winners">{t('lottery.winners.title')}</h2>
        <WinnerBoard
          winners={winnersQ.data}
          state={winnersQ.isPending ? 'loading' : winnersQ.isError && !winnersQ.data ? 'error' : 'ready'}
        />
      </section>
      <RulesPanel menus={menus} />
    </main>
  );
}
