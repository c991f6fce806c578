import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { StaffMe } from '@panalo/contract/staff';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { useBreak } from '../api/get-break';
import { BreakFacts, ResolutionFacts } from '../components/break-facts';
import { BreakStory } from '../components/break-story';
import { ResolveBreak } from '../components/resolve-break';
import { isBreakId, mayResolve } from '../rules/recon';

/**
 * One reconciliation break (`daily-close/breaks/:id`): its facts, both sides and the ledger's legs;
 * for `close.sign` on an open break the resolve form, and once resolved who, when, why and what moved.
 */
export function ReconBreakScreen({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const valid = isBreakId(id);
  const query = useBreak(id, valid);
  const story = query.data;
  const failure = query.error;
  const brk = story?.break;

  return (
    <Stack>
      <Group gap="lg">
        <Anchor component={Link} to="/daily-close/breaks" size="sm">
          {t('dailyClose.recon.break.back')}
        </Anchor>
        {brk && (
          <Anchor component={Link} to={`/daily-close/${brk.day}`} size="sm">
            {t('dailyClose.recon.break.dayLink', { day: brk.day })}
          </Anchor>
        )}
      </Group>
      <Title order={1} size="h2">
        {t('dailyClose.recon.break.title', { id })}
      </Title>
      {!valid ? (
        <Alert color="red" role="alert">
          {t('dailyClose.recon.break.badId')}
        </Alert>
      ) : failure ? (
        failure instanceof ApiError && failure.code === 'recon_break_unknown' ? (
          <Alert color="gray" role="alert" data-testid="break-unknown">
            {errorText('recon_break_unknown')}
          </Alert>
        ) : (
          <Alert color="red" role="alert" title={t('dailyClose.recon.break.loadFailed')}>
            <Group justify="space-between">
              <Text size="sm">{errorText(failure instanceof ApiError ? failure.code : 'unknown_error')}</Text>
              <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </Button>
            </Group>
          </Alert>
        )
      ) : !story || !brk ? (
        <Loader role="status" aria-label={t('common.loading')} />
      ) : (
        <>
          <BreakFacts brk={brk} currency={me.currency} memberLink={me.permissions.includes('members.read')} />
          {brk.status === 'resolved' ? (
            <Stack gap="xs" component="section" aria-labelledby="break-resolution-title">
              <Title order={2} size="h4" id="break-resolution-title">
                {t('dailyClose.recon.break.resolutionTitle')}
              </Title>
              <ResolutionFacts brk={brk} currency={me.currency} />
            </Stack>
          ) : (
            mayResolve(me.permissions, brk) && <ResolveBreak brk={brk} currency={me.currency} />
          )}
          <BreakStory story={story} />
        </>
      )}
    </Stack>
  );
}
