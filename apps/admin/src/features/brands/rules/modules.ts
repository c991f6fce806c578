import type { WhitelabelFlag } from '@panalo/contract/merchant';
import { BRAND_MODULES_OFF_BY_DEFAULT } from '@panalo/contract/provider-rules';

// The brand's modules (the contract's white-label flags, WHITELABEL_FLAGS of merchant.ts, a zod module
// the console may not import as a value) in the groups the launch form shows. The type below fails to
// compile when a flag is added to the contract and not to a group; modules.test.ts checks the order too.

export const MODULE_GROUPS = [
  {
    key: 'signUp',
    flags: ['USERNAMEREG3', 'MOBILENUMREG3', 'MOBILENUMPASSREG3', 'REGMOBVERF3', 'DIRECTREG'],
  },
  { key: 'signIn', flags: ['FACEBOOKLOGIN3', 'GOOGLELOGIN3', 'MOBILEVERCODELOGIN3'] },
  { key: 'records', flags: ['DEPRECM3', 'WITHREC3', 'TRANSREC3', 'TRANSBETREPMEM3', 'PERSREP'] },
  { key: 'rewards', flags: ['REWCEN3', 'MANPLAYREB3', 'PLYRBT', 'VIPBENEFIT'] },
  { key: 'messages', flags: ['MAILCEN', 'FEEDBACK3'] },
  {
    key: 'agents',
    flags: [
      'AGEPAG',
      'DOWNMAN',
      'AGETRANSFERUP3',
      'AGENTRANSMULTDOWN3',
      'AGETEAMPNL3',
      'TEAMBETTING3',
      'GAMSER',
      'AGEREBINC3',
      'DIVIDEND',
      'SECPRIV',
    ],
  },
] as const satisfies readonly { key: string; flags: readonly WhitelabelFlag[] }[];

type Grouped = (typeof MODULE_GROUPS)[number]['flags'][number];
/** Every flag of the contract is in a group (a compile error names the one left out). */
const everyFlagGrouped: [Exclude<WhitelabelFlag, Grouped>] extends [never] ? true : false = true;
void everyFlagGrouped;

export const MODULE_FLAGS: readonly WhitelabelFlag[] = MODULE_GROUPS.flatMap((g) => g.flags);

export type Modules = Record<WhitelabelFlag, boolean>;

/**
 * The modules the new brand gets when the form leaves them alone (`null`): the template brand's (a flag
 * it does not hold is off, as the server reads it), or without a template every module but those that
 * need the brand's own accounts first (the contract's BRAND_MODULES_OFF_BY_DEFAULT).
 */
export function effectiveModules(
  chosen: Modules | null,
  template: { modules: Partial<Record<WhitelabelFlag, boolean>> } | null,
): Modules {
  if (chosen) return chosen;
  return Object.fromEntries(
    MODULE_FLAGS.map((f) => [
      f,
      template
        ? template.modules[f] === true
        : !(BRAND_MODULES_OFF_BY_DEFAULT as readonly string[]).includes(f),
    ]),
  ) as Modules;
}
