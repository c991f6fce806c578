import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@panalo/contract/api-error';
import { errorText } from '../i18n';

// The states both shells (the brand console's and the provider's) show around their screens.

export function Loading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" aria-busy="true">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

/** A screen the role does not hold: `text` says whom to ask (the merchant's owner, the provider's). */
export function NotAllowed({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('app.notAllowedTitle')}
      </Title>
      <Text>{text}</Text>
    </Stack>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('app.notFoundTitle')}
      </Title>
      <Text>{t('app.notFound')}</Text>
    </Stack>
  );
}

/** The signed-in member of staff could not be read (`/ops/me`, `/provider/me`): the refusal's text. */
export function SessionError({ error }: { error: unknown }) {
  return (
    <Center mih="100vh" p="md">
      <Alert color="red" role="alert">
        {errorText(error instanceof ApiError ? error.code : 'unknown_error')}
      </Alert>
    </Center>
  );
}
