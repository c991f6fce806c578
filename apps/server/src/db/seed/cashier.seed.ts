import { formatAmount } from '@panalo/contract/money';
import type { Database } from '../database';
import type { Clock } from '../../lib/clock';
import { audit } from '../../lib/audit';
import { ledgerAccount, memberWalletKey, postTransfer } from '../../modules/wallet/ledger';
import { inTransaction } from '../transaction';
import { PH_WITHDRAW_BANKS } from '../../modules/provider/brand-defaults';

/** Amounts in this file are whole pesos; the seed converts them to minor units. */
const pesos = (n: number) => BigInt(n) * 100n;

interface CashierSeed {
  minWithdraw: number;
  maxWithdraw: number;
  maxCards: number;
  methods: {
    code: string;
    kind: 'bank_transfer' | 'gateway';
    name: string;
    provider?: string;
    min: number;
    max: number;
  }[];
  bankAccounts: { bankName: string; accountName: string; accountNumber: string; branch?: string }[];

  withdrawBanks: { code: string; name: string }[];
  /** Demo players start with this much real money (a recorded, reasoned adjustment). */
  openingBalances: Record<string, number>;
}

const PH_BANKS = PH_WITHDRAW_BANKS;

export const demoCashier: Record<string, CashierSeed> = {
  panalo: {
    minWithdraw: 100,
    maxWithdraw: 50_000,
    maxCards: 3,
    methods: [
      {
        code: 'PAYSIM',
        kind: 'gateway',
        name: 'E-wallet (PaySim)',
        provider: 'paysim',
        min: 50,
        max: 20_000,
      },
      { code: 'BANK', kind: 'bank_transfer', name: 'Bank transfer', min: 100, max: 50_000 },
    ],
    bankAccounts: [
      {
        bankName: 'BDO Unibank',
        accountName: 'Panalo Gaming Inc.',
        accountNumber: '0012 3456 7890',
        branch: 'Makati Ayala',
      },
      {
        bankName: 'Bank of the Philippine Islands',
        accountName: 'Panalo Gaming Inc.',
        accountNumber: '3210 9876 54',
      },
    ],
    withdrawBanks: PH_BANKS,
    openingBalances: { demo01: 5_000, downline01: 1_000 },
  },
  luzon: {
    minWithdraw: 200,
    maxWithdraw: 20_000,
    maxCards: 2,
    methods: [
      {
        code: 'PAYSIM',
        kind: 'gateway',
        name: 'Online payment (PaySim)',
        provider: 'paysim',
        min: 100,
        max: 10_000,
      },
      { code: 'BANK', kind: 'bank_transfer', name: 'Bank deposit', min: 200, max: 20_000 },
    ],
    bankAccounts: [
      { bankName: 'Metrobank', accountName: 'Luzon Palace Corp.', accountNumber: '7788 1122 33' },
    ],
    withdrawBanks: PH_BANKS.slice(0, 4),
    openingBalances: { luzon01: 2_000 },
  },
};

/**
 * Seeds each demo merchant's cashier (limits, deposit methods, its bank accounts, withdrawal
 * banks) once, and gives the demo players an opening balance through the ledger, as an operator would: a
 * reasoned adjustment with an audit record. Runs after the accounts seed; idempotent.
 */
export async function seedCashier(db: Database, clock: Clock): Promise<void> {
  const merchants = await db.selectFrom('merchant').select(['id', 'code', 'currency']).execute();
  for (const m of merchants) {
    const c = demoCashier[m.code];
    if (!c) continue;
    await inTransaction(db, 'cashier.seed.seedCashier', async (trx) => {
      const exists = await trx
        .selectFrom('merchant_cashier')
        .select('merchant_id')
        .where('merchant_id', '=', m.id)
        .executeTakeFirst();
      if (exists) return;
      await trx
        .insertInto('merchant_cashier')
        .values({
          merchant_id: m.id,
          min_withdraw: pesos(c.minWithdraw),
          max_withdraw: pesos(c.maxWithdraw),
          max_cards: c.maxCards,
        })
        .execute();
      await trx
        .insertInto('deposit_method')
        .values(
          c.methods.map((d, i) => ({
            merchant_id: m.id,
            code: d.code,
            kind: d.kind,
            name: d.name,
            provider: d.provider ?? null,
            min_amount: pesos(d.min),
            max_amount: pesos(d.max),
            sort: i,
          })),
        )
        .execute();
      await trx
        .insertInto('merchant_bank_account')
        .values(
          c.bankAccounts.map((b) => ({
            merchant_id: m.id,
            bank_name: b.bankName,
            account_name: b.accountName,
            account_number: b.accountNumber,
            branch: b.branch ?? null,
          })),
        )
        .execute();
      await trx
        .insertInto('withdraw_bank')
        .values(c.withdrawBanks.map((b, i) => ({ merchant_id: m.id, code: b.code, name: b.name, sort: i })))
        .execute();

      for (const [username, amount] of Object.entries(c.openingBalances)) {
        const member = await trx
          .selectFrom('member')
          .select('id')
          .where('merchant_id', '=', m.id)
          .where('username', '=', username)
          .executeTakeFirst();
        if (!member) continue;
        const at = clock.now();
        const wallet = await ledgerAccount(trx, memberWalletKey(m.id, member.id, m.currency));
        const adjustment = await ledgerAccount(trx, {
          merchantId: m.id,
          book: 'real',
          kind: 'adjustment',
          currency: m.currency,
        });
        const posted = await postTransfer(trx, {
          merchantId: m.id,
          book: 'real',
          kind: 'adjustment',
          legs: [
            { accountId: adjustment, amount: -pesos(amount) },
            { accountId: wallet, amount: pesos(amount) },
          ],
          createdBy: 'system:seed',
          reference: null,
          memo: 'Demo opening balance',
          idempotency: { scope: 'seed.opening', key: username },
          at,
        });
        await audit(trx, {
          merchantId: m.id,
          actor: 'system:seed',
          action: 'balance.adjust',
          target: `member:${member.id}`,
          details: {
            username,
            amount: formatAmount(pesos(amount)),
            reason: 'Demo opening balance',
            transferId: posted.transferId,
          },
          at,
        });
      }
    });
  }
}
