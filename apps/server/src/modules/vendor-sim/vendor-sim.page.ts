import { formatAmount, parseAmount } from '@panalo/contract/money';
import type { Engine } from './engine-kit';
import { textsFor } from './vendor-sim.texts';
import { PAGE_SCRIPT } from './vendor-sim.script';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
// JSON inside <script>: no sequence may close the element or open a comment.
const scriptJson = (v: unknown) =>
  JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,sans-serif;background:#0b1d2a;color:#f5f7fa;min-width:320px}
header{display:flex;align-items:center;gap:.5rem;padding:.5rem .75rem;background:#10283a;position:sticky;top:0}
header h1{flex:1;font-size:1rem;line-height:1.2;margin:0;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
a.back{color:#fff;text-decoration:none;border:2px solid #7fb3d5;border-radius:.5rem;padding:.35rem .7rem;font-weight:600;min-height:2.75rem;display:inline-flex;align-items:center}
.bal{font-weight:700;font-variant-numeric:tabular-nums;text-align:right}
.bal small{display:block;font-weight:400;color:#9fb9cc;font-size:.75rem}
main{max-width:48rem;margin:0 auto;padding:1rem .75rem 2rem}
label{font-weight:600}
select,button{font:inherit;min-height:2.75rem;border-radius:.6rem}
select{padding:0 .5rem;background:#fff;color:#111;border:0}
button{border:0;font-weight:700;cursor:pointer;padding:0 1rem;background:#f5b700;color:#111}
button:disabled{opacity:.55;cursor:wait}
:focus-visible{outline:3px solid #7fdbff;outline-offset:2px}
.bar{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;margin:0 0 1rem}
.status{min-height:3rem;margin:1rem 0;padding:.6rem .8rem;border-radius:.6rem;background:#10283a;font-weight:600}
.status.win{background:#14532d}.status.err{background:#7f1d1d}
.reels{display:grid;grid-template-columns:repeat(5,1fr);gap:.35rem;background:#10283a;padding:.5rem;border-radius:.75rem}
.cell{aspect-ratio:1;display:flex;align-items:center;justify-content:center;font-size:clamp(1.5rem,9vw,3rem);background:#fff;border-radius:.5rem;color:#111}
.cell.lit{box-shadow:0 0 0 3px #f5b700 inset}
.spin{width:100%;margin-top:.75rem;font-size:1.25rem;min-height:3.25rem}
.picks{display:grid;grid-template-columns:repeat(auto-fit,minmax(6.5rem,1fr));gap:.5rem}
.picks button{min-height:3.5rem;background:#e5eef5}
.cards{display:flex;justify-content:center;gap:1rem;margin:1rem 0;font-size:2rem}
.card{background:#fff;color:#111;border-radius:.5rem;min-width:4.5rem;padding:.5rem;text-align:center}
.card small{display:block;font-size:.8rem;color:#555}
.sea{position:relative;height:18rem;overflow:hidden;border-radius:.75rem;background:linear-gradient(#1e6091,#0b3c5d)}
.fish{position:absolute;left:0;background:transparent;color:#fff;font-size:1rem;line-height:1;padding:.2rem;min-width:3rem;animation:swim linear infinite}
.fish svg{display:block}
.fish span{display:block;font-size:.7rem;font-weight:700}
.fish.hit{animation-play-state:paused;filter:drop-shadow(0 0 8px #f5b700)}
@keyframes swim{from{transform:translateX(-4rem)}to{transform:translateX(min(48rem,100vw))}}
@media (prefers-reduced-motion:reduce){.fish{animation:none;position:static}.sea{height:auto;display:flex;flex-wrap:wrap;gap:.5rem;padding:.5rem}}
details{margin-top:1rem;background:#10283a;border-radius:.6rem;padding:.5rem .75rem}
table{border-collapse:collapse;width:100%}td,th{padding:.25rem;text-align:center}
p.note{color:#9fb9cc;font-size:.8rem}`;

export interface GamePageInput {
  gameCode: string;
  name: string;
  token: string;
  merchant: string;
  lang: string;
  back: string;
  type: string;
  currency: string;
  /** The title's minimum stake (decimal). */
  min: string;
  engine: Engine;
}

const STAKES = ['1.00', '5.00', '10.00', '50.00', '100.00'];

/** The game page: one HTML document with its styles and script, driven by the title's engine. */
export function gamePage(p: GamePageInput): string {
  const t = textsFor(p.lang);
  const cfg = {
    token: p.token,
    merchant: p.merchant,
    game: p.gameCode,
    type: p.type,
    kind: p.engine.kind,
    info: p.engine.info,
    currency: p.currency,
    t,
  };
  // The stakes offered: the title's minimum and the usual chips above it; 10.00 (or the nearest) first.
  const min = parseAmount(p.min) ?? 1n;
  const offered = [...new Set([formatAmount(min), ...STAKES.filter((s) => (parseAmount(s) ?? 0n) >= min)])];
  const chosen = offered.find((s) => (parseAmount(s) ?? 0n) >= 1000n) ?? offered[0];
  const stakes = offered
    .map((s) => `<option value="${s}"${s === chosen ? ' selected' : ''}>${s}</option>`)
    .join('');
  return `<!doctype html>
<html lang="${p.lang.toUpperCase() === 'TY' ? 'tl' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(p.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<a class="back" href="${escape(p.back)}" data-testid="sim-back">← ${escape(t.back)}</a>
<h1>${escape(p.name)}</h1>
<div class="bal"><small>${escape(t.balance)}</small><span data-testid="sim-balance" aria-live="polite">${escape(t.loading)}</span></div>
</header>
<main>
<div class="bar">
<label for="stake">${escape(t.stake)} (${escape(p.currency)})</label>
<select id="stake" data-testid="sim-stake">${stakes}</select>
<span>${escape(t.rtp)}: ${(p.engine.rtp * 100).toFixed(2)}%</span>
</div>
<div id="game" data-kind="${p.engine.kind}"></div>
<p class="status" role="status" aria-live="polite" data-testid="sim-status"></p>
<p class="note">${escape(t.simulator)}</p>
</main>
<script id="cfg" type="application/json">${scriptJson(cfg)}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>`;
}

/** What a broken or tampered launch address shows. */
export function notFoundPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Game not found</title><style>${STYLE}</style></head><body><main><h1>Game not found</h1><p>This game address is not valid. Go back and open the game again.</p></main></body></html>`;
}
