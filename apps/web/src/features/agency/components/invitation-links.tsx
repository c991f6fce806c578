import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AffiliateLink, QuotasView } from '@panalo/contract/agent';
import { PRODUCT_GROUPS, type ProductGroup } from '@panalo/contract/rebate';
import { useTranslation } from '../../../i18n/react';
import { CopyButton } from '../../../components/ui/copy-button';
import { PagedList } from '../../../components/ui/paged-list';
import { useErrorText } from '../../../components/ui/states';
import { formatRecordTime } from '../../../lib/format-time';
import { TOAST_MS, toast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';
import {
  createAffiliateLink,
  deleteAffiliateLink,
  useAffiliateLinks,
  useRegisterLink,
} from '../api/affiliate-links';
import { agencyKeys } from '../api/agency-keys';
import { quotasKey } from '../api/downlines';
import { givenRates, rateProblem, type TypedRates } from '../rules/rates';
import { KindFieldset, RatesFieldset, type Kind } from './downline-terms';

const EXPIRIES = ['1', '7', '30', '90', 'never'] as const;
type Expiry = (typeof EXPIRIES)[number];

/** The full address of a registration page path on this site. */
const fullUrl = (path: string) => `${window.location.origin}${path}`;

/** My own invitation code: a registration with it joins my team as a player. */
function RegisterLinkCard() {
  const { t } = useTranslation();
  const link = useRegisterLink();
  const title = useId();
  return (
    <section className="ui-card agency-links__mine" aria-labelledby={title} data-testid="register-link">
      <h2 id={title} className="ui-card__title">
        {t('agency.links.mine')}
      </h2>
      {link.data ? (
        <>
          <p className="agency-links__code">
            {t('agency.links.code')} <strong data-testid="register-link-code">{link.data.code}</strong>
          </p>
          <div className="agency-links__url">
            <span className="agency-links__address" data-testid="register-link-url">
              {fullUrl(link.data.path)}
            </span>
            <CopyButton value={fullUrl(link.data.path)} label={t('agency.links.mine')} />
          </div>
          <p className="agency-register__hint">
            {t('agency.links.joined', { count: link.data.registrations })}
          </p>
        </>
      ) : link.isError ? (
        <p role="alert">{t('agency.links.loadFailed')}</p>
      ) : (
        <p aria-busy="true">{t('common.loading')}</p>
      )}
    </section>
  );
}

function LinkRow({ link, onDelete }: { link: AffiliateLink; onDelete: (l: AffiliateLink) => Promise<void> }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const given = PRODUCT_GROUPS.filter((p) => link.rates[p] !== '0.00');
  return (
    <article className="ui-row" aria-label={link.code}>
      <div className="ui-row__main">
        <span className="ui-row__title">{link.code}</span>
        <span
          className={`ui-badge ${link.expired ? 'agency-status--disabled' : 'agency-status--active'}`}
          data-testid="link-state"
        >
          {link.expired ? t('agency.links.expired') : t(`agency.register.kinds.${link.kind}`)}
        </span>
      </div>
      <div className="agency-links__url">
        <span className="agency-links__address">{fullUrl(link.path)}</span>
        <CopyButton value={fullUrl(link.path)} label={link.code} testId="link-copy" />
      </div>
      <dl className="ui-details">
        <div>
          <dt>{t('agency.register.rates')}</dt>
          <dd data-testid="link-rates">
            {given.length === 0
              ? t('agency.links.noRates')
              : given.map((p) => `${t(`agency.product.${p}`)} ${link.rates[p]} %`).join(', ')}
          </dd>
        </div>
        <div>
          <dt>{t('agency.links.expires')}</dt>
          <dd>{link.expiresAt ? formatRecordTime(link.expiresAt) : t('agency.links.never')}</dd>
        </div>
        <div>
          <dt>{t('agency.links.registrations')}</dt>
          <dd data-testid="link-registrations">{link.registrations}</dd>
        </div>
      </dl>
      {confirming ? (
        <div className="agency-links__confirm" role="group" aria-label={t('agency.links.deleteAsk')}>
          <span>
            {link.registrations === 0 && link.quotaSpent
              ? t('agency.links.deleteGivesBack', { rate: link.quotaSpent })
              : t('agency.links.deleteAsk')}
          </span>
          <button
            type="button"
            className="btn btn--primary"
            aria-busy={busy}
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void onDelete(link).finally(() => setBusy(false));
            }}
            data-testid="link-delete-yes"
          >
            {t('agency.links.delete')}
          </button>
          <button type="button" className="btn" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="btn" onClick={() => setConfirming(true)} data-testid="link-delete">
          {t('agency.links.delete')}
        </button>
      )}
    </article>
  );
}

