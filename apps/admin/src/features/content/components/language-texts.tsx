import { Alert, Button, Group, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpsAnnouncementText } from '@panalo/contract/content-ops';
import { notice } from '../../../components/notice';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';

/**
 * A title and HTML in each of the site's languages, as the announcement, help and page editors keep
 * them: one entry per language, empty until written; `written` are the ones with a title (the server
 * removes a language left out).
 */
export function useLanguageTexts(languages: string[], initial: OpsAnnouncementText[] = []) {
  const [texts, setTexts] = useState<Record<string, OpsAnnouncementText>>(() =>
    Object.fromEntries(
      languages.map((lang) => [
        lang,
        initial.find((x) => x.lang === lang) ?? { lang, title: '', content: '' },
      ]),
    ),
  );
  const edit = (lang: string, change: Partial<OpsAnnouncementText>) =>
    setTexts((prev) => ({ ...prev, [lang]: { ...prev[lang]!, ...change } }));
  const written = Object.values(texts).filter((x) => x.title.trim().length > 0);
  return { texts, edit, written };
}

/**
 * The content editors' save: a text in one language at least and a reason, then `send(reason)` with a
 * busy flag; saved, a notice and `done`; refused, the server's reason in the form (`setError` shows the
 * form's other refusals in the same place).
 */
export function useTextsSave(opts: {
  written: OpsAnnouncementText[];
  reason: string;
  send: (reason: string) => Promise<unknown>;
  done: () => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (opts.written.length === 0) return setError(t('content.needText'));
    if (opts.reason.trim().length < 3) return setError(t('decision.reasonNeeded'));
    setBusy(true);
    setError(null);
    try {
      await opts.send(opts.reason.trim());
      notice('green', t('content.saved'));
      opts.done();
    } catch (err) {
      setError(errorText(err instanceof ApiError ? err.code : 'unknown_error'));
    } finally {
      setBusy(false);
    }
  };
  return { save, busy, error, setError };
}

/**
 * One tab per language: the title, the HTML (the server keeps only what is safe to show: scripts,
 * handlers and styles are dropped when it saves) and a preview in a sandbox that runs nothing.
 */
export function LanguageTexts(props: {
  languages: string[];
  texts: Record<string, OpsAnnouncementText>;
  edit: (lang: string, change: Partial<OpsAnnouncementText>) => void;
  /** Rows of the HTML box (long pages get more). */
  rows?: number;
}) {
  const { t } = useTranslation();
  const { texts, edit } = props;
  return (
    <Tabs defaultValue={props.languages[0]}>
      <Tabs.List>
        {props.languages.map((lang) => (
          <Tabs.Tab key={lang} value={lang}>
            {lang}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {props.languages.map((lang) => (
        <Tabs.Panel key={lang} value={lang} pt="sm">
          <Stack>
            <TextInput
              label={t('content.titleIn', { lang })}
              value={texts[lang]?.title ?? ''}
              onChange={(e) => edit(lang, { title: e.currentTarget.value })}
              maxLength={200}
            />
            <Textarea
              label={t('content.htmlIn', { lang })}
              description={t('content.htmlHelp')}
              value={texts[lang]?.content ?? ''}
              onChange={(e) => edit(lang, { content: e.currentTarget.value })}
              autosize
              minRows={4}
              maxRows={props.rows ?? 12}
              ff="monospace"
            />
            <Text size="sm" fw={600}>
              {t('content.preview')}
            </Text>
            {/* A sandbox without scripts: what the HTML looks like, nothing it could run. */}
            <iframe
              title={t('content.previewIn', { lang })}
              sandbox=""
              srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:sans-serif;font-size:14px;margin:8px"><strong>${escapeHtml(texts[lang]?.title ?? '')}</strong>${texts[lang]?.content ?? ''}</body>`}
              style={{ width: '100%', height: 160, border: '1px solid #ced4da', borderRadius: 4 }}
            />
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The editors' last lines: the reason kept in the audit log, the server's refusal, cancel and save. */
export function SaveWithReason(props: {
  reason: string;
  setReason: (reason: string) => void;
  error: string | null;
  busy: boolean;
  onCancel: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Textarea
        label={t('decision.reason')}
        description={t('decision.reasonHelp')}
        value={props.reason}
        onChange={(e) => props.setReason(e.currentTarget.value)}
        maxLength={200}
        required
      />
      {props.error && (
        <Alert color="red" role="alert">
          {props.error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          {t('common.cancel')}
        </Button>
        <Button loading={props.busy} onClick={props.onSave}>
          {t('common.save')}
        </Button>
      </Group>
    </>
  );
}
