// Simplified national flags (3:2 view box, 900 x 600) for the language switcher: the geometry and
// colours of each flag, with detailed emblems reduced to shapes that still read at 24 px.
import { bearing, circle, hstripes, n, rect, star, starPoints, svg, vstripes } from './svg-kit.mjs';

const W = 900;
const H = 600;
const flag = (body) => svg(W, H, body);

function us() {
  const red = '#b22234';
  const stripe = H / 13;
  let body = rect(0, 0, W, H, '#fff');
  for (let i = 0; i < 13; i += 2) body += rect(0, i * stripe, W, stripe, red);
  // Canton: 7 stripes high, 0.76 of the hoist wide; 50 stars in 9 alternating rows of 6 and 5.
  const cw = 0.76 * H;
  const ch = 7 * stripe;
  body += rect(0, 0, cw, ch, '#3c3b6e');
  const r = (0.0616 * H) / 2;
  for (let row = 0; row < 9; row++) {
    const count = row % 2 === 0 ? 6 : 5;
    for (let c = 0; c < count; c++) {
      const x = (cw / 12) * (row % 2 === 0 ? 2 * c + 1 : 2 * c + 2);
      body += star(x, (ch / 10) * (row + 1), r, '#fff');
    }
  }
  return flag(body);
}

function ph() {
  // Blue over red, a white equilateral triangle at the hoist with the eight-rayed sun and three stars.
  const tip = (H * Math.sqrt(3)) / 2;
  const cx = tip / 3;
  const cy = H / 2;
  let sun = circle(cx, cy, 52, '#fcd116');
  for (let i = 0; i < 8; i++) {
    const a = (i * 45 * Math.PI) / 180;
    const side = 0.17;
    const p = (rad, da) => `${n(cx + rad * Math.sin(a + da))},${n(cy - rad * Math.cos(a + da))}`;
    sun += `<polygon fill="#fcd116" points="${p(58, -side)} ${p(118, 0)} ${p(58, side)}"/>`;
  }
  return flag(
    hstripes(W, H, [
      ['#0038a8', 1],
      ['#ce1126', 1],
    ]) +
      `<polygon fill="#fff" points="0,0 ${n(tip)},${H / 2} 0,${H}"/>` +
      sun +
      star(52, 62, 30, '#fcd116') +
      star(52, H - 62, 30, '#fcd116') +
      star(tip - 68, H / 2, 30, '#fcd116', { angleDeg: 90 }),
  );
}

function cn() {
  const u = H / 20;
  const big = [5 * u, 5 * u];
  let body = rect(0, 0, W, H, '#ee1c25') + star(big[0], big[1], 3 * u, '#ffff00');
  for (const [x, y] of [
    [10, 2],
    [12, 4],
    [12, 7],
    [10, 9],
  ]) {
    body += star(x * u, y * u, u, '#ffff00', { angleDeg: bearing(x * u, y * u, big[0], big[1]) });
  }
  return flag(body);
}

function tw() {
  const cx = W / 4;
  const cy = H / 4;
  let sun = '';
  sun += `<polygon fill="#fff" points="${starPoints(cx, cy, 120, { points: 12, inner: 68 })}"/>`;
  sun += circle(cx, cy, 64, '#000095') + circle(cx, cy, 56, '#fff');
  return flag(rect(0, 0, W, H, '#fe0000') + rect(0, 0, W / 2, H / 2, '#000095') + sun);
}

const jp = () => flag(rect(0, 0, W, H, '#fff') + circle(W / 2, H / 2, (H * 3) / 10, '#bc002d'));

const th = () =>
  flag(
    hstripes(W, H, [
      ['#a51931', 1],
      ['#f4f5f8', 1],
      ['#2d2a4a', 2],
      ['#f4f5f8', 1],
      ['#a51931', 1],
    ]),
  );

const vn = () => flag(rect(0, 0, W, H, '#da251d') + star(W / 2, H / 2 + 12, 180, '#ffff00'));

const mm = () =>
  flag(
    hstripes(W, H, [
      ['#fecb00', 1],
      ['#34b233', 1],
      ['#ea2839', 1],
    ]) + star(W / 2, H / 2 + 20, 250, '#fff'),
  );

