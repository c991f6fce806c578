import {
  Alert,
  Anchor,
  Button,
  Center,
  Image,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpStep, type OtpSetup } from '../../../components/otp-step';
import { ApiError, consoleSession } from '../../../lib/api';
import { errorText } from '../../../i18n';
import { captcha as fetchCaptcha, signIn } from '../api/auth';
import { groupedSecret, otpQrDataUrl } from '../rules/otp-qr';

type Step = { kind: 'password' } | { kind: 'code' } | { kind: 'setup'; setup: OtpSetup };

/**
 * Staff sign-in: username and password, then the authenticator's 6-digit code. The first sign-in
 * shows the QR code (and the secret to type) to add the account to an authenticator app; a failed
 * attempt brings a captcha, as on the member site.
 */
export function SignInScreen() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  const [captchaImage, setCaptchaImage] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const loadCaptcha = async () => {
    setCaptchaAnswer('');
    setCaptchaImage(`data:image/png;base64,${await fetchCaptcha()}`);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await signIn({
        username: username.trim(),
        password,
        ...(step.kind !== 'password' && otp ? { otp } : {}),
        ...(captchaImage ? { captcha: captchaAnswer } : {}),
      });
      consoleSession.set(session.token);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'unknown_error';
      if (err instanceof ApiError && code === 'otp_setup_required') {
        const v = err.value as { otpSecret: string; otpUri: string };
        setStep({
          kind: 'setup',
          setup: { key: groupedSecret(v.otpSecret), qr: await otpQrDataUrl(v.otpUri) },
        });
      } else if (code === 'otp_required') {
        setStep((s) => (s.kind === 'setup' ? s : { kind: 'code' }));
      } else {
        setError(errorText(code));
      }
      setOtp('');
      if (err instanceof ApiError && err.value?.captcha === true) await loadCaptcha().catch(() => undefined);
      else if (code !== 'captcha_required' && code !== 'captcha_wrong') setCaptchaImage(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h2">
              {t('signIn.title')}
            </Title>
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
            {captchaImage && (
              <Stack gap={4}>
                <Image src={captchaImage} alt={t('signIn.captchaAlt')} w={140} h={48} fit="contain" />
                <TextInput
                  label={t('signIn.captcha')}
                  inputMode="numeric"
                  value={captchaAnswer}
                  onChange={(e) => setCaptchaAnswer(e.currentTarget.value)}
                  required
                />
                <Anchor component="button" type="button" size="xs" onClick={() => void loadCaptcha()}>
                  {t('signIn.newCaptcha')}
                </Anchor>
              </Stack>
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
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
