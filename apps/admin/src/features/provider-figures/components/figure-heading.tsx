import { Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FigureColumn } from '../rules/figures';

/**
 * A figure's column heading with its definition in a tooltip, shown on hover, on keyboard focus and on
 * touch (the name takes the focus; the tooltip describes it to a screen reader while open). The same
 * definitions are in `FigureHelp` under the tables.
 */
export function FigureHeading({ figure }: { figure: FigureColumn }) {
  const { t } = useTranslation();
  return (
    <Tooltip
      label={t(`providerFigures.def.${figure}`)}
      multiline
      w={280}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <span
        tabIndex={0}
        data-figure={figure}
        style={{ borderBottom: '1px dotted currentColor', cursor: 'help' }}
      >
        {t(`providerFigures.col.${figure}`)}
      </span>
    </Tooltip>
  );
}
