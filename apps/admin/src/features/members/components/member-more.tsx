import { Alert, Button, Code, Group, Modal, Stack, Table, Tabs, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from '../../../components/decision-modal';
import { LoadState, scrollRegion } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import { membersKeys } from '../api/keys';
import { addMemberNote, getMemberActivity, getMemberNotes, resetMemberPassword } from '../api/members';

interface Col<T> {
  title: string;
  right?: boolean;
  cell: (row: T) => ReactNode;
}

/** A small table of the latest rows (no paging: the API gives the newest 50). */
function Latest<T extends { id: string }>(props: {
  caption: string;
  rows: T[];
  cols: Col<T>[];
  empty: string;
}) {
  if (props.rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {props.empty}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640} scrollAreaProps={scrollRegion(props.caption)}>
      <Table striped>
        <Table.Caption>{props.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {props.cols.map((c) => (
              <Table.Th key={c.title} scope="col" style={c.right ? { textAlign: 'right' } : undefined}>
                {c.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((r) => (
            <Table.Tr key={r.id}>
              {props.cols.map((c) => (
                <Table.Td key={c.title} style={c.right ? { textAlign: 'right' } : undefined}>
                  {c.cell(r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The member's latest lottery bets, game rounds, bonuses and turnover requirements. */
export function MemberActivity({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: membersKeys.activity(memberId),
    queryFn: () => getMemberActivity(memberId),
  });
  const when = (iso: string) => formatTime(iso, i18n.language);
  const a = query.data;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('member360.activity')}
      </Title>
      <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {a && (
        <Tabs defaultValue="lottery">
          <Tabs.List>
            <Tabs.Tab value="lottery">{t('member360.lottery', { count: a.lottery.length })}</Tabs.Tab>
            <Tabs.Tab value="rounds">{t('member360.rounds', { count: a.rounds.length })}</Tabs.Tab>
            <Tabs.Tab value="bonuses">{t('member360.bonuses', { count: a.bonuses.length })}</Tabs.Tab>
            <Tabs.Tab value="turnover">{t('member360.turnover', { count: a.turnover.length })}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="lottery" pt="sm">
            <Latest
              caption={t('member360.lotteryCaption')}
              rows={a.lottery}
              empty={t('member360.none')}
              cols={[
                { title: t('audit.time'), cell: (b) => when(b.createdAt) },
                { title: t('member360.game'), cell: (b) => `${b.gameCode} · ${b.numero}` },
                { title: t('member360.bet'), cell: (b) => `${b.betType}: ${b.selection}` },
                { title: t('member360.stake'), right: true, cell: (b) => displayAmount(b.stake) },
                { title: t('member360.payout'), right: true, cell: (b) => displayAmount(b.payout) },
                {
                  title: t('cashier.status'),
                  cell: (b) => `${b.status}${b.book === 'real' ? '' : ` (${b.book})`}`,
                },
              ]}
            />
          </Tabs.Panel>
          <Tabs.Panel value="rounds" pt="sm">
            <Latest
              caption={t('member360.roundsCaption')}
              rows={a.rounds}
              empty={t('member360.none')}
              cols={[
                { title: t('audit.time'), cell: (r) => when(r.startedAt) },
                { title: t('member360.game'), cell: (r) => `${r.vendor} · ${r.gameCode ?? '—'}` },
                { title: t('member360.stake'), right: true, cell: (r) => displayAmount(r.bet) },
                { title: t('member360.win'), right: true, cell: (r) => displayAmount(r.win) },
                { title: t('member360.refund'), right: true, cell: (r) => displayAmount(r.refund) },
                { title: t('cashier.status'), cell: (r) => r.status },
              ]}
            />
          </Tabs.Panel>
          <Tabs.Panel value="bonuses" pt="sm">
            <Latest
              caption={t('member360.bonusesCaption')}
              rows={a.bonuses}
              empty={t('member360.none')}
              cols={[
                { title: t('audit.time'), cell: (c) => when(c.createdAt) },
                { title: t('promotions.promotion'), cell: (c) => c.promotion },
                { title: t('promotions.amount'), right: true, cell: (c) => displayAmount(c.amount) },
                { title: t('cashier.status'), cell: (c) => c.status },
              ]}
            />
          </Tabs.Panel>
          <Tabs.Panel value="turnover" pt="sm">
            <Latest
              caption={t('member360.turnoverCaption')}
              rows={a.turnover}
              empty={t('member360.none')}
              cols={[
                { title: t('audit.time'), cell: (w) => when(w.createdAt) },
                { title: t('member360.source'), cell: (w) => w.source },
                {
                  title: t('member360.done'),
                  right: true,
                  cell: (w) => `${displayAmount(w.done)} / ${displayAmount(w.required)}`,
                },
                { title: t('cashier.status'), cell: (w) => t(`member360.states.${w.state}`) },
              ]}
            />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

/** The staff's notes on the member, newest first, and a new one (with members.write). */
export function MemberNotes({ memberId, canWrite }: { memberId: string; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: membersKeys.notes(memberId),
    queryFn: () => getMemberNotes(memberId),
  });
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return setError(t('member360.noteEmpty'));
    setBusy(true);
    setError(null);
    try {
      await addMemberNote(memberId, body.trim());
      setBody('');
      await queryClient.invalidateQueries({ queryKey: membersKeys.notes(memberId) });
    } catch (err) {
      setError(errorText(err instanceof ApiError ? err.code : 'unknown_error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('member360.notes')}
      </Title>
      {canWrite && (
        <form onSubmit={(e) => void add(e)} noValidate aria-label={t('member360.addNote')}>
          <Stack gap="xs">
            <Textarea
              label={t('member360.note')}
              description={t('member360.noteHelp')}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={2}
            />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group>
              <Button type="submit" size="xs" loading={busy}>
                {t('member360.addNote')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {query.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('member360.noNotes')}
        </Text>
      )}
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {query.data?.map((n) => (
          <li key={n.id} data-testid="member-note">
            <Text size="xs" c="dimmed">
              {n.staff} · {formatTime(n.createdAt, i18n.language)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {n.body}
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** A temporary password for the member, shown once to the staff member who asked for it. */
export function PasswordReset({ memberId, username }: { memberId: string; username: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  return (
    <>
      <Button variant="default" onClick={() => setAsking(true)}>
        {t('member360.resetPassword')}
      </Button>
      <DecisionModal
        opened={asking}
        title={t('member360.resetTitle', { username })}
        summary={t('member360.resetSummary')}
        confirmLabel={t('member360.resetPassword')}
        reasonRequired
        reasonHelp={t('member360.reasonHelp')}
        onClose={() => setAsking(false)}
        onConfirm={async ({ reason }) => {
          const r = await resetMemberPassword(memberId, reason);
          setPassword(r.temporaryPassword);
          notice('green', t('member360.resetDone', { username }));
          await queryClient.invalidateQueries({ queryKey: membersKeys.member(memberId) });
        }}
      />
      <Modal
        opened={password !== null}
        onClose={() => setPassword(null)}
        title={t('member360.tempTitle', { username })}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text size="sm">{t('member360.tempHelp')}</Text>
          <Code block fz="lg" data-testid="temporary-password">
            {password}
          </Code>
          <Group justify="flex-end">
            <Button onClick={() => setPassword(null)}>{t('member360.tempDone')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
