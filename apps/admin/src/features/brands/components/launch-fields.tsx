import { Text, Title } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { LaunchRegistrationField, RegistrationChoice } from '@panalo/contract/provider-rules';
import type { Catalogue } from '../rules/catalogue';
import type { LaunchField, LaunchForm, LaunchStep } from '../rules/launch-form';

/** The translated problem of each field of the launch form that has one. */
export type FieldErrors = Partial<Record<LaunchField, string>>;

/** What every step of the launch form receives. */
export interface StepProps {
  form: LaunchForm;
  change: (patch: Partial<LaunchForm>) => void;
  errors: FieldErrors;
}

/**
 * The id of a field's input (the first one of a group): its label points at it, and a refused "Next" or
 * submit moves the focus to it.
 */
export const fieldId = (field: LaunchField): string =>
  field === 'theme' ? 'launch-theme-primary' : `launch-${field.replace('.', '-')}`;

/**
 * A step's heading and what the step is for. The heading takes the focus when the step opens (tabIndex
 * -1), so a keyboard or screen reader user hears where they are.
 */
export function StepHeading({
  step,
  headingRef,
}: {
  step: LaunchStep;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ outlineOffset: 4 }}>
        {t(`launch.steps.${step}`)}
      </Title>
      <Text size="sm" c="dimmed">
        {t(`launch.intro.${step}`)}
      </Text>
    </div>
  );
}

/**
 * The template brand chosen in the owner step, as far as it is loaded (its modules, games and deposit
 * methods: what the form's choices left alone stand for).
 */
export interface TemplateState {
  code: string;
  detail:
    | {
        modules: Partial<Record<string, boolean>>;
        lotteryGames: string[];
        vendors: string[];
        hiddenGames: number;
        depositMethods: { code: string; enabled: boolean }[];
        registration: Record<LaunchRegistrationField, RegistrationChoice>;
      }
    | undefined;
  pending: boolean;
  error: unknown;
  retry: () => void;
}

/** The platform's catalogue (vendors, games, lottery, deposit methods), as far as it is loaded. */
export interface CatalogueState {
  data: Catalogue | undefined;
  pending: boolean;
  error: unknown;
  retry: () => void;
}
