import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import type { GameCategory } from '@panalo/contract/content';
import { useSite } from '../../../app/site';
import { categoryHref } from '../rules/home-content';

/** Game sections (HOME-001): one tile per category in the merchant's order. */
export function GameCategories({ categories }: { categories: readonly GameCategory[] }) {
  const { t } = useTranslation();
  const site = useSite();
  if (categories.length === 0) {
    return (
      <p className="categories__empty" data-testid="categories-empty">
        {t('common.empty')}
      </p>
    );
  }
  return (
    <ul className="categories__grid" data-testid="categories">
      {categories.map((c) => (
        <li key={c.code}>
          <Link className="categories__tile" to={categoryHref(c.code)} data-testid={`category-${c.code}`}>
            <img
              className="categories__icon"
              src={site.img(c.iconUrl)}
              alt=""
              width={44}
              height={44}
              loading="lazy"
              decoding="async"
            />
            <span className="categories__name">{t(`home.category.${c.code}`)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
