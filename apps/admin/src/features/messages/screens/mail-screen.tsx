import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAIL_AUDIENCES, MAIL_LIMITS, type MailAudience } from '@panalo/contract/mail-rules';
import type { SendMailRequest } from '@panalo/contract/mail';
import { DecisionModal } from '../../../components/decision-modal';
import { notice } from '../../../components/notice';
import { sendMail } from '../api/mail';

const TYPES = [
  { value: '0', key: 'player' },
  { value: '1', key: 'agent' },
] as const;

/** Splits what staff type (commas, spaces or lines) into names. */
const names = (s: string) => [...new Set(s.split(/[\s,;]+/).filter(Boolean))];

/**
 * Mail to members: named members, VIP levels, an agent's team, member types or everyone. The body is
 * HTML the server sanitises; the preview runs nothing. Sending asks first and carries one key per
 * intent, so a retry after a lost answer never sends it twice.
 */
export function MailScreen() {
  const { t } = useTranslation();
  const [audience, setAudience] = useState<MailAudience>('members');
  // From a member's profile: /mail?to=username.
  const [params] = useSearchParams();
  const [usernames, setUsernames] = useState(params.get('to') ?? '');
  const [vip, setVip] = useState<string[]>([]);
  const [agent, setAgent] = useState('');
  const [types, setTypes] = useState<string[]>([]);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const request = (): SendMailRequest => ({
    audience,
    usernames: audience === 'members' ? names(usernames) : [],
    vipLevels: audience === 'vip' ? vip.map(Number) : [],
    ...(audience === 'team' ? { agent: agent.trim() } : {}),
    memberTypes: audience === 'types' ? types.map(Number) : [],
    title: title.trim(),
    body,
  });
  const check = () => {
    const r = request();
    const nobody =
      (r.audience === 'members' && r.usernames?.length === 0) ||
      (r.audience === 'vip' && r.vipLevels?.length === 0) ||
      (r.audience === 'team' && !r.agent) ||
      (r.audience === 'types' && r.memberTypes?.length === 0);
    if (nobody) return t('mail.needAudience');
    if (!r.title || !r.body.trim()) return t('mail.needText');
    return null;
  };
  const who = () =>
    audience === 'members'
      ? t('mail.toMembers', { count: names(usernames).length })
      : audience === 'vip'
        ? t('mail.toVip', { levels: vip.join(', ') })
        : audience === 'team'
          ? t('mail.toTeam', { agent: agent.trim() })
          : audience === 'types'
            ? t('mail.toTypes', {
                types: types.map((x) => t(`mail.type.${TYPES.find((y) => y.value === x)!.key}`)).join(', '),
              })
            : t('mail.toAll');

  return (
    <Stack maw={860}>
      <Title order={1} size="h2">
        {t('nav.mail')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('mail.intro')}
      </Text>
      <Select
        label={t('mail.audience')}
        value={audience}
        onChange={(v) => v && setAudience(v)}
        data={MAIL_AUDIENCES.map((a) => ({ value: a, label: t(`mail.audiences.${a}`) }))}
        allowDeselect={false}
      />
      {audience === 'members' && (
        <Textarea
          label={t('mail.usernames')}
          description={t('mail.usernamesHelp', { max: MAIL_LIMITS.maxMembers })}
          value={usernames}
          onChange={(e) => setUsernames(e.currentTarget.value)}
          autosize
          minRows={2}
        />
      )}
      {audience === 'vip' && (
        <MultiSelect
          label={t('mail.vipLevels')}
          value={vip}
          onChange={setVip}
          data={Array.from({ length: 11 }, (_, i) => ({ value: String(i), label: `VIP ${i}` }))}
        />
      )}
      {audience === 'team' && (
        <TextInput label={t('mail.agent')} value={agent} onChange={(e) => setAgent(e.currentTarget.value)} />
      )}
      {audience === 'types' && (
        <MultiSelect
          label={t('mail.memberTypes')}
          value={types}
          onChange={setTypes}
          data={TYPES.map((x) => ({ value: x.value, label: t(`mail.type.${x.key}`) }))}
        />
      )}
      <TextInput
        label={t('mail.title')}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        maxLength={MAIL_LIMITS.titleMax}
      />
      <Textarea
        label={t('mail.body')}
        description={t('mail.bodyHelp')}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        maxLength={MAIL_LIMITS.bodyMax}
        autosize
        minRows={5}
        ff="monospace"
      />
      <Text size="sm" fw={600}>
        {t('mail.preview')}
      </Text>
      <iframe
        title={t('mail.preview')}
        sandbox=""
        srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:sans-serif;font-size:14px;margin:8px">${body}</body>`}
        style={{ width: '100%', height: 180, border: '1px solid #ced4da', borderRadius: 4 }}
      />
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          onClick={() => {
            const p = check();
            setProblem(p);
            if (!p) setAsking(true);
          }}
        >
          {t('mail.send')}
        </Button>
      </Group>
      <DecisionModal
        opened={asking}
        title={t('mail.sendTitle')}
        summary={<Text size="sm">{t('mail.sendSummary', { title: title.trim(), who: who() })}</Text>}
        confirmLabel={t('mail.send')}
        reason={false}
        onClose={() => setAsking(false)}
        onConfirm={async ({ key }) => {
          const r = await sendMail(request(), key);
          notice('green', t('mail.sent', { count: r.recipients }));
          setTitle('');
          setBody('');
          setUsernames('');
        }}
      />
    </Stack>
  );
}
