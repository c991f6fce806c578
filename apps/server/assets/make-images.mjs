#!/usr/bin/env node
// Generates the repetitive content images so they stay consistent: team badges (teams/<slug>.svg for
// every team in the demo seed), game-category icons (categories/<code>.svg) and language flags
// (flags/<country>.svg). Brand logos and banners are drawn by hand in img/brand and img/banners.
// Run: node apps/server/assets/make-images.mjs   (writes into apps/server/assets/img, deterministic)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flags } from './flags.mjs';
import { circle, esc, rect, svg } from './svg-kit.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, 'img');

function write(rel, content) {
  const file = path.join(out, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return rel;
}

// ---- Team badges --------------------------------------------------------------------------------
/** Same rule as the seed's teamSlug: lowercase, every run of non-letters becomes '-'. */
export const teamSlug = (team) => team.toLowerCase().replace(/[^a-z]+/g, '-');

/** Team names as written in the seed (read from its source so that the two never drift apart). */
function seedTeams() {
  const src = readFileSync(path.join(here, '../src/db/seed/content/matches.ts'), 'utf8');
  const names = [...src.matchAll(/\b(?:home|away): '([^']+)'/g)].map((m) => m[1]);
  return [...new Set(names)];
}

const teamColours = [
  ['#1d4ed8', '#facc15'],
  ['#b91c1c', '#f8fafc'],
  ['#047857', '#fde68a'],
  ['#7c3aed', '#f0abfc'],
  ['#0f766e', '#99f6e4'],
  ['#ea580c', '#1f2937'],
  ['#1e293b', '#f59e0b'],
  ['#be185d', '#fbcfe8'],
  ['#0369a1', '#e0f2fe'],
  ['#4d7c0f', '#ecfccb'],
  ['#92400e', '#fcd34d'],
  ['#334155', '#38bdf8'],
  ['#9f1239', '#fde047'],
  ['#115e59', '#fca5a5'],
];

function colourIndex(name) {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % teamColours.length;
}

function teamBadge(name, [main, second]) {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const shield = 'M48 5 85 17v29c0 23-16 38-37 45C27 84 11 69 11 46V17z';
  const body =
    `<defs><clipPath id="s"><path d="${shield}"/></clipPath></defs>` +
    `<path d="${shield}" fill="${main}"/>` +
    `<g clip-path="url(#s)"><path d="M0 80 96 58v10L0 90z" fill="${second}" opacity="0.9"/></g>` +
    `<path d="${shield}" fill="none" stroke="${second}" stroke-width="4"/>` +
    `<text x="48" y="56" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="30" fill="#fff" stroke="${main}" stroke-width="1.5" paint-order="stroke">${esc(initials)}</text>`;
  return svg(96, 96, body);
}

// ---- Game-category icons -------------------------------------------------------------------------
const W = '#fff';
const categories = {
  hot: {
    colours: ['#ff7a18', '#d7263d'],
    glyph: (d) =>
      `<path fill="${W}" d="M49 16c3 13 18 19 18 37a19 19 0 0 1-38 0c0-9 5-15 10-19 0 7 3 11 7 12-2-11 0-21 3-30z"/>` +
      `<path fill="${d}" d="M48 48c2 7 9 9 9 17a9 9 0 0 1-18 0c0-5 3-8 5-10 0 3 2 5 3 5-1-4 0-8 1-12z"/>`,
  },
  sports: {
    colours: ['#22c55e', '#0f766e'],
    glyph: (d) =>
      circle(48, 48, 27, W) +
      `<polygon fill="${d}" points="48,37 58,44 54,56 42,56 38,44"/>` +
      `<g stroke="${d}" stroke-width="3" fill="none"><path d="M48 37V22M58 44l13-5M54 56l8 12M42 56l-8 12M38 44l-13-5"/></g>`,
  },
  esports: {
    colours: ['#8b5cf6', '#4338ca'],
    glyph: (d) =>
      `<path fill="${W}" d="M30 34h36c9 0 14 8 15 18l1 8c1 8-7 12-12 6l-6-6H32l-6 6c-5 6-13 2-12-6l1-8c1-10 6-18 15-18z"/>` +
      rect(28, 44, 14, 5, d) +
      rect(32.5, 39.5, 5, 14, d) +
      circle(62, 43, 3.5, d) +
      circle(69, 50, 3.5, d),
  },
  live: {
    colours: ['#ef4444', '#7f1d1d'],
    glyph: (d) =>
      circle(48, 48, 28, W) +
      `<circle cx="48" cy="48" r="20" fill="none" stroke="${d}" stroke-width="9" stroke-dasharray="5.24 5.24"/>` +
      circle(48, 48, 9, d) +
      circle(48, 48, 4, W) +
      circle(48, 24, 3, '#facc15'),
  },
  fish: {
    colours: ['#06b6d4', '#1d4ed8'],
    glyph: (d) =>
      `<path fill="${W}" d="M20 48c8-14 22-20 34-20 9 0 16 5 20 11l8-9v36l-8-9c-4 6-11 11-20 11-12 0-26-6-34-20z"/>` +
      circle(34, 45, 3.5, d) +
      `<path d="M46 36c4 8 4 16 0 24" fill="none" stroke="${d}" stroke-width="3"/>`,
  },
  rng: {
    colours: ['#f59e0b', '#b45309'],
    glyph: (d) =>
      `<rect x="16" y="26" width="64" height="44" rx="8" fill="${W}"/>` +
      [22, 41, 60]
        .map(
          (x) =>
            rect(x, 32, 15, 32, d, ' rx="3"') +
            `<text x="${x + 7.5}" y="56" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="22" fill="${W}">7</text>`,
        )
        .join(''),
  },
  pvp: {
    colours: ['#10b981', '#065f46'],
    glyph: (d) =>
      `<g transform="rotate(-14 40 50)"><rect x="22" y="26" width="32" height="46" rx="5" fill="${W}" stroke="${d}" stroke-width="2"/>` +
      `<path fill="${d}" d="M38 38c5 6 10 9 10 14a5 5 0 0 1-8 4l2 6h-8l2-6a5 5 0 0 1-8-4c0-5 5-8 10-14z"/></g>` +
      `<g transform="rotate(12 58 50)"><rect x="42" y="24" width="32" height="46" rx="5" fill="${W}" stroke="${d}" stroke-width="2"/>` +
      `<path fill="#dc2626" d="M58 60c-8-6-11-10-11-14a5 5 0 0 1 11-2 5 5 0 0 1 11 2c0 4-3 8-11 14z"/></g>`,
  },
  inhouse: {
    colours: ['#3b82f6', '#1e3a8a'],
    glyph: (d) =>
      `<g transform="rotate(-12 36 52)"><rect x="18" y="34" width="34" height="34" rx="7" fill="${W}"/>` +
      circle(27, 43, 3.5, d) +
      circle(35, 51, 3.5, d) +
      circle(43, 59, 3.5, d) +
      '</g>' +
      `<g transform="rotate(14 62 42)"><rect x="46" y="24" width="34" height="34" rx="7" fill="${W}"/>` +
      circle(55, 33, 3.5, d) +
      circle(71, 33, 3.5, d) +
      circle(55, 49, 3.5, d) +
      circle(71, 49, 3.5, d) +
      '</g>',
  },
  cockfight: {
    colours: ['#f97316', '#9a3412'],
    glyph: (d) =>
      circle(40, 24, 6, '#dc2626') +
      circle(48, 22, 7, '#dc2626') +
      circle(56, 25, 6, '#dc2626') +
      `<path fill="${W}" d="M48 28c10 0 16 8 16 18 0 6-2 10-5 14l7 16H32l6-15c-5-4-8-9-8-15 0-10 8-18 18-18z"/>` +
      `<polygon fill="#facc15" points="63,38 74,43 63,47"/>` +
      `<path fill="#dc2626" d="M60 48c3 0 4 4 3 8s-5 5-6 1 0-9 3-9z"/>` +
      circle(55, 37, 3, d),
  },
  lott: {
    colours: ['#ec4899', '#9d174d'],
    glyph: (d) =>
      [
        [32, 56, '3'],
        [64, 56, '7'],
        [48, 34, '8'],
      ]
        .map(
          ([x, y, label]) =>
            circle(x, y, 15, W) +
            `<circle cx="${x}" cy="${y}" r="9" fill="none" stroke="${d}" stroke-width="2"/>` +
            `<text x="${x}" y="${y + 5}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="14" fill="${d}">${label}</text>`,
        )
        .join(''),
  },
};

function categoryIcon(code, { colours: [from, to], glyph }) {
  const body =
    `<defs><linearGradient id="g-${code}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="96" height="96" rx="24" fill="url(#g-${code})"/>` +
    `<path d="M0 24A24 24 0 0 1 24 0h48a24 24 0 0 1 24 24v8C64 44 32 44 0 32z" fill="#fff" opacity="0.12"/>` +
    glyph(to);
  return svg(96, 96, body);
}

// ---- Run -----------------------------------------------------------------------------------------
const written = [];
const used = new Set();
for (const name of seedTeams()) {
  // Teams keep their colours when others are added; a clash moves to the next free pair.
  let i = colourIndex(name);
  while (used.has(i) && used.size < teamColours.length) i = (i + 1) % teamColours.length;
  used.add(i);
  written.push(write(`teams/${teamSlug(name)}.svg`, teamBadge(name, teamColours[i])));
}
for (const [code, def] of Object.entries(categories)) {
  written.push(write(`categories/${code}.svg`, categoryIcon(code, def)));
}
for (const [code, draw] of Object.entries(flags)) written.push(write(`flags/${code}.svg`, draw()));
console.log(`wrote ${written.length} images:\n${written.map((f) => `  img/${f}`).join('\n')}`);
