import { Alert, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/list-states';
import { effectiveModules, MODULE_GROUPS } from '../rules/modules';
import { fieldId, type StepProps, type TemplateState } from './launch-fields';

/**
 * Step 4: the modules (the site's white-label switches, by group). Left alone, they come from the
 * template brand chosen in the owner step, or are all on; changing one keeps the choice whatever the
 * template.
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
    </Stack>
  );
}
