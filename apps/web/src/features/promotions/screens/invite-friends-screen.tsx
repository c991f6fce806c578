import type { ReferralView } from '@panalo/contract/promotions';
import { REWARD_CENTRE_ROUTE } from '@panalo/contract/promotion-rules';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { CopyButton } from '../../../components/ui/copy-button';
import { Page } from '../../../components/ui/page';
import { QrCode } from '../../../components/ui/qr-code';
import { SafeHtml } from '../../../components/ui/safe-html';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/ui/states';
import { formatRecordTime } from '../../../lib/format-time';
import { useReferral } from '../api/promotions';
import '../promotions.css';
import { formatMoney } from '../../../lib/format';

function Invite({ r }: { r: ReferralView }) {
  const { t } = useTranslation();
  const link = `${window.location.origin}${r.path}`;
  return (
    <>
      <section className="ui-item invite-card" aria-labelledby="invite-title" data-testid="invite-card">
        <h2 id="invite-title" className="promo-card__title">
          {r.title}
        </h2>
        <p className="invite-card__rule">
          {t('promotions.invite.rule', { reward: formatMoney(r.reward), deposit: formatMoney(r.minDeposit) })}
        </p>
        <QrCode value={link} label={t('promotions.invite.qr')} />
        <p className="invite-card__code">
          {t('promotions.invite.code')} <strong data-testid="invite-code">{r.code}</strong>
        </p>
        <div className="invite-card__link">
          <span className="invite-card__address" data-testid="invite-link">
            {link}
          </span>
          <CopyButton value={link} label={t('promotions.invite.link')} testId="invite-copy" />
        </div>
        <p className="promo-card__note" data-testid="invite-earned">
          {t('promotions.invite.earned', { amount: r.rewarded, count: r.friendCount })}{' '}
          <Link to={REWARD_CENTRE_ROUTE}>{t('promotions.rewards.title')}</Link>
        </p>
        <SafeHtml html={r.terms} testId="invite-terms" />
      </section>
      <h2 className="promo-heading">{t('promotions.invite.friends')}</h2>
      {r.friends.length === 0 ? (
        <EmptyState text={t('promotions.invite.none')} />
      ) : (
        <ul className="ui-list" aria-label={t('promotions.invite.friends')}>
          {r.friends.map((f, i) => (
            <li key={i} className="ui-item invite-friend" data-testid="invite-friend">
              <span className="promo-reward__title">{f.name}</span>
              <span className="promo-card__note">{formatRecordTime(f.registeredAt)}</span>
              <span className={`promo-status${f.qualified ? ' promo-status--claimed' : ''}`}>
                {f.qualified ? t('promotions.invite.qualified') : t('promotions.invite.waiting')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /m/inviteFriends (REFERRAL, PROMO-003): my link and QR code, the reward's rule, the friends I invited. */
export function InviteFriendsScreen() {
  const { t } = useTranslation();
  const referral = useReferral();
  return (
    <Page title={t('promotions.invite.title')} testId="invite-friends-screen">
      {referral.isPending ? (
        <ListSkeleton rows={3} />
      ) : referral.isError ? (
        <LoadError error={referral.error} onRetry={() => void referral.refetch()} />
      ) : (
        <Invite r={referral.data} />
      )}
    </Page>
  );
}
