import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';

const opts = { catalogues: ['games'] };

const GameListScreen = lazyScreen(
  async () => (await import('./screens/game-list-screen')).GameListScreen,
  opts,
);
// The spec's slots centre is the RNG list (its header title is "RNG"); ?gameType= still wins when given.
const SlotsCenterScreen = lazyScreen(async () => {
  const { GameListScreen: List } = await import('./screens/game-list-screen');
  return function SlotsCenter() {
    return <List defaultGameType="RNG" />;
  };
}, opts);
const GameLobbyScreen = lazyScreen(
  async () => (await import('./screens/game-lobby-screen')).GameLobbyScreen,
  opts,
);

/**
 * Game lists: /m/gameList?gameType=&vendor=, the game centre (same list), the slots centre (RNG) and the
 * game lobby (every category with its vendors).
 */
export const gamesRoutes: AppRoute[] = [
  { path: '/m/gameList', Screen: GameListScreen },
  { path: '/m/gameCenter', Screen: GameListScreen },
  { path: '/m/slotsCenter', Screen: SlotsCenterScreen },
  { path: '/m/gameLobby', Screen: GameLobbyScreen },
];
