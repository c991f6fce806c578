import { Alert, Anchor, Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../i18n';
import { ApiError, newIdempotencyKey } from '../../../lib/provider-api';
import { getBrand, getCatalogue, launchBrand, listBrands, type LaunchedBrand } from '../api/brands';
import { brandKeys } from '../api/keys';
import { CashierStep } from '../components/launch-cashier';
import {
  fieldId,
  StepHeading,
  type CatalogueState,
  type FieldErrors,
  type TemplateState,
} from '../components/launch-fields';
import { GamesStep } from '../components/launch-games';
import { IdentityStep } from '../components/launch-identity';
import { LookStep } from '../components/launch-look';
import { MarketStep } from '../components/launch-market';
import { ModulesStep } from '../components/launch-modules';
import { OwnerStep } from '../components/launch-owner';
import { ReviewStep } from '../components/launch-review';
import { OwnerLinkCard } from '../components/owner-link';
import {
  firstProblems,
  LAUNCH_STEPS,
  launchRequest,
  newLaunchForm,
  stepOf,
  stepProblems,
  type LaunchField,
  type LaunchForm,
  type Problem,
} from '../rules/launch-form';
import { refusalField, refusedPairs } from '../rules/launch-refusals';

/**
 * Launch a brand (`brands.launch`): a form in eight steps (identity, market, look, modules, games,
 * cashier, template and owner, review); the games and cashier steps choose from the platform's catalogue. "Next" checks the step and moves the focus to its first problem; the server's refusals
 * are shown next to the field they name, or at the top. Once launched: the owner's set-up link, shown
 * once, and the brand's page.
 */
export function LaunchScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<LaunchForm>(newLaunchForm);
  const [active, setActive] = useState(0);
  const [reached, setReached] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const [launched, setLaunched] = useState<LaunchedBrand | null>(null);
  // Where the focus goes after a render: a field with a problem, the refusal, or the new step's heading.
  const [focus, setFocus] = useState<{ to: LaunchField | 'refusal' | 'heading'; n: number } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const refusalRef = useRef<HTMLDivElement>(null);

  const brands = useQuery({ queryKey: brandKeys.list(), queryFn: listBrands });
  // The catalogue changes when the platform adds a vendor or a method: rarely, so kept a while.
  const catalogueQuery = useQuery({
    queryKey: brandKeys.catalogue(),
    queryFn: getCatalogue,
    staleTime: 300_000,
  });
  const catalogue: CatalogueState = {
    data: catalogueQuery.data,
    pending: catalogueQuery.isPending,
    error: catalogueQuery.error,
    retry: () => void catalogueQuery.refetch(),
  };
  const templateQuery = useQuery({
    queryKey: brandKeys.detail(form.templateCode),
    queryFn: () => getBrand(form.templateCode),
    enabled: form.templateCode !== '',
  });
  const template: TemplateState | null = form.templateCode
    ? {
        code: form.templateCode,
        detail: templateQuery.data,
        pending: templateQuery.isPending,
        error: templateQuery.error,
        retry: () => void templateQuery.refetch(),
      }
    : null;

  useEffect(() => {
    if (!focus) return;
    if (focus.to === 'heading') heading.current?.focus();
    else if (focus.to === 'refusal') refusalRef.current?.focus();
    else document.getElementById(fieldId(focus.to))?.focus();
  }, [focus]);
  const focusOn = (to: LaunchField | 'refusal' | 'heading') => setFocus((f) => ({ to, n: (f?.n ?? 0) + 1 }));

  const change = (patch: Partial<LaunchForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    // A field changed is no longer the one refused (a PayMongo account or a window: each of its fields).
    setErrors((e) => {
      const changed = Object.keys(patch);
      return Object.fromEntries(
        Object.entries(e).filter(([k]) => !changed.some((c) => k === c || k.startsWith(`${c}.`))),
      );
    });
  };
  const show = (problems: Problem[], step: number) => {
    setErrors(Object.fromEntries(problems.map((p) => [p.field, t(p.key, p.values ?? {})])));
    setActive(step);
    if (problems[0]) focusOn(problems[0].field);
  };
  const goTo = (step: number) => {
    setActive(step);
    setReached((r) => Math.max(r, step));
    focusOn('heading');
  };
  const next = () => {
    const problems = stepProblems(form, LAUNCH_STEPS[active]!);
    if (problems.length > 0) return show(problems, active);
    setErrors({});
    goTo(active + 1);
  };

  const submit = async () => {
    setRefusal(null);
    const found = firstProblems(form);
    if (found) return show(found.problems, found.step);
    setBusy(true);
    try {
      const r = await launchBrand(launchRequest(form), key);
      // The owner's link first: it is shown this once, whatever the refresh of the lists does.
      setLaunched(r);
      void queryClient.invalidateQueries({ queryKey: brandKeys.all });
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'unknown_error';
      const value = err instanceof ApiError ? err.value : undefined;
      // Another answer to the same form is a new intent; a lost connection retries the same one.
      if (code !== 'no_network') setKey(newIdempotencyKey());
      const field = refusalField(code, value, form);
      if (field) {
        const pairs = code === 'theme_contrast' ? refusedPairs(value) : [];
        setErrors({ [field]: pairs.length ? `${errorText(code)} (${pairs.join(', ')})` : errorText(code) });
        setActive(stepOf(field));
        focusOn(field);
      } else {
        setRefusal(errorText(code));
        focusOn('refusal');
      }
    } finally {
      setBusy(false);
    }
  };

  if (launched)
    return (
      <Launched
        launched={launched}
        onAnother={() => {
          setLaunched(null);
          setForm(newLaunchForm());
          setActive(0);
          setReached(0);
          setKey(newIdempotencyKey());
        }}
      />
    );

  const step = LAUNCH_STEPS[active]!;
  const props = { form, change, errors };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('launch.title')}
        </Title>
        <Anchor component={Link} to="/provider/brands" size="sm">
          {t('launch.backToBrands')}
        </Anchor>
      </Group>
      {refusal && (
        <Alert color="red" role="alert" ref={refusalRef} tabIndex={-1}>
          {refusal}
        </Alert>
      )}
      <Stepper
        active={active}
        onStepClick={(s) => s <= reached && goTo(s)}
        allowNextStepsSelect={false}
        size="sm"
        role="group"
        aria-label={t('launch.stepsLabel')}
      >
        {LAUNCH_STEPS.map((s, i) => (
          <Stepper.Step
            key={s}
            label={t(`launch.steps.${s}`)}
            aria-current={i === active ? 'step' : undefined}
            allowStepSelect={i !== active && i <= reached}
          />
        ))}
      </Stepper>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (step === 'review') void submit();
          else next();
        }}
      >
        <Stack>
          <StepHeading step={step} headingRef={heading} />
          {step === 'identity' && <IdentityStep {...props} />}
          {step === 'market' && <MarketStep {...props} />}
          {step === 'look' && <LookStep {...props} />}
          {step === 'modules' && <ModulesStep {...props} template={template} />}
          {step === 'games' && <GamesStep {...props} template={template} catalogue={catalogue} />}
          {step === 'cashier' && <CashierStep {...props} template={template} catalogue={catalogue} />}
          {step === 'owner' && <OwnerStep {...props} brands={brands.data?.list} />}
          {step === 'review' && (
            <ReviewStep form={form} template={template} catalogue={catalogue} onEdit={goTo} />
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => goTo(active - 1)} disabled={active === 0}>
              {t('launch.back')}
            </Button>
            <Button type="submit" loading={busy}>
              {step === 'review' ? t('launch.create') : t('launch.next')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** The brand launched: its owner's set-up link (shown this once), its page, or another launch. */
function Launched({ launched, onAnother }: { launched: LaunchedBrand; onAnother: () => void }) {
  const { t } = useTranslation();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <Stack>
      <Title order={1} size="h2" ref={title} tabIndex={-1}>
        {t('launch.doneTitle', { name: launched.brand.name })}
      </Title>
      <Text>{t('launch.done', { code: launched.brand.code })}</Text>
      <OwnerLinkCard link={launched.owner} />
      <Group>
        <Button component={Link} to={`/provider/brands/${encodeURIComponent(launched.brand.code)}`}>
          {t('launch.openBrand')}
        </Button>
        <Button variant="default" onClick={onAnother}>
          {t('launch.another')}
        </Button>
      </Group>
    </Stack>
  );
}
