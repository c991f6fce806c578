import { displayCurrency, displayMultiple, displayPercent, formatAmount } from '@panalo/contract/money';
import type { Database } from '../../db/database';
import type { PromotionReward } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { sanitizeContentHtml } from '../../lib/sanitize';

/**
 * A promotion's figures written into content (#49 item 1): a banner, a notice or a promotion's own terms
 * say `{{promotion:FIRST-DEPOSIT-100.max}}` rather than "₱5,000", and the figure is read from the
 * promotion each time the text is served — so a text can never promise what the promotion does not pay.
 */
export const FIGURE_NAMES = ['percent', 'min', 'max', 'minDeposit', 'amount', 'wagering'] as const;
export type FigureName = (typeof FIGURE_NAMES)[number];

const TOKEN = /\{\{\s*promotion:([A-Za-z0-9_-]{1,40})\.([A-Za-z]{1,20})\s*\}\}/g;

/** The promotion codes a text's figures name. */
export function figureCodes(text: string): string[] {
  return [...new Set([...text.matchAll(TOKEN)].map((m) => m[1]!))];
}

const money = (minor: string, currency: string) => displayCurrency(formatAmount(BigInt(minor)), currency);

/** A promotion's figures as people read them, for the figures its reward has. */
export function promotionFigures(
  p: { reward: PromotionReward; wagering_multiplier_tenths: number },
  currency: string,
): Partial<Record<FigureName, string>> {
  const r = p.reward;
  const tenths = p.wagering_multiplier_tenths;
  const figures: Partial<Record<FigureName, string>> = {
    wagering: `${displayMultiple(tenths)}×`,
  };
  switch (r.type) {
    case 'deposit':
      figures.percent = `${displayPercent(r.percentBp)}%`;
      figures.max = money(r.max, currency);
      figures.minDeposit = money(r.minDeposit, currency);
      break;
    case 'fixed':
      figures.amount = money(r.amount, currency);
      break;
    case 'referral':
      figures.amount = money(r.amount, currency);
      figures.minDeposit = money(r.minDeposit, currency);
      break;
    case 'mission':
      figures.amount = money(r.amount, currency);
      break;
    case 'random':
    case 'rebate':
      figures.min = money(r.min, currency);
      figures.max = money(r.max, currency);
      break;
    case 'streak':
    case 'leaderboard':
      break;
  }
  return figures;
}

export type FiguresByCode = Map<string, Partial<Record<FigureName, string>>>;

/** The figures of the merchant's promotions a text names (unknown codes are simply absent). */
export async function loadFigures(db: Database, merchantId: number, texts: string[]): Promise<FiguresByCode> {
  const codes = [...new Set(texts.flatMap(figureCodes))];
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('promotion as p')
    .innerJoin('merchant as m', 'm.id', 'p.merchant_id')
    .select(['p.code', 'p.reward', 'p.wagering_multiplier_tenths', 'm.currency'])
    .where('p.merchant_id', '=', merchantId)
    .where('p.code', 'in', codes)
    .execute();
  return new Map(rows.map((r) => [r.code, promotionFigures(r, r.currency)]));
}

/**
 * The text with each figure filled in. A figure its promotion does not have (or a promotion that is
 * gone) reads as nothing rather than as the token: the console refuses such a text when it is saved.
 */
export function fillFigures(text: string, figures: FiguresByCode): string {
  if (!text.includes('{{')) return text;
  return text.replace(
    TOKEN,
    (_, code: string, name: string) => figures.get(code)?.[name as FigureName] ?? '',
  );
}

/**
 * Refuses a text (an operator's banner, notice or terms) naming a figure that cannot be filled: an unknown
 * promotion of this merchant or a figure its reward does not have. 400 `content_unknown_figure`, naming it.
 */
export async function checkFigures(db: Database, merchantId: number, texts: string[]): Promise<void> {
  const figures = await loadFigures(db, merchantId, texts);
  for (const text of texts)
    for (const m of text.matchAll(TOKEN)) {
      const [token, code, name] = m as unknown as [string, string, string];
      if (figures.get(code)?.[name as FigureName] === undefined)
        throw new DomainError(
          'content_unknown_figure',
          400,
          'The text names a promotion figure that does not exist',
          {
            figure: token,
          },
        );
    }
}

/** A promotion's title and terms as served: figures filled in, the terms' HTML sanitised. */
export async function servedText(
  db: Database,
  merchantId: number,
  text: { title: string; terms: string },
): Promise<{ title: string; terms: string }> {
  const known = await loadFigures(db, merchantId, [text.title, text.terms]);
  return {
    title: fillFigures(text.title, known),
    terms: sanitizeContentHtml(fillFigures(text.terms, known)),
  };
}
