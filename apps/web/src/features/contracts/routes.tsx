import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { requireSession } from '../../components/ui/require-session';
import { CONTRACT_OFFER_ROUTE, CONTRACT_ROUTE, DIVIDEND_ROUTE } from '@panalo/contract/contract-routes';
import type { ContractKind } from '@panalo/contract/contract-terms';

const opts = { catalogues: ['contracts'] };

const screenFor = (kind: ContractKind) => {
  const Screen = requireSession(
    lazyScreen(async () => {
      const { ContractScreen } = await import('./screens/contract-screen');
      return function KindScreen() {
        return <ContractScreen kind={kind} />;
      };
    }, opts),
  );
  return Screen;
};

const OfferScreen = requireSession(
  lazyScreen(async () => (await import('./screens/offer-screen')).OfferScreen, opts),
);

const DividendScreen = requireSession(
  lazyScreen(async () => (await import('./screens/dividend-screen')).DividendScreen, opts),
);

/** The contract screens of spec §2 (SHELL-042), one per kind, the dividend screen, and the upline's offer
 * screen (ours). */
export const contractRoutes: AppRoute[] = [
  ...(['daily_salary', 'hourly_salary', 'dividend'] as const).map((kind) => ({
    path: CONTRACT_ROUTE[kind],
    Screen: screenFor(kind),
  })),
  { path: CONTRACT_OFFER_ROUTE, Screen: OfferScreen },
  { path: DIVIDEND_ROUTE, Screen: DividendScreen },
];
