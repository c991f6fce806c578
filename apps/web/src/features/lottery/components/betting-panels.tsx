import { useTranslation } from '../../../i18n/react';
import type { useBettingFeed } from '../hooks/use-betting-feed';
import type { SuborderCancel } from '../hooks/use-cancel-suborder';
import type { LotteryKind } from '../rules/results';
import { MyBets } from './my-bets';
import { ResultsHistory } from './results-history';
import { WinnerBoard } from './winner-board';

type Feed = Pick<ReturnType<typeof useBettingFeed>, 'myBetsQ' | 'resultsQ' | 'winnersQ'>;

/** Under the bet board: the member's bets on this game, its past results and its winners. */
export function BettingPanels({
  kind,
  feed: { myBetsQ, resultsQ, winnersQ },
  signedIn,
  currentNumero,
  cancel,
}: {
  kind: LotteryKind;
  feed: Feed;
  signedIn: boolean;
  currentNumero: string;
  cancel: SuborderCancel;
}) {
  const { t } = useTranslation();
  return (
    <>
      <section className="lott-panel" aria-labelledby="lott-my-bets">
        <h2 id="lott-my-bets">{t('lottery.myBets.title')}</h2>
        <MyBets
          kind={kind}
          bets={myBetsQ.data?.list}
          state={
            !signedIn
              ? 'visitor'
              : myBetsQ.isPending
                ? 'loading'
                : myBetsQ.isError && !myBetsQ.data
                  ? 'error'
                  : 'ready'
          }
          currentNumero={currentNumero}
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
    </>
  );
}
