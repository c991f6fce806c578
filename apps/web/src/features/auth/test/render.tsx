import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { renderWithShell, type ShellRenderOptions } from '../../../app/test-utils';
import { toast } from '../../../lib/toast';
import { LoginScreen } from '../screens/login-screen';
import { RegisterScreen } from '../screens/register-screen';
import { TrialScreen } from '../screens/trial-screen';

/** The auth screens at their routes, with stand-ins for where they lead. */
export function renderAuth(opts: ShellRenderOptions & { path: string }) {
  return renderWithShell(
    <Routes>
      <Route path="/m/login" element={<LoginScreen />} />
      <Route path="/m/register" element={<RegisterScreen />} />
      <Route path="/register.html" element={<RegisterScreen />} />
      <Route path="/m/trail" element={<TrialScreen />} />
      <Route path="/m/home" element={<div data-testid="home-stand-in" />} />
      <Route path="*" element={<div data-testid="elsewhere" />} />
    </Routes>,
    opts,
  );
}

/** Spies on the toasts without loading antd-mobile. */
export function spyToasts() {
  return {
    show: vi.spyOn(toast, 'show').mockResolvedValue(undefined),
    clear: vi.spyOn(toast, 'clear').mockResolvedValue(undefined),
  };
}

/** Waits for the home stand-in: sealing a payload (RSA) can take a moment on a busy machine. */
export const arrivedHome = () => screen.findByTestId('home-stand-in', {}, { timeout: 5000 });
