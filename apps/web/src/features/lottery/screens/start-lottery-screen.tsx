import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { PlaceBetsRequest } from '@panalo/contract/lottery';
import { useSite } from '../../../app/site';
import { loginUrl } from '../../../components/ui/require-session';
import { errorKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import type { PlacedBets } from '../api/lottery-api';
import { Balls } from '../components/balls';
import { BetBoard } from '../components/bet-board';
import { BettingPanels } from '../components/betting-panels';
import { ConfirmSheet } from '../components/confirm-sheet';
import { LotteryLoadError, LotteryLoading } from '../components/lottery-states';
import { PeriodPanel } from '../components/period-panel';
import { RulesPanel } from '../components/rules-panel';
import { SlipBar, type SlipSettings } from '../components/slip-bar';
import { useBetText } from '../components/use-bet-text';
import { useBettingFeed } from '../hooks/use-betting-feed';
import { useLotteryTimer } from '../hooks/use-lottery-timer';
import { useCancelSuborder } from '../hooks/use-cancel-suborder';
import { usePlaceBets } from '../hooks/use-place-bets';
import { checkSlip, selectionCount, toggleSelection, type Slip, type SlipProblem } from '../rules/bet-slip';
import { periodRemainMs } from '../rules/period';
import { resultBalls } from '../rules/results';
import { gameCodeParam, LOBBY_ROUTE, safeBackUrl } from '../rules/routes';
import '../lottery.css';

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
  const text = useBetText();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const token = session?.token ?? '';
  const site = useSite();
  const { refresh, streamLive, menusQ, menus, ...feed } = useBettingFeed(code, token);
  const numero = menus?.period.numero ?? '';

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

  const place = usePlaceBets({
    token,
    refresh,
    onPlaced: (r) => {
      setConfirming(false);
      setSlip({});
      setPlaced(r);
    },
    onRefused: setProblem,
  });

  if (menusQ.isPending)
    return (
      <main className="lott-page" data-testid="betting-loading">
        <LotteryLoading />
      </main>
    );
  if (!menus)
    return (
      <main className="lott-page" data-testid="betting-error">
        <LotteryLoadError
          text={
            menusQ.error instanceof ApiError && menusQ.error.status === 404
              ? t(errorKey(menusQ.error.code))
              : t('lottery.bet.loadFailed')
          }
          onRetry={() => void menusQ.refetch()}
        >
          <Link to={back}>{t('lottery.bet.toLobby')}</Link>
        </LotteryLoadError>
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
    place.send(body);
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
          disabled={place.busy}
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
        disabled={place.busy || locked}
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
        busy={place.busy}
        problem={confirming ? problem : null}
        betTypeName={nameOf}
        onConfirm={confirm}
        onCancel={() => {
          setConfirming(false);
          setProblem(null);
        }}
      />

      <BettingPanels
        kind={kind}
        feed={feed}
        signedIn={session !== null}
        currentNumero={menus.period.numero}
        cancel={cancel}
      />
      <RulesPanel menus={menus} />
    </main>
  );
}
