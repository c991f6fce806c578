import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PromotionItem } from '@panalo/contract/promotions';
import { ACTIVITY_INFO_ROUTE, ACTIVITY_ROUTE } from '@panalo/contract/promotion-rules';
import { useTranslation } from '../../../i18n/react';
import { Page } from '../../../components/ui/page';
import { SafeHtml } from '../../../components/ui/safe-html';
import { EmptyState, ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { loginUrl } from '../../../components/ui/require-session';
import { announce } from '../../../lib/announce';
import { useSession } from '../../../lib/session';
import { useCheckIn, usePromotions } from '../api/promotions';
import { StatusBadge } from '../components/status-badge';
import '../promotions.css';
import { formatMoney } from '../../../lib/format';
import { multipleOf } from '../rules/wagering';

/** The check-in strip: the reward of each streak day, the days done marked, and today's button. */
function CheckIn({ p }: { p: PromotionItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const checkIn = useCheckIn();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const c = p.checkIn!;
  const open = p.status === null;
  const go = async () => {
    if (!session) {
      void navigate(loginUrl(ACTIVITY_ROUTE));
      return;
    }
    setError(null);
    try {
      const r = await checkIn.mutateAsync(p.id);
      announce(t('promotions.checkIn.done', { amount: formatMoney(r.amount) }));
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <div className="promo-checkin">
      <ol className="promo-checkin__days" aria-label={t('promotions.checkIn.days')}>
        {c.amounts.map((amount, i) => {
          const done = i < c.streak;
          return (
            <li
              key={i}
              className={`promo-checkin__day${done ? ' promo-checkin__day--done' : ''}`}
              data-testid="checkin-day"
              data-done={done}
            >
              <span className="promo-checkin__label">{t('promotions.checkIn.day', { n: i + 1 })}</span>
              <span className="promo-checkin__amount">{amount}</span>
              {done && <span className="visually-hidden">{t('promotions.checkIn.doneMark')}</span>}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => void go()}
        disabled={!open || checkIn.isPending}
        data-testid="checkin-button"
      >
        {c.today ? t('promotions.checkIn.doneToday') : t('promotions.checkIn.action')}
      </button>
      {error && (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function PromotionCard({ p }: { p: PromotionItem }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const termsId = `promo-terms-${p.id}`;
  return (
    <li className="ui-item promo-card" data-testid="promotion" data-kind={p.kind}>
      {/* The banner is a picture of what the title says (its figure, its kind): decorative for a reader. */}
      <img
        className="promo-card__banner"
        src={p.bannerUrl}
        alt=""
        width={640}
        height={200}
        loading="lazy"
        decoding="async"
        data-testid="promotion-banner"
      />
      <div className="promo-card__head">
        <h2 className="promo-card__title">{p.title}</h2>
        {p.status && <StatusBadge status={p.status} testId="promotion-status" />}
      </div>
      {p.checkIn && <CheckIn p={p} />}
      {p.kind === 'manual' && p.status === 'issued' && (
        <p className="promo-card__note">{t('promotions.inRewardCentre')}</p>
      )}
      <Link
        to={`${ACTIVITY_INFO_ROUTE}?id=${encodeURIComponent(p.id)}`}
        className="promo-card__details"
        data-testid="promotion-details"
      >
        {p.kind === 'apply' && p.status === null ? t('promotions.apply.title') : t('promotions.details')}
        <span className="visually-hidden"> · {p.title}</span>
      </Link>
      <button
        type="button"
        className="ui-disclosure promo-card__terms-toggle"
        aria-expanded={open}
        aria-controls={termsId}
        onClick={() => setOpen((o) => !o)}
      >
        {t('promotions.terms')}
      </button>
      <div id={termsId} hidden={!open}>
        {open && (
          <>
            <SafeHtml html={p.terms} testId="promotion-terms" />
            <p className="promo-card__note">
              {t('common.wagering.ofReward', { multiple: multipleOf(p.turnoverMultiplier) })}
            </p>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * /m/activity, the footer's events tab (PROMO-001): the merchant's promotions with my status in each
 * (PROMO-007); the daily check-in is done here.
 */
export function ActivityScreen() {
  const { t } = useTranslation();
  const promotions = usePromotions();
  return (
    <Page title={t('promotions.title')} testId="activity-screen">
      {promotions.isPending ? (
        <ListSkeleton rows={3} />
      ) : promotions.isError ? (
        <LoadError error={promotions.error} onRetry={() => void promotions.refetch()} />
      ) : promotions.data.length === 0 ? (
        <EmptyState text={t('promotions.empty')} />
      ) : (
        <ul className="ui-list" aria-label={t('promotions.title')} data-testid="promotion-list">
          {promotions.data.map((p) => (
            <PromotionCard key={p.id} p={p} />
          ))}
        </ul>
      )}
    </Page>
  );
}