function es() {
  // Red-gold-red 1:2:1 with the arms reduced to a crowned shield between two pillars.
  const x = W / 3;
  const y = H / 2;
  return flag(
    hstripes(W, H, [
      ['#aa151b', 1],
      ['#f1bf00', 2],
      ['#aa151b', 1],
    ]) +
      rect(x - 95, y - 70, 22, 150, '#ad1519') +
      rect(x + 73, y - 70, 22, 150, '#ad1519') +
      `<path fill="#ad1519" d="M${x - 55},${y - 60}h110v80a55,55 0 0 1 -110,0z"/>` +
      `<path fill="#f1bf00" d="M${x},${y - 60}h55v80a55,55 0 0 1 -55,55z" opacity="0.55"/>` +
      `<path fill="#c8b100" d="M${x - 50},${y - 66}l12,-30 18,18 20,-26 20,26 18,-18 12,30z"/>`,
  );
}

function inFlag() {
  const cx = W / 2;
  const cy = H / 2;
  const r = 80;
  let spokes = '';
  for (let i = 0; i < 24; i++) {
    const a = (i * 15 * Math.PI) / 180;
    spokes += `<line x1="${cx}" y1="${cy}" x2="${n(cx + r * Math.sin(a))}" y2="${n(cy - r * Math.cos(a))}"/>`;
  }
  return flag(
    hstripes(W, H, [
      ['#ff9933', 1],
      ['#fff', 1],
      ['#138808', 1],
    ]) +
      `<g stroke="#000080" stroke-width="4" fill="none">${spokes}<circle cx="${cx}" cy="${cy}" r="${r}" stroke-width="12"/></g>` +
      circle(cx, cy, 14, '#000080'),
  );
}

const id = () =>
  flag(
    hstripes(W, H, [
      ['#ce1126', 1],
      ['#fff', 1],
    ]),
  );

function kh() {
  // Blue-red(2)-blue with Angkor Wat reduced to a stepped base and three towers.
  const cx = W / 2;
  const base = 400;
  const tower = (x, h, w) =>
    `<path fill="#fff" d="M${x - w / 2},${base - 70}L${x},${base - 70 - h}L${x + w / 2},${base - 70}z"/>`;
  return flag(
    hstripes(W, H, [
      ['#032ea1', 1],
      ['#e00025', 2],
      ['#032ea1', 1],
    ]) +
      rect(cx - 210, base - 20, 420, 20, '#fff') +
      rect(cx - 180, base - 45, 360, 25, '#fff') +
      rect(cx - 150, base - 70, 300, 25, '#fff') +
      tower(cx - 105, 70, 56) +
      tower(cx + 105, 70, 56) +
      tower(cx, 120, 70),
  );
}

function kr() {
  const cx = W / 2;
  const cy = H / 2;
  const r = 150;
  const tilt = (Math.atan2(2, 3) * 180) / Math.PI;
  const taegeuk =
    `<g transform="rotate(${n(tilt)} ${cx} ${cy})">` +
    `<path fill="#cd2e3a" d="M${cx - r},${cy}a${r},${r} 0 0 1 ${2 * r},0a${r / 2},${r / 2} 0 0 0 ${-r},0a${r / 2},${r / 2} 0 0 1 ${-r},0z"/>` +
    `<path fill="#0047a0" d="M${cx - r},${cy}a${r},${r} 0 0 0 ${2 * r},0a${r / 2},${r / 2} 0 0 0 ${-r},0a${r / 2},${r / 2} 0 0 1 ${-r},0z"/>` +
    '</g>';
  // Trigrams: bars across the diagonals, solid (1) or broken (0), read from the centre outwards.
  const trigram = (angle, bars) => {
    let g = `<g transform="rotate(${n(angle)} ${cx} ${cy})">`;
    bars.forEach((solid, i) => {
      const y = cy - 225 - i * 37.5;
      g += solid
        ? rect(cx - 75, y, 150, 25, '#000')
        : rect(cx - 75, y, 68, 25, '#000') + rect(cx + 7, y, 68, 25, '#000');
    });
    return `${g}</g>`;
  };
  return flag(
    rect(0, 0, W, H, '#fff') +
      taegeuk +
      trigram(-90 + tilt, [1, 1, 1]) +
      trigram(90 + tilt, [0, 0, 0]) +
      trigram(90 - tilt, [0, 1, 0]) +
      trigram(-90 - tilt, [1, 0, 1]),
  );
}