/**
 * /m/agentRegister, links: my own register link, a form for a new invitation link (type, rates below mine
 * by the gap, expiry) and my open links with their registrations; each can be copied or deleted.
 */
export function InvitationLinks({
  max,
  quotas,
}: {
  max: Record<ProductGroup, number | null>;
  quotas: QuotasView | undefined;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  const links = useAffiliateLinks();
  const expiryId = useId();
  const [kind, setKind] = useState<Kind>('player');
  const [rates, setRates] = useState<TypedRates>({});
  const [expiry, setExpiry] = useState<Expiry>('30');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const blocked = PRODUCT_GROUPS.some((p) => rateProblem(rates, max, p));
  const refresh = () => {
    void client.invalidateQueries({ queryKey: agencyKeys.links(token) });
    void client.invalidateQueries({ queryKey: quotasKey(token) });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blocked || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const link = await createAffiliateLink({
        kind,
        rates: givenRates(rates),
        expiresInDays: expiry === 'never' ? null : (Number(expiry) as 1 | 7 | 30 | 90),
      });
      void toast.show(t('agency.links.made', { code: link.code }), TOAST_MS.success, 'success');
      setRates({});
      refresh();
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (link: AffiliateLink) => {
    try {
      await deleteAffiliateLink(link.id);
      void toast.show(t('agency.links.deleted', { code: link.code }), TOAST_MS.success, 'success');
      refresh();
    } catch (err) {
      void toast.show(errorText(err), TOAST_MS.notice, 'fail');
    }
  };

  return (
    <>
      <RegisterLinkCard />
      <form
        className="ui-card agency-register"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label={t('agency.links.new')}
        data-testid="link-form"
      >
        <h2 className="ui-card__title">{t('agency.links.new')}</h2>
        <KindFieldset kind={kind} onChange={setKind} testIdPrefix="link" />
        <RatesFieldset rates={rates} onChange={setRates} max={max} quotas={quotas} testIdPrefix="link" />
        <label className="ui-field" htmlFor={expiryId}>
          <span className="ui-field__label">{t('agency.links.expiry')}</span>
          <select
            id={expiryId}
            className="ui-input"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value as Expiry)}
            data-testid="link-expiry"
          >
            {EXPIRIES.map((x) => (
              <option key={x} value={x}>
                {x === 'never' ? t('agency.links.never') : t('agency.links.days', { count: Number(x) })}
              </option>
            ))}
          </select>
        </label>
        {failure && (
          <p className="agency-rebate__failure" role="alert" data-testid="link-failure">
            {failure}
          </p>
        )}
        <button
          type="submit"
          className="btn btn--primary"
          disabled={blocked}
          aria-busy={busy}
          data-testid="link-submit"
        >
          {busy ? t('common.pleaseWait') : t('agency.links.make')}
        </button>
      </form>
      <PagedList
        query={links}
        label={t('agency.links.list')}
        emptyText={t('agency.links.empty')}
        itemKey={(l: AffiliateLink) => l.id}
        renderItem={(l: AffiliateLink) => <LinkRow link={l} onDelete={remove} />}
        testId="link-list"
      />
    </>
  );
}
