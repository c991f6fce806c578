import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpStep, type OtpSetup } from '../../../components/otp-step';
import { errorText } from '../../../i18n';
import { ApiError, providerSession } from '../../../lib/provider-api';
// The brand console's QR code maker: a pure rule, the same enrolment for both consoles.
import { groupedSecret, otpQrDataUrl } from '../../auth/rules/otp-qr';
import { providerSignIn } from '../api/provider-auth';

type Step = { kind: 'password' } | { kind: 'code' } | { kind: 'setup'; setup: OtpSetup };

/**
 * The provider staff's sign-in (/admin/provider/ without a provider session): username and password,
 * then the authenticator's 6-digit code; the first sign-in shows the QR code to add the account to an
 * authenticator app, as the brand staff's sign-in does.
 */
export function ProviderSignInScreen() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await providerSignIn({
        username: username.trim(),
        password,
        ...(step.kind !== 'password' && otp ? { otp } : {}),
      });
      providerSession.set(session.token);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'unknown_error';
      const value = err instanceof ApiError ? err.value : undefined;
      if (
        code === 'otp_setup_required' &&
        typeof value?.otpSecret === 'string' &&
        typeof value.otpUri === 'string'
      ) {
        const setup = { key: groupedSecret(value.otpSecret), qr: await otpQrDataUrl(value.otpUri) };
        setStep({ kind: 'setup', setup });
      } else if (code === 'otp_required') {
        setStep((s) => (s.kind === 'setup' ? s : { kind: 'code' }));
      } else {
        setError(errorText(code));
      }
      setOtp('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Stack gap={4}>
              <Title order={1} size="h2">
                {t('providerSignIn.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('providerSignIn.intro')}
              </Text>
            </Stack>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label={t('signIn.username')}
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              required
              readOnly={step.kind !== 'password'}
            />
            <PasswordInput
              label={t('signIn.password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
              readOnly={step.kind !== 'password'}
            />
            {step.kind !== 'password' && (
              <OtpStep setup={step.kind === 'setup' ? step.setup : null} code={otp} onCode={setOtp} />
            )}
            <Button type="submit" loading={busy} disabled={step.kind !== 'password' && otp.length !== 6}>
              {step.kind === 'password' ? t('signIn.submit') : t('signIn.verify')}
            </Button>
            {step.kind !== 'password' && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  setStep({ kind: 'password' });
                  setOtp('');
                }}
              >
                {t('signIn.back')}
              </Anchor>
            )}
            <Anchor href="/admin/" size="sm">
              {t('providerSignIn.brandConsole')}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
