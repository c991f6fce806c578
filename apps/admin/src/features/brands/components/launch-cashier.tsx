import {
  Checkbox,
  Fieldset,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAYMONGO_METHOD_NAMES, PAYMONGO_METHODS, type PayMongoMethod } from '@panalo/contract/payment-rules';
import { LoadState } from '../../../components/list-states';
import { effectiveChoice, switched } from '../rules/catalogue';
import type { PayMongoForm } from '../rules/launch-form';
import { emptyWindow } from '../rules/maintenance-window';
import { ChoiceList } from './choice-list';
import { fieldId, type CatalogueState, type StepProps, type TemplateState } from './launch-fields';
import { WindowFields } from './window-fields';

/**
 * Step 6: the cashier: the deposit methods switched on (left alone: the template's, or all of the
 * platform's default cashier), a PayMongo account in test mode (live keys are entered later, in the
 * brand's console), and a planned maintenance window, its times read in the brand's time zone (the market
 * step's).
 */
export function CashierStep({
  form,
  change,
  errors,
  template,
  catalogue,
}: StepProps & { template: TemplateState | null; catalogue: CatalogueState }) {
  const { t } = useTranslation();
  const data = catalogue.data;
  const fromTemplate = template
    ? (template.detail?.depositMethods.filter((m) => m.enabled).map((m) => m.code) ?? [])
    : null;
  const methods = effectiveChoice(
    form.depositMethods,
    fromTemplate,
    data?.depositMethods.map((m) => m.code) ?? [],
  );
  const payMethods: { code: PayMongoMethod; name: string }[] =
    data?.payMongoMethods ?? PAYMONGO_METHODS.map((code) => ({ code, name: PAYMONGO_METHOD_NAMES[code] }));
  const pay = form.payMongo;
  const setPay = (patch: Partial<PayMongoForm>) => pay && change({ payMongo: { ...pay, ...patch } });
  const zone = form.timeZone.trim();
  return (
    <Stack>
      <LoadState pending={catalogue.pending} error={catalogue.error} onRetry={catalogue.retry} />
      {template && <LoadState pending={template.pending} error={template.error} onRetry={template.retry} />}
      {data ? (
        <ChoiceList
          id={fieldId('depositMethods')}
          legend={t('launch.depositMethods')}
          status={
            form.depositMethods
              ? t('launch.depositChosen', { count: methods.length, total: data.depositMethods.length })
              : template
                ? t('launch.depositFromTemplate', { code: template.code, count: methods.length })
                : t('launch.depositAll', { count: methods.length })
          }
          items={data.depositMethods.map((m) => ({
            value: m.code,
            label: m.name,
            description: m.provider ? `${m.code} · ${m.provider}` : m.code,
          }))}
          values={methods}
          chosen={form.depositMethods !== null}
          onChange={(v) => change({ depositMethods: v })}
          resetLabel={
            template ? t('launch.choiceResetTemplate', { code: template.code }) : t('launch.choiceReset')
          }
          disabled={template !== null && !template.detail && form.depositMethods === null}
          error={errors.depositMethods}
        />
      ) : catalogue.error ? (
        <Text size="sm">{t('launch.catalogueMissing')}</Text>
      ) : null}
      <Fieldset legend={t('launch.payMongoTitle')}>
        <Stack gap="sm">
          <Switch
            label={t('launch.payMongoConnect')}
            description={t('launch.payMongoHelp')}
            checked={pay !== null}
            onChange={(e) =>
              change({
                payMongo: e.currentTarget.checked
                  ? { secretKey: '', webhookSecret: '', apiUrl: '', methods: payMethods.map((m) => m.code) }
                  : null,
              })
            }
          />
          {pay && (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PasswordInput
                  id={fieldId('payMongo.secretKey')}
                  label={t('launch.payMongoSecretKey')}
                  description={t('launch.payMongoSecretKeyHelp')}
                  placeholder="sk_test_…"
                  value={pay.secretKey}
                  onChange={(e) => setPay({ secretKey: e.currentTarget.value.trim() })}
                  error={errors['payMongo.secretKey']}
                  visibilityToggleButtonProps={{ 'aria-label': t('launch.showSecret') }}
                  autoComplete="off"
                  required
                />
                <PasswordInput
                  id={fieldId('payMongo.webhookSecret')}
                  label={t('launch.payMongoWebhookSecret')}
                  description={t('launch.payMongoWebhookSecretHelp')}
                  placeholder="whsk_…"
                  value={pay.webhookSecret}
                  onChange={(e) => setPay({ webhookSecret: e.currentTarget.value.trim() })}
                  error={errors['payMongo.webhookSecret']}
                  visibilityToggleButtonProps={{ 'aria-label': t('launch.showSecret') }}
                  autoComplete="off"
                  required
                />
              </SimpleGrid>
              <TextInput
                id={fieldId('payMongo.apiUrl')}
                type="url"
                label={t('launch.payMongoApiUrl')}
                description={t('launch.payMongoApiUrlHelp')}
                placeholder="https://api.paymongo.com"
                value={pay.apiUrl}
                onChange={(e) => setPay({ apiUrl: e.currentTarget.value })}
                error={errors['payMongo.apiUrl']}
                maxLength={200}
                autoComplete="off"
              />
              <Fieldset legend={t('launch.payMongoMethods')} variant="unstyled">
                <Group gap="md">
                  {payMethods.map((m, i) => (
                    <Checkbox
                      key={m.code}
                      id={i === 0 ? fieldId('payMongo.methods') : undefined}
                      label={m.name}
                      checked={pay.methods.includes(m.code)}
                      onChange={(e) =>
                        setPay({
                          methods: switched(pay.methods, [m.code], e.currentTarget.checked, PAYMONGO_METHODS),
                        })
                      }
                    />
                  ))}
                </Group>
                {errors['payMongo.methods'] && (
                  <Text size="sm" c="red" role="alert" mt={4}>
                    {errors['payMongo.methods']}
                  </Text>
                )}
              </Fieldset>
            </>
          )}
        </Stack>
      </Fieldset>
      <Fieldset legend={t('launch.windowTitle')}>
        <Stack gap="sm">
          <Switch
            label={t('launch.windowPlan')}
            description={t('launch.windowHelp')}
            checked={form.maintenanceWindow !== null}
            onChange={(e) => change({ maintenanceWindow: e.currentTarget.checked ? emptyWindow() : null })}
          />
          {form.maintenanceWindow && (
            <WindowFields
              value={form.maintenanceWindow}
              onChange={(w) => change({ maintenanceWindow: w })}
              timeZone={zone}
              errors={{
                startsAt: errors['maintenanceWindow.startsAt'],
                endsAt: errors['maintenanceWindow.endsAt'],
                message: errors['maintenanceWindow.message'],
              }}
              ids={{
                startsAt: fieldId('maintenanceWindow.startsAt'),
                endsAt: fieldId('maintenanceWindow.endsAt'),
                message: fieldId('maintenanceWindow.message'),
              }}
            />
          )}
        </Stack>
      </Fieldset>
    </Stack>
  );
}
