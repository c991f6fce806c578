import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { PromotionItem } from '@panalo/contract/promotions';
import {
  ACTIVITY_INFO_ROUTE,
  ACTIVITY_ROUTE,
  APPLY_LIMITS,
  BENEFITS_ROUTE,
  INVITE_FRIENDS_ROUTE,
  LEADERBOARD_ROUTE,
  MANUAL_REBATE_ROUTE,
  REWARD_CENTRE_ROUTE,
} from '@panalo/contract/promotion-rules';
import { useTranslation } from '../../../i18n/react';
import { clearFileInput, ImagePreviews } from '../../../components/ui/image-picker';
import { Page } from '../../../components/ui/page';
import { SafeHtml } from '../../../components/ui/safe-html';
import { EmptyState, ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { loginUrl } from '../../../components/ui/require-session';
import { announce } from '../../../lib/announce';
import { compressImage } from '../../../lib/compress-image';
import { formatRecordTime } from '../../../lib/format-time';
import { useSession } from '../../../lib/session';
import { useApply, usePromotions } from '../api/promotions';
import { PromotionRules } from '../components/promotion-rules';
import { StatusBadge } from '../components/status-badge';
import { applicationProblem, type ApplicationProblem } from '../rules/application-draft';
import '../promotions.css';
import { multipleOf } from '../rules/wagering';

/** The application form: a comment (≤ 140 characters, counted) and up to 3 images with previews. */
function ApplyForm({ p }: { p: PromotionItem }) {
  const { t } = useTranslation();
  const apply = useApply();
  const errorText = useErrorText();
  const ids = { comment: useId(), images: useId() };
  const [comment, setComment] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [problem, setProblem] = useState<ApplicationProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const length = [...comment].length;

  const choose = async (list: FileList | null) => {
    setPreparing(true);
    try {
      // Large photos are made smaller here, before they travel (each still checked against 5 MB).
      const picked = await Promise.all([...(list ?? [])].map((f) => compressImage(f)));
      setImages((all) => [...all, ...picked]);
    } finally {
      setPreparing(false);
      clearFileInput(fileInput);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = applicationProblem({ comment, images });
    setProblem(found);
    if (found) {
      document.getElementById(ids[found.field])?.focus();
      return;
    }
    try {
      await apply.mutateAsync({ id: p.id, comment: comment.trim(), images });
      announce(t('promotions.apply.sent'));
    } catch (err) {
      setFailure(errorText(err));
    }
  };
  const fieldError = (field: ApplicationProblem['field']) =>
    problem?.field === field ? (
      <span id={`${ids[field]}-problem`} className="ui-field__error" role="alert">
        {t(problem.key, {
          name: 'name' in problem ? problem.name : '',
          max: APPLY_LIMITS.commentMax,
        })}
      </span>
    ) : null;

  return (
    <form
      className="ui-card promo-apply"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="apply-form"
    >
      <h2 className="promo-card__title">{t('promotions.apply.title')}</h2>
      <label className="ui-field" htmlFor={ids.comment}>
        <span className="ui-field__label">{t('promotions.apply.comment')}</span>
        <textarea
          id={ids.comment}
          className="ui-input"
          rows={3}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          aria-invalid={problem?.field === 'comment'}
          aria-describedby={`${ids.comment}-count${problem?.field === 'comment' ? ` ${ids.comment}-problem` : ''}`}
          data-testid="apply-comment"
        />
        <small
          id={`${ids.comment}-count`}
          className={`promo-apply__count${length > APPLY_LIMITS.commentMax ? ' promo-apply__count--over' : ''}`}
          data-testid="apply-count"
        >
          {t('promotions.apply.count', { count: length, max: APPLY_LIMITS.commentMax })}
        </small>
        {fieldError('comment')}
      </label>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={ids.images}>
          {t('promotions.apply.images', { max: APPLY_LIMITS.maxImages })}
        </label>
        <input
          ref={fileInput}
          id={ids.images}
          type="file"
          accept="image/png,image/jpeg"
          multiple
          onChange={(e) => void choose(e.target.files)}
          aria-invalid={problem?.field === 'images'}
          aria-describedby={problem?.field === 'images' ? `${ids.images}-problem` : undefined}
          data-testid="apply-images"
        />
        <ImagePreviews
          files={images}
          onRemove={(i) => setImages((all) => all.filter((_, j) => j !== i))}
          label={t('promotions.apply.chosen')}
          removeLabel={(name) => t('promotions.apply.remove', { name })}
          removeText={t('promotions.apply.removeShort')}
        />
        {fieldError('images')}
      </div>
      {failure && (
        <p className="ui-field__error" role="alert" data-testid="apply-failure">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary"
        disabled={apply.isPending || preparing}
        aria-busy={apply.isPending || preparing}
        data-testid="apply-submit"
      >
        {apply.isPending ? t('promotions.apply.sending') : t('promotions.apply.send')}
      </button>
    </form>
  );
}

/** What a member does with a promotion, by kind and status. */
function Action({ p }: { p: PromotionItem }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  if (p.kind === 'apply') {
    if (p.status === null && !session)
      return (
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void navigate(loginUrl(`${ACTIVITY_INFO_ROUTE}?id=${p.id}`))}
        >
          {t('promotions.apply.signIn')}
        </button>
      );
    if (p.status === null) return <ApplyForm p={p} />;
    if (p.status === 'applying')
      return (
        <p className="promo-card__note" data-testid="apply-waiting">
          {t('promotions.apply.waiting')}
        </p>
      );
  }
  const to: Partial<Record<PromotionItem['kind'], string>> = {
    checkin: ACTIVITY_ROUTE,
    rebate: MANUAL_REBATE_ROUTE,
    referral: INVITE_FRIENDS_ROUTE,
    vip: BENEFITS_ROUTE,
    mission: LEADERBOARD_ROUTE,
    leaderboard: LEADERBOARD_ROUTE,
    // A deposit bonus is taken by ticking it in the deposit form.
    deposit: '/m/voucherCenter',
  };
  const target = p.status === 'issued' || p.status === 'rejected' ? REWARD_CENTRE_ROUTE : to[p.kind];
  return target ? (
    <Link to={target} className="btn btn--primary" data-testid="activity-go">
      {t(target === REWARD_CENTRE_ROUTE ? 'promotions.info.toRewards' : `promotions.info.go.${p.kind}`)}
    </Link>
  ) : null;
}

/**
 * /m/activityInfo?id= (issue 18): one promotion — its terms, period, turnover rule and my status — and
 * what I can do: apply (application promotions: comment and images), or the way to its own screen.
 */
export function ActivityInfoScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const promotions = usePromotions();
  const p = promotions.data?.find((x) => x.id === id);
  return (
    <Page title={p?.title ?? t('promotions.info.title')} testId="activity-info-screen">
      {promotions.isPending ? (
        <ListSkeleton rows={3} />
      ) : promotions.isError ? (
        <LoadError error={promotions.error} onRetry={() => void promotions.refetch()} />
      ) : !p ? (
        <EmptyState text={t('promotions.info.unknown')} />
      ) : (
        <div className="promo-info" data-testid="activity-info">
          <section className="ui-item promo-card">
            <div className="promo-card__head">
              <h2 className="promo-card__title">{p.title}</h2>
              {p.status && <StatusBadge status={p.status} testId="promotion-status" />}
            </div>
            <p className="promo-card__note">
              {p.endsAt
                ? t('promotions.info.period', {
                    from: formatRecordTime(p.startsAt),
                    to: formatRecordTime(p.endsAt),
                  })
                : t('promotions.info.from', { from: formatRecordTime(p.startsAt) })}
            </p>
            <SafeHtml html={p.terms} testId="promotion-terms" />
            <p className="promo-card__note">
              {t('common.wagering.ofReward', { multiple: multipleOf(p.turnoverMultiplier) })}
            </p>
            <PromotionRules rules={p.rules} />
          </section>
          <Action p={p} />
        </div>
      )}
    </Page>
  );
}
