import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/list-states';
import { effectiveChoice } from '../rules/catalogue';
import { ChoiceList } from './choice-list';
import { fieldId, type CatalogueState, type StepProps, type TemplateState } from './launch-fields';
import { VendorGames } from './launch-vendor-games';

/**
 * Step 5: the games: the vendors of the platform's catalogue the brand's players see (by category), the
 * games hidden of the vendors shown, and the lottery games sold. Left alone (null), each comes from the
 * template brand chosen in the owner step, or is everything (no game hidden); changing one keeps the
 * choice whatever the template.
 */
export function GamesStep({
  form,
  change,
  errors,
  template,
  catalogue,
}: StepProps & { template: TemplateState | null; catalogue: CatalogueState }) {
  const { t } = useTranslation();
  const data = catalogue.data;
  const loading = template !== null && !template.detail;
  const fromTemplate = <T,>(pick: (d: NonNullable<TemplateState['detail']>) => T[]) =>
    template ? (template.detail ? pick(template.detail) : []) : null;
  const vendors = effectiveChoice(
    form.vendors,
    fromTemplate((d) => d.vendors),
    data?.vendors.map((v) => v.code) ?? [],
  );
  const lottery = effectiveChoice(
    form.lotteryGames,
    fromTemplate((d) => d.lotteryGames),
    data?.lottery.map((l) => l.code) ?? [],
  );
  // What a choice left alone stands for, in words.
  const leftAlone = (fromTemplateKey: string, allKey: string, count: number) =>
    template ? t(fromTemplateKey, { code: template.code, count }) : t(allKey, { count });
  return (
    <Stack>
      <LoadState pending={catalogue.pending} error={catalogue.error} onRetry={catalogue.retry} />
      {template && <LoadState pending={template.pending} error={template.error} onRetry={template.retry} />}
      {!data ? (
        catalogue.error ? (
          <Text size="sm">{t('launch.catalogueMissing')}</Text>
        ) : null
      ) : (
        <>
          <ChoiceList
            id={fieldId('vendors')}
            legend={t('launch.vendors')}
            status={
              form.vendors
                ? t('launch.vendorsChosen', { count: vendors.length, total: data.vendors.length })
                : leftAlone('launch.vendorsFromTemplate', 'launch.vendorsAll', vendors.length)
            }
            items={data.vendors.map((v) => ({
              value: v.code,
              label: v.name,
              description: t('launch.vendorDescription', { code: v.code, count: v.games.length }),
              group: v.category,
            }))}
            values={vendors}
            chosen={form.vendors !== null}
            onChange={(v) => change({ vendors: v })}
            resetLabel={
              template ? t('launch.choiceResetTemplate', { code: template.code }) : t('launch.choiceReset')
            }
            disabled={loading && form.vendors === null}
            error={errors.vendors}
          />
          {form.vendors?.length === 0 && (
            <Alert color="yellow" role="status">
              {t('launch.vendorsNone')}
            </Alert>
          )}
          <VendorGames
            vendors={data.vendors.filter((v) => vendors.includes(v.code))}
            allVendors={data.vendors}
            hidden={form.hiddenGames}
            onChange={(h) => change({ hiddenGames: h })}
            vendorsChosen={form.vendors !== null}
            template={template}
            error={errors.hiddenGames}
          />
          <ChoiceList
            id={fieldId('lotteryGames')}
            legend={t('launch.lottery')}
            status={
              form.lotteryGames
                ? t('launch.lotteryChosen', { count: lottery.length, total: data.lottery.length })
                : leftAlone('launch.lotteryTemplate', 'launch.lotteryAll', lottery.length)
            }
            items={data.lottery.map((l) => ({ value: l.code, label: l.name, description: l.code }))}
            values={lottery}
            chosen={form.lotteryGames !== null}
            onChange={(v) => change({ lotteryGames: v })}
            resetLabel={
              template ? t('launch.choiceResetTemplate', { code: template.code }) : t('launch.choiceReset')
            }
            disabled={loading && form.lotteryGames === null}
            error={errors.lotteryGames}
          />
          {form.lotteryGames?.length === 0 && (
            <Alert color="yellow" role="status">
              {t('launch.lotteryNone')}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
