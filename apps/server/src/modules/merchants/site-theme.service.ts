import { contrastFailures } from '@panalo/contract/theme-contrast';
import type { Theme } from '@panalo/contract/merchant';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/domain-error';
import { inTransaction } from '../../db/transaction';
import { merchantsRepository } from './merchants.repository';

/**
 * Saves a merchant's theme. A theme with a text pair below its WCAG minimum is refused as a whole
 * (theme_contrast, the failing pairs in the refusal's value) and nothing is written; a saved theme is
 * audited with its before and after, in the same transaction.
 */
export async function saveTheme(
  db: Database,
  clock: Clock,
  o: { merchantId: number; operatorId: bigint; theme: Theme; reason: string },
): Promise<Theme> {
  const failures = contrastFailures(o.theme);
  if (failures.length > 0) {
    throw new DomainError('theme_contrast', 400, 'Some texts of this theme would be unreadable', {
      failures,
    });
  }
  return inTransaction(db, 'site-theme.service.saveTheme', async (trx) => {
    const tx = merchantsRepository(trx);
    const before = await tx.lockTheme(o.merchantId);
    await tx.setTheme(o.merchantId, JSON.stringify(o.theme));
    await audit(trx, {
      merchantId: o.merchantId,
      actor: `operator:${o.operatorId}`,
      action: 'site.theme',
      target: `merchant:${o.merchantId}`,
      details: { before: before.theme, after: o.theme, reason: o.reason },
      at: clock.now(),
    });
    return o.theme;
  });
}
