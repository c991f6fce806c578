import { useTranslation } from '../../../i18n/react';
import { LOTTERY_MENU_FAV, LOTTERY_MENU_HOT } from '@panalo/contract/lottery-constants';
import { menuItemWidthCss, type MenuTab } from '../rules/lobby';

/** The lobby's horizontally scrolling group menu (LOTT-001..003). */
export function MenuBar({
  tabs,
  selected,
  onChoose,
}: {
  tabs: readonly MenuTab[];
  selected: string;
  onChoose: (tag: string) => void;
}) {
  const { t } = useTranslation();
  const fixed = (tag: string) =>
    tag === LOTTERY_MENU_HOT ? t('lottery.menu.hot') : tag === LOTTERY_MENU_FAV ? t('lottery.menu.fav') : tag;
  return (
    <nav className="lott-menu" aria-label={t('lottery.menu.label')} data-testid="lottery-menu">
      <div className="lott-menu__track" role="tablist">
        {tabs.map((tab) => (
          <button
            key={tab.tag}
            type="button"
            role="tab"
            className="lott-menu__item"
            style={{ width: menuItemWidthCss() }}
            aria-selected={tab.tag === selected}
            onClick={() => onChoose(tab.tag)}
            data-testid={`lottery-tab-${tab.tag}`}
          >
            {tab.labelName ?? fixed(tab.tag)}
          </button>
        ))}
      </div>
    </nav>
  );
}
