import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../i18n';
import { setUpOwner } from '../api/auth';
import { setupProblems, setupToken, type SetupField } from '../rules/owner-setup';

/**
 * A brand's first owner sets a password from the provider's one-time link (`/admin/setup#token=…`),
 * shown while no one is signed in. Then they sign in as any staff member does and add the authenticator
 * at that first sign-in.
 */
export function SetupScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [token] = useState(() => setupToken(hash || window.location.hash));
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Partial<Record<SetupField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const repeatInput = useRef<HTMLInputElement>(null);
  const focusOn = (field: SetupField) =>
    (field === 'password' ? passwordInput : repeatInput).current?.focus();
  const toSignIn = () => void navigate('/', { replace: true });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token) return;
    setRefusal(null);
    const problems = setupProblems(password, repeat);
    setErrors(Object.fromEntries(problems.map((p) => [p.field, t(p.key)])));
    if (problems[0]) {
      focusOn(problems[0].field);
      return;
    }
    setBusy(true);
    try {
      const r = await setUpOwner({ token, password });
      setDone(r.username);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'unknown_error';
      // The password refused by the server's own rule is the field's error; anything else (the link used
      // or expired) is the page's.
      if (
        code === 'staff_password_weak' ||
        (code === 'validation_failed' && err instanceof ApiError && err.value?.field === 'password')
      ) {
        setErrors({ password: errorText(code) });
        focusOn('password');
      } else {
        setRefusal(errorText(code));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={460} maw="100%">
        {done !== null ? (
          <Stack>
            <Title order={1} size="h2">
              {t('setup.doneTitle')}
            </Title>
            <Text role="status">{t('setup.done', { username: done })}</Text>
            <Button onClick={toSignIn}>{t('setup.toSignIn')}</Button>
          </Stack>
        ) : !token ? (
          <Stack>
            <Title order={1} size="h2">
              {t('setup.title')}
            </Title>
            <Alert color="red" role="alert">
              {t('setup.badLink')}
            </Alert>
            <Button variant="default" onClick={toSignIn}>
              {t('setup.toSignIn')}
            </Button>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={1} size="h2">
                {t('setup.title')}
              </Title>
              <Text size="sm">{t('setup.intro')}</Text>
              {refusal && (
                <Alert color="red" role="alert">
                  {refusal}
                </Alert>
              )}
              <PasswordInput
                ref={passwordInput}
                label={t('setup.password')}
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                description={t('setup.rule')}
                error={errors.password}
                required
              />
              <PasswordInput
                ref={repeatInput}
                label={t('setup.repeat')}
                autoComplete="new-password"
                value={repeat}
                onChange={(e) => setRepeat(e.currentTarget.value)}
                error={errors.repeat}
                required
              />
              <Button type="submit" loading={busy}>
                {t('setup.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
