import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FIGURE_COLUMNS } from '../rules/figures';

/**
 * How the provider's figures are counted, under the tables, folded until asked for (native
 * details/summary: opens by keyboard and reads out as a disclosure). Each brand's figures are its
 * console's (contract figures.ts), on the brand's own reporting days.
 */
export function FigureHelp() {
  const { t } = useTranslation();
  return (
    <details data-testid="provider-figure-help">
      <summary>
        <Text component="span" size="sm" fw={600}>
          {t('providerFigures.helpTitle')}
        </Text>
      </summary>
      <Text size="sm">{t('providerFigures.helpDay')}</Text>
      {/* A <dl> holds only <div> groups of one <dt> and one <dd>. */}
      <dl>
        {FIGURE_COLUMNS.map((f) => (
          <div key={f}>
            <Text component="dt" size="sm" fw={600}>
              {t(`providerFigures.col.${f}`)}
            </Text>
            <Text component="dd" size="sm" ml="md">
              {t(`providerFigures.def.${f}`)}
            </Text>
          </div>
        ))}
      </dl>
    </details>
  );
}