function my() {
  let body = rect(0, 0, W, H, '#fff');
  const s = H / 14;
  for (let i = 0; i < 14; i += 2) body += rect(0, i * s, W, s, '#cc0001');
  body += rect(0, 0, W / 2, 8 * s, '#010066');
  body += circle(150, 4 * s, 105, '#fc0') + circle(180, 4 * s, 90, '#010066');
  body += `<polygon fill="#fc0" points="${starPoints(300, 4 * s, 90, { points: 14, inner: 40 })}"/>`;
  return flag(body);
}

function pt() {
  const x = (W * 2) / 5;
  return flag(
    vstripes(W, H, [
      ['#006600', 2],
      ['#ff0000', 3],
    ]) +
      `<circle cx="${x}" cy="${H / 2}" r="120" fill="none" stroke="#ffe000" stroke-width="22"/>` +
      `<path fill="#fff" stroke="#ffe000" stroke-width="6" d="M${x - 60},${H / 2 - 75}h120v85a60,60 0 0 1 -120,0z"/>` +
      `<path fill="#ff0000" d="M${x - 44},${H / 2 - 59}h88v69a44,44 0 0 1 -88,0z"/>` +
      rect(x - 14, H / 2 - 40, 28, 28, '#003399') +
      rect(x - 14, H / 2, 28, 28, '#003399'),
  );
}

function br() {
  const cx = W / 2;
  const cy = H / 2;
  let stars = '';
  for (const [x, y, r] of [
    [400, 340, 9],
    [440, 360, 7],
    [480, 345, 9],
    [505, 380, 7],
    [425, 395, 7],
    [470, 410, 9],
    [395, 380, 6],
  ]) {
    stars += star(x, y, r, '#fff');
  }
  return flag(
    rect(0, 0, W, H, '#009c3b') +
      `<polygon fill="#ffdf00" points="${cx},64 ${W - 64},${cy} ${cx},${H - 64} 64,${cy}"/>` +
      circle(cx, cy, 150, '#002776') +
      `<path fill="#fff" d="M${cx - 148},${cy - 24}a260,260 0 0 1 ${296},${58}l-4,22a240,240 0 0 0 ${-292},-58z"/>` +
      stars,
  );
}

function pk() {
  const x = 225 + (W - 225) / 2;
  return flag(
    rect(0, 0, W, H, '#01411c') +
      rect(0, 0, 225, H, '#fff') +
      circle(x, H / 2, 180, '#fff') +
      circle(x + 55, H / 2 - 50, 165, '#01411c') +
      star(x + 85, H / 2 - 80, 60, '#fff', { angleDeg: 45 }),
  );
}

const tr = () =>
  flag(
    rect(0, 0, W, H, '#e30a17') +
      circle(337, H / 2, 150, '#fff') +
      circle(375, H / 2, 120, '#e30a17') +
      star(505, H / 2, 75, '#fff', { angleDeg: -90 }),
  );

const bd = () => flag(rect(0, 0, W, H, '#006a4e') + circle(W * 0.45, H / 2, 200, '#f42a41'));

function sa() {
  // The inscription drawn as flowing strokes above a sabre.
  const strokes =
    '<g fill="none" stroke="#fff" stroke-width="16" stroke-linecap="round" stroke-linejoin="round">' +
    '<path d="M220,250c20,-60 40,-60 50,0s30,40 60,-10 30,-70 60,-20 30,50 60,0 40,-60 60,0 30,40 60,-20 30,-50 60,0 30,40 60,0"/>' +
    '<path d="M250,190v-50M380,200v-60M520,190v-55M640,200v-60"/>' +
    '</g>';
  return flag(
    rect(0, 0, W, H, '#006c35') +
      strokes +
      '<path fill="#fff" d="M236,382h414l44,8-44,8H236z"/>' +
      rect(196, 384, 34, 12, '#fff') +
      rect(226, 368, 12, 44, '#fff'),
  );
}

