// npm run sim:rtp -- --game <id> [--rounds N] [--seed S] [--bet '<json>']
// Measures an in-house game's return to player by simulation (simulate.ts: the same FairRng and play() as
// live rounds, fed by a seeded AES-CTR stream) and prints one figure per line. Slot titles are
// `slot:<title>`. Exit code: 0 when the measured RTP is within 4.5 standard errors of the bet's exact RTP,
// 1 when it is not, 2 on a usage error.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { INHOUSE_GAMES, inhouseGame } from '../modules/inhouse-games/registry';
import { simulate, Z_BOUND } from '../modules/inhouse-games/simulate';

function usage(message: string): number {
  process.stderr.write(
    `${message}\nusage: npm run sim:rtp -- --game <id> [--rounds N] [--seed S] [--bet '<json>']\n` +
      `games: ${INHOUSE_GAMES.map((g) => g.id).join(', ')}\n`,
  );
  return 2;
}

const pct = (x: number, digits: number): string => `${(x * 100).toFixed(digits)} %`;

function main(): number {
  const { values } = parseArgs({
    options: {
      game: { type: 'string' },
      rounds: { type: 'string', default: '1000000' },
      seed: { type: 'string' },
      bet: { type: 'string' },
    },
  });
  const game = values.game ? inhouseGame(values.game) : undefined;
  if (!game) return usage(values.game ? `unknown game: ${values.game}` : 'missing --game');
  const rounds = Number(values.rounds);
  if (!Number.isSafeInteger(rounds) || rounds < 2)
    return usage(`--rounds must be an integer ≥ 2, got ${values.rounds}`);
  let bet = game.simBet;
  if (values.bet) {
    let raw: unknown;
    try {
      raw = JSON.parse(values.bet);
    } catch {
      return usage('--bet must be JSON, e.g. {"amount":"1000000","rows":8,"risk":"low"}');
    }
    const parsed = game.parseBet(raw);
    if (!parsed.ok) return usage(`bet refused: ${parsed.code}`);
    bet = parsed.bet;
  }
  const seed = values.seed ?? randomBytes(8).toString('hex');
  const started = Date.now();
  const r = simulate(game, rounds, seed, bet);
  const pass = r.z < Z_BOUND;
  const lines = [
    `game: ${game.id}`,
    `bet: ${JSON.stringify(bet, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`,
    `seed: ${seed}`,
    `rounds: ${r.rounds}`,
    `measured RTP: ${pct(r.measuredRtp, 4)}`,
    `stated RTP: ${pct(game.statedRtpBp / 10_000, 2)}`,
    `exact RTP of this bet: ${pct(r.expectedRtp, 4)}`,
    `standard deviation per round: ${r.sigma.toFixed(4)}`,
    `standard error: ${pct(r.standardError, 4)}`,
    `deviation: ${r.z.toFixed(2)} standard errors`,
    `verdict: ${pass ? 'PASS' : 'FAIL'} (bound ${Z_BOUND} standard errors)`,
    `time: ${((Date.now() - started) / 1000).toFixed(1)} s`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return pass ? 0 : 1;
}

process.exit(main());
