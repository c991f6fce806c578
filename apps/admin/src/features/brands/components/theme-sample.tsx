import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACCENT_INK, dangerColour } from '@panalo/contract/theme-contrast';
import type { ThemeColours } from '@panalo/contract/theme-vars';

/**
 * A small picture of the member site in the theme's colours (header, a card with text, a link, a button,
 * an accent badge, an error, the footer): how the colours sit together before the brand has a site.
 * It repeats the texts it draws, so it is only decoration to a screen reader.
 */
export function ThemeSample({ theme }: { theme: ThemeColours }) {
  const { t } = useTranslation();
  return (
    <Box
      aria-hidden
      w={260}
      style={{
        border: '1px solid #ced4da',
        borderRadius: 12,
        overflow: 'hidden',
        background: theme.background,
      }}
      data-testid="theme-sample"
    >
      <Box px="sm" py={8} style={{ background: theme.header, color: theme.headerText, fontWeight: 700 }}>
        {t('launch.sample.header')}
      </Box>
      <Box p="sm">
        <Box p="sm" style={{ background: theme.surface, borderRadius: 8 }}>
          <Text size="sm" fw={600} style={{ color: theme.text }}>
            {t('launch.sample.title')}
          </Text>
          <Text size="xs" style={{ color: theme.mutedText }}>
            {t('launch.sample.muted')}
          </Text>
          <Text size="xs" style={{ color: theme.primary, textDecoration: 'underline' }}>
            {t('launch.sample.link')}
          </Text>
          <Text size="xs" style={{ color: dangerColour(theme) }}>
            {t('launch.sample.error')}
          </Text>
          <Box mt={8} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <span
              style={{
                background: theme.primary,
                color: theme.primaryText,
                borderRadius: 6,
                padding: '4px 10px',
                fontSize: 13,
              }}
            >
              {t('launch.sample.button')}
            </span>
            <span
              style={{
                background: theme.accent,
                color: ACCENT_INK,
                borderRadius: 10,
                padding: '2px 8px',
                fontSize: 11,
              }}
            >
              {t('launch.sample.badge')}
            </span>
          </Box>
        </Box>
      </Box>
      <Box px="sm" py={8} style={{ background: theme.footer, color: theme.mutedText, fontSize: 12 }}>
        <span style={{ color: theme.primary }}>{t('launch.sample.footerActive')}</span> ·{' '}
        {t('launch.sample.footer')}
      </Box>
    </Box>
  );
}
