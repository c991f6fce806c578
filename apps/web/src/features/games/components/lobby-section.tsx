import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSite } from '../../../app/site';
import { useVendors } from '../hooks/use-games-catalogue';
import { lobbyVendorHref, lobbyVendors, type LobbySection as Section } from '../rules/lobby';

/** One category of the game lobby: its name, its vendor tiles and "see all". */
export function LobbySection({ section }: { section: Section }) {
  const { t } = useTranslation();
  const site = useSite();
  const vendorsQuery = useVendors(section.code);
  const vendors = useMemo(() => lobbyVendors(section, vendorsQuery.data ?? []), [section, vendorsQuery.data]);
  const name = t(`games.category.${section.code}`, { defaultValue: section.code });
  const headingId = `lobby-${section.code}-title`;

  return (
    <section
      className="lobby-section"
      aria-labelledby={headingId}
      data-testid={`lobby-section-${section.code}`}
    >
      <div className="lobby-section__head">
        <h2 id={headingId} className="lobby-section__title">
          {name}
        </h2>
        <Link
          className="lobby-section__all"
          to={section.href}
          aria-label={t('games.lobby.seeAllOf', { name })}
          data-testid={`lobby-all-${section.code}`}
        >
          {t('games.lobby.seeAll')}
        </Link>
      </div>
      {vendorsQuery.isPending ? (
        <div
          className="lobby-section__state"
          role="status"
          data-testid={`lobby-vendors-loading-${section.code}`}
        >
          <span className="games-spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('games.lobby.loadingVendors', { name })}</span>
        </div>
      ) : vendorsQuery.isError ? (
        <div
          className="lobby-section__state"
          role="alert"
          data-testid={`lobby-vendors-error-${section.code}`}
        >
          <span>{t('games.lobby.vendorsError')}</span>
          <button type="button" className="games-chip" onClick={() => void vendorsQuery.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        vendors.length > 0 && (
          <ul className="lobby-vendors" aria-label={t('games.lobby.vendorsOf', { name })}>
            {vendors.map((v) => (
              <li key={v.vassalage}>
                <Link
                  className="lobby-vendor"
                  to={lobbyVendorHref(section, v.vassalage)}
                  data-testid={`lobby-vendor-${section.code}-${v.vassalage}`}
                >
                  <img
                    className="lobby-vendor__logo"
                    src={site.img(v.mobileSmallIcon)}
                    alt=""
                    width={36}
                    height={36}
                    loading="lazy"
                    decoding="async"
                  />
                  <span className="lobby-vendor__name">{v.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )
      )}
    </section>
  );
}
