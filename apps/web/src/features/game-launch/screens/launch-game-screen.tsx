import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginUrl } from '../../../components/ui/require-session';
import { errorKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { TOAST_MS, toast } from '../../../lib/toast';
import { useDebouncedLanguage } from '../../../lib/use-debounced-language';
import { firstGameOf, launchLottery, launchVendorGame } from '../api/launch-api';
import { browser, isSitePath, launchPlan, type LaunchPlan } from '../rules/launch-plan';
import '../launch.css';

type State = { kind: 'launching' } | { kind: 'failed'; messageKey: string };

async function gameUrlOf(plan: LaunchPlan, language: string, signal?: AbortSignal): Promise<string> {
  switch (plan.kind) {
    case 'lottery':
      return (await launchLottery(plan.request, signal)).gameUrl;
    case 'vendor':
      return (await launchVendorGame(plan.request, signal)).gameUrl;
    case 'vendorLobby': {
      const g = await firstGameOf(plan.vendor, language, signal);
      if (!g) throw new ApiError('unknown_game', 404, 'No game of this vendor');
      const back = plan.back;
      return (
        await launchVendorGame(
          {
            category: g.gameType,
            vendor: g.vassalage,
            gameId: g.gameId,
            nodeId: g.nodeId,
            supportPlay: g.supportPlay,
            device: 'MOBILE',
            language,
            backUrl: back,
          },
          signal,
        )
      ).gameUrl;
    }
    case 'invalid':
      throw new ApiError('unknown_game', 404, 'Nothing to launch');
  }
}

/**
 * /m/launchGame (SHELL-034/035, GAMES-049..052): shows "launching" (a loading toast of 3 s, ERR-029), asks
 * the lottery or the generic launcher for the game's URL and sends the browser there; a refusal dismisses
 * the loading toast (ERR-005) and says why, with a way back. A lost session goes to the login.
 */
export function LaunchGameScreen() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const language = useDebouncedLanguage();
  const plan = useMemo(() => launchPlan(new URLSearchParams(search), language), [search, language]);
  const [state, setState] = useState<State>({ kind: 'launching' });
  const [attempt, setAttempt] = useState(0);
  // One launch per address and attempt (each launch issues a token), even if effects run twice; a
  // launch that answers after the player left this screen does not take the browser anywhere.
  const started = useRef<string | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    const key = `${search}#${attempt}`;
    if (started.current === key) return;
    started.current = key;
    setState({ kind: 'launching' });
    void toast.show(t('launch.launching'), TOAST_MS.launchLoading, 'loading');
    gameUrlOf(plan, language).then(
      (url) => {
        if (!alive.current) return;
        void toast.clear();
        if (isSitePath(url)) void navigate(url, { replace: true });
        else browser.leaveTo(url);
      },
      (err: unknown) => {
        if (!alive.current) return;
        void toast.clear();
        if (err instanceof ApiError && err.status === 401) {
          void navigate(loginUrl(pathname + search), { replace: true });
          return;
        }
        setState({
          kind: 'failed',
          messageKey: err instanceof ApiError ? errorKey(err.code) : 'errors.unknown_error',
        });
      },
    );
    // The plan's language is the one at launch; a later language change does not relaunch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <main className="launch-page" data-testid="launch-screen">
      {state.kind === 'launching' ? (
        <p className="launch-state" role="status" data-testid="launch-launching">
          <span className="launch-spinner" aria-hidden="true" />
          {t('launch.launching')}
        </p>
      ) : (
        <div className="launch-failed" role="alert" data-testid="launch-failed">
          <h1 className="launch-title">{t('launch.failed')}</h1>
          <p data-testid="launch-error">{t(state.messageKey)}</p>
          <div className="launch-actions">
            <button type="button" className="btn btn--primary" onClick={retry} data-testid="launch-retry">
              {t('launch.retry')}
            </button>
            <Link className="btn launch-back" to={plan.back} replace data-testid="launch-back">
              {t('launch.back')}
            </Link>
          </div>
        </div>
      )}
    </main>
  );
}
