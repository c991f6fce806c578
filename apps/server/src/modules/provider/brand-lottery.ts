import { LOTTERIES } from '../games/seed/words';
import { LOTTERY_GROUPS, LOTTERY_GROUP_OF } from '../lottery/lottery.seed';
import type { brandSetupRepository } from './brand-setup.repository';

/** The lottery a brand sells: the chosen games (else the template's, else every game); their codes. */
export async function provisionLottery(
  setupRepo: ReturnType<typeof brandSetupRepository>,
  to: number,
  from: number | null,
  chosen: string[] | undefined,
): Promise<string[]> {
  const templateRows = from === null ? [] : await setupRepo.lotteryRows(from);
  const templateGroups = from === null ? [] : await setupRepo.lotteryGroupNames(from);
  const sold =
    chosen ?? (from === null ? LOTTERIES.map(([code]) => code) : templateRows.map((r) => r.game_code));
  const names = new Map(LOTTERIES.map(([code, en, ty]) => [code, { EN: en, TY: ty }]));
  const games = sold.map((code) => {
    const t = templateRows.find((r) => r.game_code === code);
    return {
      code,
      group: t?.group_code ?? LOTTERY_GROUP_OF[code] ?? code,
      names: t?.names ?? names.get(code) ?? { EN: code, TY: code },
      iconUrl: t?.icon_url ?? `/api/lottery/icon/${code}.svg`,
      tags: t?.tags ?? [],
      config: t?.config ?? {},
    };
  });
  const groups = [...new Set(games.map((g) => g.group))].map((code) => ({
    code,
    names: templateGroups.find((g) => g.code === code)?.names ??
      LOTTERY_GROUPS[code] ?? { EN: code, TY: code },
  }));
  await setupRepo.insertLottery(to, groups, games);
  await setupRepo.showLotteryTiles(to, sold);
  return sold;
}
