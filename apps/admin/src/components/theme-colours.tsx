import { Alert, ColorInput, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contrastFailures } from '@panalo/contract/theme-contrast';
import type { ThemeColours } from '@panalo/contract/theme-vars';

/** The ten colours of a member site's theme, in the order they are edited. */
export const THEME_COLOURS: (keyof ThemeColours)[] = [
  'primary',
  'primaryText',
  'accent',
  'background',
  'surface',
  'text',
  'mutedText',
  'header',
  'headerText',
  'footer',
];

/**
 * A theme's ten colours, each typed as #rrggbb, with the pairs too faint to read named as they appear
 * (`contrastFailures`: the server refuses the same ones with `theme_contrast`). The site's theme editor
 * and the provider's launch form both edit colours with it.
 */
export function ThemeColoursFields<T extends ThemeColours>({
  value,
  onChange,
  idPrefix,
}: {
  value: T;
  onChange: (next: T) => void;
  /** Each input's id is `${idPrefix}-${colour}` (a form moves the focus to the first when refused). */
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const failures = contrastFailures(value);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {THEME_COLOURS.map((k) => (
          <ColorInput
            key={k}
            id={idPrefix ? `${idPrefix}-${k}` : undefined}
            label={t(`theme.colours.${k}`)}
            value={value[k]}
            format="hex"
            withEyeDropper={false}
            withPicker={false}
            onChange={(v) => /^#[0-9a-fA-F]{6}$/.test(v) && onChange({ ...value, [k]: v.toLowerCase() })}
            data-testid={`theme-${k}`}
          />
        ))}
      </SimpleGrid>
      {failures.length > 0 && (
        <Alert color="red" role="alert" title={t('theme.unreadable')}>
          {failures.map((f) => (
            <Text key={f.name} size="sm">
              {t('theme.pair', { name: f.name, ratio: f.ratio, min: f.min })}
            </Text>
          ))}
        </Alert>
      )}
    </>
  );
}
