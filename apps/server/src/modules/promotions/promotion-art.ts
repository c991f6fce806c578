// A promotion's banner for the activity centre (issue 49 item 6): one small SVG painted by code from the
// promotion's kind (a motif), its headline figure (the bonus percentage, the amount, the top rebate rate)
// and the merchant's brand colours — no image files to ship, a picture on every card.
import type { PromotionKind } from '@panalo/contract/promotion-rules';
import { displayPercent } from '@panalo/contract/money';
import type { PromotionReward } from '../../db/schema';
import { hash32 } from '../games/games.art';
import { promotionFigures } from './promotion-figures';

const HEX = /^#[0-9a-fA-F]{6}$/;

const MOTIFS: Record<PromotionKind, string> = {
  // coins
  deposit:
    '<ellipse cx="500" cy="132" rx="58" ry="18"/><ellipse cx="500" cy="110" rx="58" ry="18"/><ellipse cx="500" cy="88" rx="58" ry="18" fill="BG" stroke-width="6"/>',
  // a percent sign
  rebate:
    '<circle cx="470" cy="70" r="20" fill="none" stroke-width="10"/><circle cx="540" cy="134" r="20" fill="none" stroke-width="10"/><path d="M548 56L462 148" stroke-width="12" stroke-linecap="round"/>',
  // a calendar with a tick
  checkin:
    '<rect x="448" y="52" width="110" height="100" rx="12"/><rect x="448" y="52" width="110" height="24" rx="8" fill="BG" opacity=".35"/><path d="M476 110l20 20 36-40" fill="none" stroke="BG" stroke-width="10" stroke-linecap="round"/>',
  // a trophy
  mission:
    '<path d="M466 52h80v30c0 28-18 46-40 46s-40-18-40-46z"/><path d="M466 62h-18c0 24 10 34 22 36M546 62h18c0 24-10 34-22 36" fill="none" stroke-width="7"/><rect x="492" y="128" width="28" height="16"/><rect x="476" y="144" width="60" height="10" rx="3"/>',
  leaderboard:
    '<rect x="448" y="102" width="36" height="50" rx="4"/><rect x="488" y="72" width="36" height="80" rx="4"/><rect x="528" y="116" width="36" height="36" rx="4"/>',
  // two friends
  referral:
    '<circle cx="478" cy="78" r="20"/><path d="M444 146c0-26 16-42 34-42s34 16 34 42z"/><circle cx="538" cy="84" r="17"/><path d="M512 146c2-22 12-36 26-36s28 14 30 36z"/>',
  // a crown
  vip: '<path d="M444 138l-6-70 40 32 28-46 28 46 40-32-6 70z"/><rect x="444" y="138" width="124" height="14" rx="4"/>',
  // a gift
  manual:
    '<rect x="448" y="86" width="112" height="66" rx="6"/><rect x="440" y="70" width="128" height="22" rx="5"/><path d="M504 70v82" stroke="BG" stroke-width="10"/><path d="M504 70c-10-22-40-26-40-8s30 8 40 8c10 0 40 10 40-8s-30-14-40 8" fill="none" stroke-width="6"/>',
  apply:
    '<rect x="456" y="46" width="96" height="112" rx="8"/><path d="M476 80h56M476 102h56M476 124h34" stroke="BG" stroke-width="8" stroke-linecap="round"/>',
};

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** The banner: 640×200, the brand's primary colour, the kind's motif in the accent, the headline figure. */
export function renderPromotionArt(a: {
  kind: PromotionKind;
  headline: string | null;
  primary: string;
  accent: string;
  key: string;
}): string {
  const c1 = HEX.test(a.primary) ? a.primary : '#0f8a5f';
  const c2 = HEX.test(a.accent) ? a.accent : '#f5b700';
  const h = hash32(a.key);
  const id = `p${h.toString(36)}`;
  const motif = MOTIFS[a.kind].replaceAll('BG', c1);
  const headline = a.headline
    ? `<text x="40" y="${118 + (a.headline.length > 8 ? 0 : 8)}" fill="#fff" font-family="Arial,Helvetica,sans-serif" font-weight="800" font-size="${a.headline.length > 8 ? 54 : 72}">${escapeXml(a.headline)}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 200" width="640" height="200">` +
    `<defs><linearGradient id="${id}" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${c1}"/>` +
    `<stop offset="1" stop-color="${c1}" stop-opacity=".7"/></linearGradient></defs>` +
    `<rect width="640" height="200" rx="16" fill="url(#${id})"/>` +
    `<circle cx="${560 + (h % 60)}" cy="${30 + ((h >>> 8) % 40)}" r="${90 + (h % 30)}" fill="${c2}" opacity=".16"/>` +
    `<circle cx="${60 + ((h >>> 4) % 80)}" cy="190" r="70" fill="#fff" opacity=".08"/>` +
    `<g fill="${c2}" stroke="${c2}">${motif}</g>${headline}</svg>`
  );
}

/** The figure a banner shows: the bonus percentage, the amount, or a rebate's top rate ("1.2%"). */
export function headlineOf(
  p: { reward: PromotionReward; wagering_multiplier_tenths: number },
  currency: string,
): string | null {
  const r = p.reward;
  if (r.type === 'rebate') {
    const top = Math.max(0, ...Object.values(r.rates).flatMap((list) => list ?? []));
    return top > 0 ? `${displayPercent(top)}%` : null;
  }
  const f = promotionFigures(p, currency);
  return f.percent ?? f.amount ?? null;
}

/** The banner's address; its version changes with what it shows, so it can be cached for good. */
export const promotionArtUrl = (
  id: bigint,
  shown: { kind: string; reward: unknown; primary: string; accent: string },
) => `/api/promotions/art/${id.toString()}.svg?v=${hash32(JSON.stringify(shown)).toString(36)}`;
