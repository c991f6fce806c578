import { Button, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { displayCurrency } from '@panalo/contract/money';
import { DecisionModal } from '../../../components/decision-modal';
import { notice } from '../../../components/notice';
import type { ReconBreak } from '../api/get-reconciliation';
import { useResolveBreak } from '../api/resolve-break';
import {
  magnitude,
  REASON_MAX,
  reasonProblem,
  RESOLUTIONS,
  resolutionAllowed,
  type ReasonProblem,
  type Resolution,
} from '../rules/recon';

const PROBLEM_TEXT: Record<ReasonProblem, string> = {
  short: 'dailyClose.recon.resolve.reasonShort',
  long: 'dailyClose.recon.resolve.reasonLong',
  control: 'dailyClose.recon.resolve.reasonControl',
};

/**
 * Resolving an open break (`close.sign`): the resolution (credit only when the member is owed money,
 * debit only when they hold money they are not owed, explained always: each choice says what it moves,
 * a refused one why), a reason of 3 to 200 characters (counted), then the question (`DecisionModal`,
 * one Idempotency-Key per intent). A refusal shows in the dialog in the staff member's words.
 */
export function ResolveBreak({ brk, currency }: { brk: ReconBreak; currency: string }) {
  const { t } = useTranslation();
  const [resolution, setResolution] = useState<Resolution | null>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [asking, setAsking] = useState(false);
  const { resolve, settle } = useResolveBreak(brk.id, brk.day);
  const amount = displayCurrency(magnitude(brk.owed), currency);
  const problem = reasonProblem(reason);
  const chosen = resolution !== null && resolutionAllowed(resolution, brk.owed) ? resolution : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (chosen && !problem) setAsking(true);
  };
  const help = (r: Resolution) => {
    if (r === 'explained') return t('dailyClose.recon.resolve.explainedHelp');
    return resolutionAllowed(r, brk.owed)
      ? t(`dailyClose.recon.resolve.${r}Help`, { amount })
      : t(`dailyClose.recon.resolve.${r}Off`);
  };
  const summary = (r: Resolution) =>
    r === 'explained'
      ? t('dailyClose.recon.resolve.confirmExplained')
      : t(`dailyClose.recon.resolve.${r === 'credit' ? 'confirmCredit' : 'confirmDebit'}`, {
          amount,
          member: brk.memberId ?? '',
        });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="resolve-title" data-testid="resolve-break">
      <form onSubmit={submit} noValidate>
        <Stack maw={640}>
          <Title order={2} size="h4" id="resolve-title">
            {t('dailyClose.recon.resolve.title')}
          </Title>
          <Radio.Group
            name="resolution"
            label={t('dailyClose.recon.resolve.resolution')}
            value={chosen}
            onChange={(v) => setResolution(v)}
            error={tried && !chosen ? t('dailyClose.recon.resolve.pick') : undefined}
            errorProps={{ role: 'alert' }}
            required
          >
            <Stack gap="sm" mt="xs">
              {RESOLUTIONS.map((r) => (
                <Radio
                  key={r}
                  value={r}
                  label={t(`dailyClose.recon.resolve.${r}`)}
                  description={help(r)}
                  disabled={!resolutionAllowed(r, brk.owed)}
                  data-testid={`resolve-${r}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('dailyClose.recon.resolve.reason')}
            description={
              <>
                {t('dailyClose.recon.resolve.reasonHelp')}{' '}
                <span data-testid="resolve-count">
                  {t('dailyClose.recon.resolve.count', { count: reason.length, max: REASON_MAX })}
                </span>
              </>
            }
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={tried && problem ? t(PROBLEM_TEXT[problem]) : undefined}
            errorProps={{ role: 'alert' }}
            maxLength={REASON_MAX}
            autosize
            minRows={2}
            required
          />
          <Button type="submit" style={{ alignSelf: 'flex-start' }} data-testid="resolve-submit">
            {t('dailyClose.recon.resolve.submit')}
          </Button>
        </Stack>
      </form>
      <DecisionModal
        opened={asking && chosen !== null}
        title={t('dailyClose.recon.resolve.confirmTitle', { id: brk.id })}
        summary={
          <Stack gap="xs">
            <Text size="sm">{chosen ? summary(chosen) : ''}</Text>
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {t('dailyClose.recon.break.reason')}: {reason.trim()}
            </Text>
            <Text size="sm" c="dimmed">
              {t('dailyClose.recon.resolve.confirmOnce')}
            </Text>
          </Stack>
        }
        confirmLabel={t('dailyClose.recon.resolve.confirm')}
        danger={chosen === 'debit'}
        reason={false}
        onClose={() => {
          setAsking(false);
          void settle();
        }}
        onConfirm={async ({ key }) => {
          if (!chosen) return;
          const done = await resolve({ resolution: chosen, reason: reason.trim() }, key);
          notice('green', t('dailyClose.recon.resolve.done', { id: done.id }));
        }}
      />
    </Paper>
  );
}