const ir = () =>
  flag(
    hstripes(W, H, [
      ['#239f40', 1],
      ['#fff', 1],
      ['#da0000', 1],
    ]) +
      `<g fill="none" stroke="#da0000" stroke-width="14" stroke-linecap="round">` +
      `<path d="M450,235v130"/><path d="M425,250c-40,25 -40,90 10,110"/><path d="M475,250c40,25 40,90 -10,110"/>` +
      `<path d="M400,245c-70,30 -70,120 20,140"/><path d="M500,245c70,30 70,120 -20,140"/></g>`,
  );

const ru = () =>
  flag(
    hstripes(W, H, [
      ['#fff', 1],
      ['#0039a6', 1],
      ['#d52b1e', 1],
    ]),
  );

function kz() {
  const cx = 480;
  const cy = 250;
  let rays = `<polygon fill="#fec50c" points="${starPoints(cx, cy, 120, { points: 32, inner: 92 })}"/>`;
  rays += circle(cx, cy, 80, '#fec50c');
  const eagle = `<path fill="#fec50c" d="M300,420c80,-40 150,-20 180,-70c30,50 100,30 180,70c-70,0 -130,-10 -180,25c-50,-35 -110,-25 -180,-25z"/>`;
  let ornament = rect(60, 0, 20, H, '#fec50c');
  for (let y = 30; y < H; y += 90) {
    ornament += `<path fill="#fec50c" d="M70,${y}l30,30 -30,30 -30,-30z"/>`;
  }
  return flag(rect(0, 0, W, H, '#00afca') + ornament + rays + eagle);
}

function uz() {
  let body = hstripes(W, H, [
    ['#0099b5', 96],
    ['#ce1126', 6],
    ['#fff', 96],
    ['#ce1126', 6],
    ['#1eb53a', 96],
  ]);
  body += circle(150, 100, 70, '#fff') + circle(175, 100, 62, '#0099b5');
  const rows = [
    [3, 40],
    [4, 100],
    [5, 160],
  ];
  for (const [count, y] of rows) {
    for (let i = 0; i < count; i++) body += star(400 - i * 55, y, 18, '#fff');
  }
  return flag(body);
}

const la = () =>
  flag(
    hstripes(W, H, [
      ['#ce1126', 1],
      ['#002868', 2],
      ['#ce1126', 1],
    ]) + circle(W / 2, H / 2, 120, '#fff'),
  );

function np() {
  // The only non-rectangular flag: two stacked pennants, crimson with a blue border, moon above, sun below.
  const outline = 'M240,40L640,300H370L640,560H240z';
  return flag(
    `<path fill="#003893" d="${outline}"/>` +
      '<path fill="#dc143c" d="M262,80L570,280H330L570,540H262z"/>' +
      `<path fill="#fff" d="M300,200a70,70 0 0 0 120,0a60,48 0 0 1 -120,0z"/>` +
      `<polygon fill="#fff" points="${starPoints(360, 220, 34, { points: 12, inner: 22 })}"/>` +
      `<polygon fill="#fff" points="${starPoints(360, 440, 58, { points: 12, inner: 38 })}"/>`,
  );
}

const fr = () =>
  flag(
    vstripes(W, H, [
      ['#002395', 1],
      ['#fff', 1],
      ['#ed2939', 1],
    ]),
  );

/** Every flag code used by the locale registry (packages/contract/src/locales.ts). */
export const flags = {
  US: us,
  PH: ph,
  CN: cn,
  TW: tw,
  JP: jp,
  TH: th,
  VN: vn,
  MM: mm,
  ES: es,
  IN: inFlag,
  ID: id,
  KH: kh,
  KR: kr,
  MY: my,
  PT: pt,
  BR: br,
  PK: pk,
  TR: tr,
  BD: bd,
  SA: sa,
  IR: ir,
  RU: ru,
  KZ: kz,
  UZ: uz,
  LA: la,
  NP: np,
  FR: fr,
};
