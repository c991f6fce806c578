/** Languages the demo content is written in (the two complete catalogues). */
export const SEED_LANGS = ['EN', 'TY'] as const;
export type SeedLang = (typeof SEED_LANGS)[number];
export type Texts = Record<SeedLang, { title: string; content: string }>;

/** The merchant a piece of demo content is written for. */
export interface Brand {
  code: string;
  name: string;
  /** Smallest deposit in pesos, named in the help texts. */
  minDeposit: string;
  /** Whether the brand runs the first-deposit offer (FIRST-DEPOSIT-100) its welcome banner names. */
  welcomeOffer: boolean;
}

export function brandOf(code: string): Brand {
  return code === 'luzon'
    ? { code, name: 'Luzon Palace', minDeposit: '₱500', welcomeOffer: false }
    : { code, name: 'Panalo', minDeposit: '₱100', welcomeOffer: true };
}
