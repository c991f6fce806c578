import { formatAmount } from '@panalo/contract/money';
import type { GameRecord, GameRecordsQuery, GameRecordsReply } from '@panalo/contract/game-records';
import type { Database } from '../../db/database';
import { checkDayRange } from '../../lib/day-range';
import { bookFor } from '../wallet/wallet.service';
import { gameRecordsRepository, type GameRecordRow } from './game-records.repository';

export interface GameRecordsCaller {
  merchantId: number;
  memberId: bigint;
  memberType: number;
  timeZone: string;
  defaultLanguage: string;
}

const signed = (minor: bigint) => (minor < 0n ? `-${formatAmount(-minor)}` : formatAmount(minor));

function toRecord(r: GameRecordRow): GameRecord {
  const bet = BigInt(r.bet_total);
  const win = BigInt(r.win_total);
  const refund = BigInt(r.refund_total);
  return {
    id: r.id.toString(),
    roundId: r.round_id,
    nodeId: r.node_id === null ? null : r.node_id.toString(),
    gameName: r.game_name ?? r.game_code ?? r.round_id,
    vassalage: r.vendor_code,
    gameType: r.game_type,
    bet: formatAmount(bet),
    win: formatAmount(win),
    refund: formatAmount(refund),
    net: signed(win + refund - bet),
    status: r.status,
    startedAt: new Date(r.started_at).toISOString(),
    endedAt: r.ended_at ? new Date(r.ended_at).toISOString() : null,
  };
}

/** Game records (/m/gameRecord): the caller's rounds, newest first; free-trial accounts see play money. */
export function gameRecordsService(db: Database) {
  const repo = gameRecordsRepository(db);
  return {
    async list(c: GameRecordsCaller, q: GameRecordsQuery): Promise<GameRecordsReply> {
      checkDayRange(q.from, q.to);
      const filter = {
        merchantId: c.merchantId,
        memberId: c.memberId,
        book: bookFor(c.memberType),
        gameType: q.gameType,
        from: q.from,
        to: q.to,
        timeZone: c.timeZone,
        lang: q.language ?? c.defaultLanguage,
        fallback: c.defaultLanguage,
      };
      const [rows, sum] = await Promise.all([
        repo.page(filter, q.pageSize, (q.page - 1) * q.pageSize),
        repo.summary(filter),
      ]);
      const total = Number(sum.n);
      const bet = BigInt(sum.bet);
      const win = BigInt(sum.win);
      return {
        list: rows.map(toRecord),
        pageNum: q.page,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
        total,
        totals: {
          bet: formatAmount(bet),
          win: formatAmount(win),
          net: signed(win + BigInt(sum.refund) - bet),
        },
      };
    },
  };
}
