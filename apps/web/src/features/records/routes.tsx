import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { requireSession } from '../../components/ui/require-session';

const opts = { catalogues: ['records'] };

// Real members only: a visitor goes to /m/login?redirect=<page>, a free-trial account gets free_reject.
// The guard runs before the screen's code is fetched.
const DepositRecordsScreen = requireSession(
  lazyScreen(async () => (await import('./screens/deposit-records-screen')).DepositRecordsScreen, opts),
);
const WithdrawalRecordsScreen = requireSession(
  lazyScreen(async () => (await import('./screens/withdrawal-records-screen')).WithdrawalRecordsScreen, opts),
);
const TransactionRecordScreen = requireSession(
  lazyScreen(async () => (await import('./screens/transaction-record-screen')).TransactionRecordScreen, opts),
);
const GameRecordsScreen = requireSession(
  lazyScreen(async () => (await import('./screens/game-records-screen')).GameRecordsScreen, opts),
);
const ProfitLossScreen = requireSession(
  lazyScreen(async () => (await import('./screens/profit-loss-screen')).ProfitLossScreen, opts),
);
const UplineTransferScreen = requireSession(
  lazyScreen(async () => (await import('./screens/upline-transfer-screen')).UplineTransferScreen, opts),
);

/**
 * Member records: deposit and withdrawal records, the account record, the betting record (game rounds),
 * profit and loss, transfer to upline.
 */
export const recordsRoutes: AppRoute[] = [
  { path: '/m/vouReport', Screen: DepositRecordsScreen },
  { path: '/m/withdrawReport', Screen: WithdrawalRecordsScreen },
  { path: '/m/transaction/record', Screen: TransactionRecordScreen },
  { path: '/m/gameRecord', Screen: GameRecordsScreen },
  { path: '/m/profitandloss', Screen: ProfitLossScreen },
  { path: '/m/upLine/transfer', Screen: UplineTransferScreen },
];
