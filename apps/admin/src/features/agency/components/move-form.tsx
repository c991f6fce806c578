import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from '../../../components/decision-modal';
import { notice } from '../../../components/notice';
import { useListParams } from '../../../lib/list-params';
import { moveMember } from '../api/agency';
import { agencyKeys } from '../api/keys';
import { membersKeys } from '../../members/api/keys';

/** Moving a member under another upline (or to the top), audited with the reason. */
export function MoveForm() {
  const { t } = useTranslation();
  const named = useListParams(['member'] as const).values.member;
  const [username, setUsername] = useState(named);
  const [upline, setUpline] = useState('');
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  return (
    <Stack maw={520}>
      <Text size="sm" c="dimmed">
        {t('agency.moveHelp')}
      </Text>
      <TextInput
        label={t('agency.member')}
        value={username}
        onChange={(e) => setUsername(e.currentTarget.value)}
      />
      <TextInput
        label={t('agency.newUpline')}
        description={t('agency.newUplineHelp')}
        value={upline}
        onChange={(e) => setUpline(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button disabled={!username.trim()} onClick={() => setAsking(true)}>
          {t('agency.move')}
        </Button>
      </Group>
      <DecisionModal
        opened={asking}
        title={t('agency.moveTitle')}
        summary={
          <Text size="sm">
            {t('agency.moveSummary', { member: username.trim(), upline: upline.trim() || t('agency.top') })}
          </Text>
        }
        confirmLabel={t('agency.move')}
        reasonRequired
        onClose={() => setAsking(false)}
        onConfirm={async ({ reason }) => {
          const r = await moveMember({ username: username.trim(), upline: upline.trim() || null, reason });
          notice('green', t('agency.moved', { member: r.username, upline: r.upline ?? t('agency.top') }));
          // The tree and the member's profile and search rows show the upline.
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: agencyKeys.agentTree() }),
            queryClient.invalidateQueries({ queryKey: membersKeys.members() }),
            queryClient.invalidateQueries({ queryKey: membersKeys.searches() }),
          ]);
          setUsername('');
          setUpline('');
        }}
      />
    </Stack>
  );
}
