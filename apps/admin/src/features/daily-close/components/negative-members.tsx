import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MemberId } from './breaks-table';

/** The players below zero at the day's end (their ids; a broken day names them), as a list. */
export function NegativeMembers({ ids, link }: { ids: string[]; link: boolean }) {
  const { t } = useTranslation();
  return (
    <div data-testid="close-negative">
      <Text size="sm" fw={600} mt="xs" id="close-negative-title">
        {t('dailyClose.recon.negative')}
      </Text>
      <Group
        component="ul"
        gap="xs"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-labelledby="close-negative-title"
      >
        {ids.map((id) => (
          <Text component="li" size="sm" key={id}>
            <MemberId id={id} link={link} />
          </Text>
        ))}
      </Group>
    </div>
  );
}
