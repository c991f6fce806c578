import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentType } from '@panalo/contract/content';
import type { OpsAnnouncement } from '@panalo/contract/content-ops';
import { notice } from '../../../components/notice';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { createAnnouncement, updateAnnouncement, uploadAnnouncementImage } from '../api/content';
import { contentKeys } from '../api/keys';
import { LanguageTexts, SaveWithReason, useLanguageTexts, useTextsSave } from './language-texts';
import { imageSrc } from '../../../lib/images';

const TYPES: ContentType[] = ['H', 'B', 'PU', 'PL', 'A', 'PR'];

/** 'YYYY-MM-DDTHH:mm' in the browser's zone (a datetime-local input) from an ISO time, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);

/**
 * Writes one announcement in each of the merchant's languages (LanguageTexts), its link and when it
 * shows. A language left without a title is not shown in that language.
 */
export function AnnouncementEditor(props: {
  announcement: OpsAnnouncement | null;
  defaultType: ContentType;
  languages: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const a = props.announcement;
  const [type, setType] = useState<ContentType>(a?.type ?? props.defaultType);
  const { texts, edit, written } = useLanguageTexts(props.languages, a?.texts);
  const [linkUrl, setLinkUrl] = useState(a?.linkUrl ?? '');
  const [startsAt, setStartsAt] = useState(toLocalInput(a?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(toLocalInput(a?.endsAt ?? null));
  const [reason, setReason] = useState('');
  const { save, busy, error, setError } = useTextsSave({
    written,
    reason,
    send: async (why) => {
      const body = {
        texts: written,
        linkUrl: linkUrl.trim() || null,
        sort: a?.sort ?? 0,
        startsAt: fromLocalInput(startsAt),
        endsAt: fromLocalInput(endsAt),
        reason: why,
      };
      if (a) await updateAnnouncement(a.id, body);
      else await createAnnouncement({ ...body, type, groupName: 'm_home' });
      await queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
    done: props.onClose,
  });

  return (
    <Modal
      opened
      onClose={props.onClose}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={a ? t('content.editTitle', { id: a.id }) : t('content.newTitle')}
    >
      <Stack>
        {!a && (
          <Select
            label={t('content.type')}
            value={type}
            onChange={(v) => v && setType(v)}
            data={TYPES.map((x) => ({ value: x, label: t(`content.types.${x}`) }))}
            allowDeselect={false}
          />
        )}
        <LanguageTexts languages={props.languages} texts={texts} edit={edit} />
        {a && <PictureField announcement={a} reason={reason} onError={setError} />}
        <TextInput
          label={t('content.link')}
          value={linkUrl}
          onChange={(e) => setLinkUrl(e.currentTarget.value)}
          maxLength={500}
        />
        <Group grow>
          <TextInput
            type="datetime-local"
            label={t('content.startsAt')}
            value={startsAt}
            onChange={(e) => setStartsAt(e.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label={t('content.endsAt')}
            value={endsAt}
            onChange={(e) => setEndsAt(e.currentTarget.value)}
          />
        </Group>
        <SaveWithReason
          reason={reason}
          setReason={setReason}
          error={error}
          busy={busy}
          onCancel={props.onClose}
          onSave={() => void save()}
        />
      </Stack>
    </Modal>
  );
}

/**
 * The announcement's picture (a banner's image): the current one, and a new png or jpg sent at once
 * with the reason written below (the server checks the file by its bytes and keeps no metadata).
 */
function PictureField(props: {
  announcement: OpsAnnouncement;
  reason: string;
  onError: (e: string | null) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState(props.announcement.imageUrl);
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    if (!file) return props.onError(t('content.pictureNeeded'));
    if (props.reason.trim().length < 3) return props.onError(t('decision.reasonNeeded'));
    props.onError(null);
    setBusy(true);
    try {
      const next = await uploadAnnouncementImage(props.announcement.id, props.reason.trim(), file);
      setUrl(next.imageUrl);
      setFile(null);
      notice('green', t('content.pictureSaved'));
      await queryClient.invalidateQueries({ queryKey: contentKeys.all });
    } catch (err) {
      props.onError(errorText(err instanceof ApiError ? err.code : 'unknown_error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('content.picture')}
      </Text>
      {url ? (
        <img
          src={imageSrc(url)}
          alt={t('content.pictureNow')}
          style={{ maxWidth: 320, maxHeight: 140, objectFit: 'contain' }}
        />
      ) : (
        <Text size="sm">{t('content.noPicture')}</Text>
      )}
      <Group align="flex-end">
        <label style={{ fontSize: 14 }}>
          {t('content.pictureFile')}
          <br />
          <input
            type="file"
            accept="image/png,image/jpeg"
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </label>
        <Button variant="default" loading={busy} disabled={!file} onClick={() => void upload()}>
          {t('content.pictureUpload')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('content.pictureHelp')}
      </Text>
    </Stack>
  );
}
