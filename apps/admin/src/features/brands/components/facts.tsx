import { ColorSwatch, Group, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_COLOURS } from '../../../components/theme-colours';
import type { ThemeColours } from '@panalo/contract/theme-vars';

/** Settings read as a description list: each name, then its value. */
export function Facts({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    // The grid is the <dl> itself: its children are the <div> groups of one <dt> and one <dd> each.
    <SimpleGrid component="dl" m={0} cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
      {rows.map((r) => (
        <div key={r.label}>
          <Text component="dt" size="xs" c="dimmed" fw={600}>
            {r.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word' }}>
            {r.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** A theme's ten colours: each swatch with its name and value (the colour is never the only clue). */
export function ThemeSwatches({ theme }: { theme: ThemeColours }) {
  const { t } = useTranslation();
  return (
    <Facts
      rows={THEME_COLOURS.map((k) => ({
        label: t(`theme.colours.${k}`),
        value: (
          <Group gap={6} wrap="nowrap">
            <ColorSwatch color={theme[k]} size={16} aria-hidden />
            <span>{theme[k]}</span>
          </Group>
        ),
      }))}
    />
  );
}
