import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ThemeColoursFields } from '../../../components/theme-colours';
import { PALETTE_NAMES, PALETTES, withReadableInk } from '../rules/palettes';
import { type StepProps } from './launch-fields';
import { ThemeSample } from './theme-sample';

/**
 * Step 3: the member site's ten colours, from a palette or typed, with the same contrast check the
 * server makes (unreadable pairs named as they appear) and a small picture of the site in them. The logo
 * is uploaded later, in the brand's console.
 */
export function LookStep({ form, change, errors }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Group gap="xs" role="group" aria-label={t('launch.palettes')}>
        <Text size="sm" fw={500}>
          {t('launch.palettes')}
        </Text>
        {PALETTE_NAMES.map((p) => (
          <Button
            key={p}
            size="xs"
            variant="default"
            onClick={() => change({ theme: { ...PALETTES[p] } })}
            leftSection={
              <span
                aria-hidden
                style={{
                  display: 'inline-block',
                  width: 14,
                  height: 14,
                  borderRadius: 7,
                  background: PALETTES[p].primary,
                  border: `3px solid ${PALETTES[p].background}`,
                  outline: '1px solid #868e96',
                }}
              />
            }
          >
            {t(`launch.palette.${p}`)}
          </Button>
        ))}
      </Group>
      {errors.theme && (
        <Alert color="red" role="alert">
          {errors.theme}
        </Alert>
      )}
      <Group align="flex-start" wrap="wrap" gap="xl">
        <Stack style={{ flex: '1 1 320px' }}>
          <ThemeColoursFields
            value={form.theme}
            onChange={(theme) => change({ theme })}
            idPrefix="launch-theme"
          />
          <Group>
            <Button
              variant="default"
              size="xs"
              onClick={() => change({ theme: withReadableInk(form.theme) })}
            >
              {t('launch.readableInk')}
            </Button>
          </Group>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('launch.sample.label')}
          </Text>
          <ThemeSample theme={form.theme} />
        </Stack>
      </Group>
    </Stack>
  );
}
