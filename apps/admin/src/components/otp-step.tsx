import { Center, Code, Image, PinInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The authenticator to add at a first sign-in: its QR code (a data URL) and its key, grouped by four. */
export interface OtpSetup {
  qr: string;
  key: string;
}

/**
 * The second step of a staff sign-in (the brand console's and the provider's): at the first sign-in the
 * QR code and the key to add the account to an authenticator app, then the 6-digit code it shows. The
 * QR code is made by `features/auth/rules/otp-qr.ts` (`otpQrDataUrl`, `groupedSecret`).
 */
export function OtpStep({
  setup,
  code,
  onCode,
}: {
  setup: OtpSetup | null;
  code: string;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {setup && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('signIn.setupTitle')}
          </Title>
          <Text size="sm">{t('signIn.setupHelp')}</Text>
          <Center>
            <Image src={setup.qr} alt={t('signIn.qrAlt')} w={200} h={200} />
          </Center>
          <Text size="sm">
            {t('signIn.secretLabel')} <Code data-testid="otp-secret">{setup.key}</Code>
          </Text>
        </Stack>
      )}
      <Stack gap={4}>
        <Text component="label" htmlFor="otp" size="sm" fw={500}>
          {t('signIn.code')}
        </Text>
        <PinInput
          id="otp"
          length={6}
          type="number"
          oneTimeCode
          value={code}
          onChange={onCode}
          aria-label={t('signIn.code')}
          autoFocus
        />
        <Text size="xs" c="dimmed">
          {t('signIn.codeHelp')}
        </Text>
      </Stack>
    </>
  );
}
