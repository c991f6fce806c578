import { BENEFITS_ROUTE } from '@panalo/contract/promotion-rules';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import type { MemberInfo } from '@panalo/contract/member';
import { daysSince, vipName } from '../rules/mine-entries';
import { MineIcon } from './icons';

/** MINE-007: without a session, a panel whose buttons open the login screen and registration. */
export function GuestPanel() {
  const { t } = useTranslation();
  return (
    <section className="mine-profile mine-profile--guest" data-testid="mine-guest">
      <span className="mine-avatar" aria-hidden="true">
        <MineIcon name="user" size={30} />
      </span>
      <div className="mine-profile__text">
        <h2 className="mine-profile__name">{t('member.guest.title')}</h2>
        <p className="mine-profile__meta">{t('member.guest.body')}</p>
      </div>
      <div className="mine-guest__actions">
        <Link className="btn mine-btn--light" to="/m/login" data-testid="mine-login">
          {t('member.guest.login')}
        </Link>
        <Link className="btn mine-btn--outline" to="/m/register" data-testid="mine-register">
          {t('member.guest.register')}
        </Link>
      </div>
    </section>
  );
}

/**
 * MINE-008..011: the account name, the VIP label when VIP benefits are on, and the days since
 * registration. With VIP on, the whole panel leads to the level benefits.
 */
export function MemberPanel(props: {
  account: string;
  info: MemberInfo | null;
  vip: boolean;
  now: number;
  /** Whether the level-benefits screen exists in this build (until then the panel is not a link). */
  benefits?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { info } = props;
  const link = props.vip && props.benefits !== false;
  const body: ReactNode = (
    <>
      <span className="mine-avatar" aria-hidden="true" data-testid="mine-avatar">
        {info?.headIcon ? (
          <img className="mine-avatar__img" src={info.headIcon} alt="" width={56} height={56} />
        ) : (
          props.account.slice(0, 1).toUpperCase()
        )}
      </span>
      <div className="mine-profile__text">
        <h2 className="mine-profile__name" data-testid="mine-account">
          {props.account}
        </h2>
        {props.vip && (
          <span className="mine-vip" data-testid="mine-vip">
            {info?.vip
              ? t('member.vip.level', { level: info.vip.level, name: vipName(info.vip, i18n.language) })
              : t('member.vip.none')}
          </span>
        )}
        {info && (
          <p className="mine-profile__meta" data-testid="mine-days">
            {t('member.profile.days', { count: daysSince(info.regDate, props.now) })}
          </p>
        )}
      </div>
      {link && (
        <span className="mine-profile__chevron">
          <MineIcon name="chevron" size={20} />
        </span>
      )}
    </>
  );
  return link ? (
    <Link className="mine-profile mine-profile--link" to={BENEFITS_ROUTE} data-testid="mine-profile">
      {body}
    </Link>
  ) : (
    <section className="mine-profile" data-testid="mine-profile">
      {body}
    </section>
  );
}
