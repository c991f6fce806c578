import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FIGURE_NAMES } from '@panalo/contract/figures';

/**
 * How the money figures are counted (issue 49 item 2): the definitions of contract figures.ts in words,
 * under every table that shows them (dashboard, reports), folded until asked for; native details/summary,
 * so it opens by keyboard and reads out as a disclosure.
 */
export function FigureDefinitions() {
  const { t } = useTranslation();
  return (
    <details className="figure-definitions" data-testid="figure-definitions">
      <summary>
        <Text component="span" size="sm" fw={600}>
          {t('figures.title')}
        </Text>
      </summary>
      <Text size="sm">{t('figures.day')}</Text>
      <dl>
        {FIGURE_NAMES.map((f) => (
          <div key={f}>
            <Text component="dt" size="sm" fw={600}>
              {t(`figures.name.${f}`)}
            </Text>
            <Text component="dd" size="sm" ml="md">
              {t(`figures.def.${f}`)}
            </Text>
          </div>
        ))}
      </dl>
    </details>
  );
}
