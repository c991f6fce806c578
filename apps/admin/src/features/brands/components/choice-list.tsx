import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { switched } from '../rules/catalogue';

export interface ChoiceItem {
  value: string;
  label: string;
  description?: string;
  /** Items of one group are shown under its name (a vendor's category). */
  group?: string;
}

/**
 * A choice of catalogue codes with the launch form's "left alone" rule (as the modules): the boxes show
 * what applies now (the choice made, the template's, or everything); changing one makes the choice the
 * form's own, kept whatever the template; "back to …" leaves it alone again (null).
 */
export function ChoiceList(props: {
  /** The first box's id (a refused "Next" moves the focus to it). */
  id: string;
  legend: string;
  /** What applies now, in words (read out when it changes). */
  status: string;
  items: ChoiceItem[];
  /** The codes ticked: the effective choice. */
  values: string[];
  /** Whether the choice is the form's own (a reset is offered). */
  chosen: boolean;
  onChange: (values: string[] | null) => void;
  resetLabel: string;
  disabled?: boolean;
  error?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const order = props.items.map((i) => i.value);
  // A code the template holds and the catalogue does not is still shown, as itself.
  const extra: ChoiceItem[] = props.values
    .filter((v) => !order.includes(v))
    .map((v) => ({ value: v, label: v, description: t('launch.choice.notInCatalogue') }));
  const items = [...props.items, ...extra];
  const groups = [...new Set(items.map((i) => i.group ?? ''))];
  // Groups come in the order of their first item: the first box shown is the first item.
  const box = (i: ChoiceItem) => {
    return (
      <Checkbox
        key={i.value}
        id={i === items[0] ? props.id : undefined}
        label={i.label}
        description={i.description}
        checked={props.values.includes(i.value)}
        onChange={(e) => props.onChange(switched(props.values, [i.value], e.currentTarget.checked, order))}
      />
    );
  };
  return (
    <Fieldset legend={props.legend} disabled={props.disabled}>
      <Stack gap="xs">
        <Text size="sm" role="status">
          {props.status}
        </Text>
        {props.error && (
          <Text size="sm" c="red" role="alert">
            {props.error}
          </Text>
        )}
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('launch.choice.empty')}
          </Text>
        ) : (
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => props.onChange(switched(props.values, order, true, order))}
            >
              {t('launch.choice.all')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => props.onChange([])}>
              {t('launch.choice.none')}
            </Button>
            {props.chosen && (
              <Button size="compact-sm" variant="subtle" onClick={() => props.onChange(null)}>
                {props.resetLabel}
              </Button>
            )}
          </Group>
        )}
        {groups.map((g) => (
          <Stack key={g} gap={6}>
            {g && (
              <Text size="sm" fw={600}>
                {g}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs" verticalSpacing="xs">
              {items.filter((i) => (i.group ?? '') === g).map(box)}
            </SimpleGrid>
          </Stack>
        ))}
        {props.children}
      </Stack>
    </Fieldset>
  );
}
