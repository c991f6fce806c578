import { Alert, Button, Radio, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../components/notice';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { useDecideCase, type AmlCase } from '../api/cases';
import { decisionsFor, NOTE_MAX, noteProblem, type AmlDecision } from '../rules/cases';

const NOTE_TEXT = {
  short: 'aml.decide.noteShort',
  long: 'aml.decide.noteLong',
  control: 'aml.decide.noteControl',
} as const;

/**
 * The decision on a case still to be decided: the decisions it may take (each saying what it does:
 * escalate keeps it to be decided, freeze holds the member's withdrawals until it is closed or filed,
 * close and file are final) and a required note (3 to 500 characters, audited). A refusal shows under
 * the form in the staff member's words; `onDone` is told after a decision.
 */
export function DecideForm({ c, onDone }: { c: AmlCase; onDone: () => void }) {
  const { t } = useTranslation();
  const { decide, deciding } = useDecideCase(c.id);
  const offered = decisionsFor(c);
  const [decision, setDecision] = useState<AmlDecision | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = decision !== null && offered.includes(decision) ? decision : null;
  const problem = noteProblem(note);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    setError(null);
    if (!chosen || problem) return;
    try {
      const done = await decide({ decision: chosen, note: note.trim() });
      notice('green', t(`aml.decide.done.${chosen}`, { id: done.id }));
      setDecision(null);
      setNote('');
      setTried(false);
      onDone();
    } catch (err) {
      setError(err instanceof ApiError ? errorText(err.code, err.value) : errorText('unknown_error'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack maw={680}>
        <Radio.Group
          name="aml-decision"
          label={t('aml.decide.decision')}
          value={chosen}
          onChange={(v) => setDecision(v)}
          error={tried && !chosen ? t('aml.decide.pick') : undefined}
          errorProps={{ role: 'alert' }}
          required
          data-testid="aml-decision"
        >
          <Stack gap="sm" mt="xs">
            {offered.map((d) => (
              <Radio
                key={d}
                value={d}
                label={t(`aml.decide.option.${d}`)}
                description={t(`aml.decide.help.${d}`)}
                data-testid={`aml-decision-${d}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('aml.decide.note')}
          description={t('aml.decide.noteHelp', { count: note.trim().length, max: NOTE_MAX })}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={tried && problem ? t(NOTE_TEXT[problem]) : undefined}
          errorProps={{ role: 'alert' }}
          maxLength={NOTE_MAX + 20}
          autosize
          minRows={3}
          required
          data-testid="aml-note"
        />
        {error && (
          <Alert color="red" role="alert" data-testid="aml-decide-error">
            {error}
          </Alert>
        )}
        <Button
          type="submit"
          loading={deciding}
          color={chosen === 'freeze' || chosen === 'file' ? 'red' : undefined}
          style={{ alignSelf: 'flex-start' }}
          data-testid="aml-decide-submit"
        >
          {chosen ? t(`aml.decide.submit.${chosen}`) : t('aml.decide.submitAny')}
        </Button>
      </Stack>
    </form>
  );
}
