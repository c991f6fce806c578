import type { TFunction } from '../../../i18n/translator';
import type { MineEntryId } from '../rules/mine-entries';

/**
 * The visible name of a member-centre entry (literal keys, so the catalogue check sees each one);
 * `level` is the verification entry's.
 */
export function entryLabel(t: TFunction, id: MineEntryId, level?: number): string {
  switch (id) {
    case 'benefits':
      return t('member.entry.benefits');
    case 'download':
      return t('member.entry.download');
    case 'deposit':
      return t('member.entry.deposit');
    case 'withdraw':
      return t('member.entry.withdraw');
    case 'invite':
      return t('member.entry.invite');
    case 'security':
      return t('member.entry.security');
    case 'agent':
      return t('member.entry.agent');
    case 'depositRecord':
      return t('member.entry.depositRecord');
    case 'withdrawRecord':
      return t('member.entry.withdrawRecord');
    case 'accountRecord':
      return t('member.entry.accountRecord');
    case 'betRecord':
      return t('member.entry.betRecord');
    case 'profitLoss':
      return t('member.entry.profitLoss');
    case 'uplineTransfer':
      return t('member.entry.uplineTransfer');
    case 'rewardCentre':
      return t('member.entry.rewardCentre');
    case 'manualRebate':
      return t('member.entry.manualRebate');
    case 'mission':
      return t('member.entry.mission');
    case 'myRebate':
      return t('member.entry.myRebate');
    case 'mail':
      return t('member.entry.mail');
    case 'feedback':
      return t('member.entry.feedback');
    case 'verification':
      return t('member.entry.verification', { level: level ?? 0 });
  }
}
