import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../components/notice';
import { setMaintenanceWindow, type BrandDetail } from '../api/brands';
import { brandKeys } from '../api/keys';
import {
  emptyWindow,
  formatInZone,
  windowFormOf,
  windowProblems,
  windowRequest,
  windowState,
  type WindowField,
  type WindowForm,
} from '../rules/maintenance-window';
import { Facts } from './facts';
import { refusalText } from './refusal-text';
import { WindowFields } from './window-fields';

const IDS: Record<WindowField, string> = {
  startsAt: 'window-startsAt',
  endsAt: 'window-endsAt',
  message: 'window-message',
};
const STATE_COLOR = { planned: 'blue', running: 'yellow', over: 'gray' } as const;

/**
 * The brand's planned maintenance window (its players see the maintenance page with its message and end
 * time between its start and its end), in the brand's time zone; a role that launches brands sets it or
 * clears it (`PUT …/maintenance`). A closed brand's window is only shown.
 */
export function BrandMaintenance({ brand, canLaunch }: { brand: BrandDetail; canLaunch: boolean }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const zone = brand.timeZone;
  const now = brand.maintenanceWindow;
  const [form, setForm] = useState<WindowForm>(() => (now ? windowFormOf(now, zone) : emptyWindow()));
  const [errors, setErrors] = useState<Partial<Record<WindowField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'clear' | null>(null);
  const at = (iso: string) => formatInZone(iso, zone, i18n.language);
  // The clock the window's state is read against, moved on each minute (planned → under way → over).
  const [clock, setClock] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setClock(Date.now()), 60_000);
    return () => clearInterval(tick);
  }, []);

  const send = async (window: ReturnType<typeof windowRequest> | null) => {
    setBusy(window ? 'save' : 'clear');
    setRefusal(null);
    try {
      const next = await setMaintenanceWindow(brand.code, window);
      client.setQueryData(brandKeys.detail(brand.code), next);
      await client.invalidateQueries({ queryKey: brandKeys.detail(brand.code) });
      if (!window) setForm(emptyWindow());
      notice('green', t(window ? 'brand.window.saved' : 'brand.window.cleared', { name: brand.name }));
    } catch (err) {
      setRefusal(refusalText(err));
    } finally {
      setBusy(null);
    }
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    const problems = windowProblems(form, zone);
    setErrors(Object.fromEntries(problems.map((p) => [p.field, t(p.key, p.values ?? {})])));
    if (problems[0]) {
      document.getElementById(IDS[problems[0].field])?.focus();
      return;
    }
    void send(windowRequest(form, zone));
  };

  const state = now ? windowState(now, clock) : null;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4">
            {t('brand.window.title')}
          </Title>
          {state && (
            <Badge variant="light" color={STATE_COLOR[state]}>
              {t(`brand.window.state.${state}`)}
            </Badge>
          )}
        </Group>
        {now ? (
          <Facts
            rows={[
              { label: t('brand.window.startsAt'), value: `${at(now.startsAt)} (${zone})` },
              { label: t('brand.window.endsAt'), value: `${at(now.endsAt)} (${zone})` },
              { label: t('brand.window.message'), value: now.message ?? '—' },
            ]}
          />
        ) : (
          <Text size="sm" c="dimmed" data-testid="brand-window-none">
            {t('brand.window.none')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('brand.window.means')}
        </Text>
        {canLaunch && brand.status !== 'closed' && (
          <form onSubmit={save} noValidate aria-label={t('brand.window.formLabel')}>
            <Stack gap="sm">
              <WindowFields
                value={form}
                onChange={(w) => {
                  setForm(w);
                  setErrors({});
                }}
                timeZone={zone}
                errors={errors}
                ids={IDS}
              />
              {refusal && (
                <Alert color="red" role="alert">
                  {refusal}
                </Alert>
              )}
              <Group gap="xs">
                <Button type="submit" loading={busy === 'save'} disabled={busy !== null}>
                  {now ? t('brand.window.change') : t('brand.window.set')}
                </Button>
                {now && (
                  <Button
                    variant="default"
                    loading={busy === 'clear'}
                    disabled={busy !== null}
                    onClick={() => void send(null)}
                  >
                    {t('brand.window.clear')}
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
