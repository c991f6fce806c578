import { REGISTRATION_FIELDS, type RegistrationRules } from '@panalo/contract/merchant';
import type { OpsDomains, OpsRegistrationRequest, OpsRegistrationRule } from '@panalo/contract/site-ops';
import type { Database } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { DomainError } from '../../lib/domain-error';
import { inTransaction } from '../../db/transaction';
import { merchantsRepository } from './merchants.repository';

/**
 * A pattern the registration may run on what a visitor types, or the reason it may not: it must
 * compile, and no group that repeats may hold a repetition itself ("(a+)+", "(\d*){2,}"): on a long
 * enough input such a pattern backtracks for minutes, and the server runs it in its only thread.
 */
export function patternProblem(pattern: string): 'invalid' | 'nested' | null {
  try {
    new RegExp(pattern);
  } catch {
    return 'invalid';
  }
  const quantifier = String.raw`(?:[+*]|\{\d+(?:,\d*)?\})`;
  const nested = new RegExp(
    String.raw`\((?:[^()\\]|\\.)*` + quantifier + String.raw`(?:[^()\\]|\\.)*\)` + quantifier,
  );
  return nested.test(pattern) ? 'nested' : null;
}

const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * The site's registration rules and domains (issue 20 screen 8). A rule change keeps each field's
 * message key (the member site translates it); a pattern must be safe to run (patternProblem). A
 * domain belongs to one site (the table's key): another site's is refused, the main domain stays.
 * Every change is one transaction with its audit entry (before → after, reason).
 */
export function siteRulesService(db: Database, clock: Clock) {
  const rulesView = (rules: RegistrationRules): OpsRegistrationRule[] =>
    REGISTRATION_FIELDS.map((field) => {
      const r = rules[field];
      return {
        field,
        enabled: r?.enabled === true,
        required: r?.required === true,
        regExp: r?.regExp ?? null,
        message: r?.message ?? 'validation_failed',
      };
    });

  const record = (trx: Database, merchantId: number, staffId: bigint, action: string, details: object) =>
    audit(trx, {
      merchantId,
      actor: `operator:${staffId}`,
      action,
      target: `merchant:${merchantId}`,
      details: details as Record<string, unknown>,
      at: clock.now(),
    });

  async function domainsOf(merchantId: number, conn: Database = db): Promise<OpsDomains> {
    const repo = merchantsRepository(conn);
    const [m, rows] = await Promise.all([repo.mainDomain(merchantId), repo.domains(merchantId)]);
    return { main: m.main_domain, domains: rows.map((r) => r.domain) };
  }

  return {
    async registration(merchantId: number) {
      const m = await merchantsRepository(db).registrationRules(merchantId);
      return { rules: rulesView(parse(m.registration_rules)) };
    },

    async setRegistration(merchantId: number, staffId: bigint, change: OpsRegistrationRequest) {
      for (const [field, rule] of Object.entries(change.rules)) {
        const problem = rule.regExp ? patternProblem(rule.regExp) : null;
        if (problem)
          throw new DomainError('registration_rule_pattern', 400, 'This pattern cannot be used', {
            field,
            problem,
          });
        if (rule.required && !rule.enabled)
          throw new DomainError('registration_rule_hidden', 400, 'A required field must be shown', { field });
      }
      return inTransaction(db, 'site-rules.service.setRegistration', async (trx) => {
        const tx = merchantsRepository(trx);
        const row = await tx.lockRegistrationRules(merchantId);
        const before = parse(row.registration_rules);
        const after: RegistrationRules = { ...before };
        for (const [field, rule] of Object.entries(change.rules) as [
          keyof RegistrationRules,
          { enabled: boolean; required: boolean; regExp: string | null },
        ][]) {
          const { regExp: _old, ...kept } = before[field] ?? { message: 'validation_failed' };
          after[field] = {
            ...kept,
            message: before[field]?.message ?? 'validation_failed',
            enabled: rule.enabled,
            required: rule.required,
            ...(rule.regExp ? { regExp: rule.regExp } : {}),
          };
        }
        await tx.setRegistrationRules(merchantId, JSON.stringify(after));
        const fields = Object.keys(change.rules) as (keyof RegistrationRules)[];
        await record(trx, merchantId, staffId, 'site.registration', {
          reason: change.reason,
          before: Object.fromEntries(fields.map((f) => [f, before[f] ?? null])),
          after: Object.fromEntries(fields.map((f) => [f, after[f]])),
        });
        return { rules: rulesView(after) };
      });
    },

    domains: (merchantId: number) => domainsOf(merchantId),

    async addDomain(merchantId: number, staffId: bigint, domain: string, reason: string) {
      return inTransaction(db, 'site-rules.service.addDomain', async (trx) => {
        const tx = merchantsRepository(trx);
        const added = await tx.insertDomain(merchantId, domain);
        if (!added) {
          const owner = await tx.domainOwner(domain);
          if (owner.merchant_id === merchantId)
            throw new DomainError('domain_exists', 409, 'This domain is the site’s already');
          throw new DomainError('domain_taken', 409, 'This domain belongs to another site');
        }
        await record(trx, merchantId, staffId, 'site.domain.add', { reason, domain });
        return domainsOf(merchantId, trx);
      });
    },

    async removeDomain(merchantId: number, staffId: bigint, domain: string, reason: string) {
      return inTransaction(db, 'site-rules.service.removeDomain', async (trx) => {
        const tx = merchantsRepository(trx);
        const m = await tx.lockMainDomain(merchantId);
        if (m.main_domain === domain)
          throw new DomainError('domain_main', 409, 'The site’s main domain cannot be removed');
        const removed = await tx.deleteDomain(merchantId, domain);
        if (removed === 0) throw new DomainError('domain_not_found', 404, 'This domain is not the site’s');
        await record(trx, merchantId, staffId, 'site.domain.remove', { reason, domain });
        return domainsOf(merchantId, trx);
      });
    },
  };
}
