import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/list-states';
import { effectiveModules, MODULE_GROUPS } from '../rules/modules';
import { fieldId, type StepProps, type TemplateState } from './launch-fields';

/**
 * Step 4: the modules (the site's white-label switches, by group) and the lottery games sold. Left
 * alone, both come from the template brand chosen in step 5, or are all on; changing one keeps the
 * choice whatever the template.
 */
export function ModulesStep({
  form,
  change,
  errors,
  template,
}: StepProps & { template: TemplateState | null }) {
  const { t } = useTranslation();
  const loading = template !== null && !template.detail;
  const modules = effectiveModules(form.modules, template?.detail ?? null);
  const templateGames = template?.detail?.lotteryGames;
  return (
    <Stack>
      {errors.modules && (
        <Alert color="red" role="alert">
          {errors.modules}
        </Alert>
      )}
      {template && <LoadState pending={template.pending} error={template.error} onRetry={template.retry} />}
      <Text size="sm" role="status">
        {form.modules
          ? t('launch.modulesChosen')
          : template
            ? t('launch.modulesFromTemplate', { code: template.code })
            : t('launch.modulesAllOn')}
      </Text>
      {form.modules && (
        <Group>
          <Button size="xs" variant="default" onClick={() => change({ modules: null })}>
            {template ? t('launch.modulesResetTemplate', { code: template.code }) : t('launch.modulesReset')}
          </Button>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {MODULE_GROUPS.map((g, gi) => (
          <Fieldset key={g.key} legend={t(`launch.moduleGroup.${g.key}`)} disabled={loading && !form.modules}>
            <Stack gap="xs">
              {g.flags.map((flag, fi) => (
                <Checkbox
                  key={flag}
                  id={gi === 0 && fi === 0 ? fieldId('modules') : undefined}
                  label={t(`site.flags.${flag}`)}
                  description={flag}
                  checked={modules[flag]}
                  onChange={(e) => change({ modules: { ...modules, [flag]: e.currentTarget.checked } })}
                />
              ))}
            </Stack>
          </Fieldset>
        ))}
      </SimpleGrid>
      <Fieldset legend={t('launch.lottery')}>
        <Stack gap="xs">
          <Switch
            label={t('launch.lotteryChoose')}
            checked={form.lotteryGames !== null}
            onChange={(e) =>
              change({ lotteryGames: e.currentTarget.checked ? [...(templateGames ?? [])] : null })
            }
          />
          {form.lotteryGames === null ? (
            <Text size="sm">
              {template
                ? templateGames
                  ? t('launch.lotteryFromTemplate', {
                      code: template.code,
                      games: templateGames.join(', ') || t('launch.none'),
                    })
                  : t('launch.lotteryFromTemplateLoading', { code: template.code })
                : t('launch.lotteryAll')}
            </Text>
          ) : (
            <TagsInput
              id={fieldId('lotteryGames')}
              label={t('launch.lotteryGames')}
              description={t('launch.lotteryGamesHelp')}
              data={templateGames ?? []}
              value={form.lotteryGames}
              onChange={(v) => change({ lotteryGames: [...new Set(v.map((g) => g.trim().toUpperCase()))] })}
              error={errors.lotteryGames}
              splitChars={[',', ' ']}
              maxTags={30}
              clearable
            />
          )}
          {form.lotteryGames?.length === 0 && (
            <Alert color="yellow" role="status">
              {t('launch.lotteryNone')}
            </Alert>
          )}
        </Stack>
      </Fieldset>
    </Stack>
  );
}
