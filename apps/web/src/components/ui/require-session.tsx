import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Navigate, useLocation } from 'react-router';
import { isTrialType } from '@panalo/contract/member-types';
import { useSession, type SessionInfo } from '../../lib/session';
import { TOAST_MS, toast } from '../../lib/toast';

export const LOGIN_ROUTE = '/m/login';
export const HOME_ROUTE = '/m/home';
/** The login screen's query parameter naming the page to return to after logging in. */
export const REDIRECT_PARAM = 'redirect';

/**
 * Where a visitor without a session goes (ERR-007): the login screen, which returns to this page; or,
 * for settings and change password, home (their screens are reached only from a session).
 */
export type VisitorTarget = 'login' | 'home';

export type SessionGate = { kind: 'allow' } | { kind: 'visitor'; to: string } | { kind: 'trial'; to: string };

/** Login URL that comes back to `returnTo` (a path and query of this site) after logging in. */
export function loginUrl(returnTo: string): string {
  return `${LOGIN_ROUTE}?${REDIRECT_PARAM}=${encodeURIComponent(returnTo)}`;
}

/**
 * The login screen's way back: the redirect parameter when it names a page of this site, else home.
 * Only same-site paths are followed (never //host or a scheme), so a link cannot send a fresh login
 * elsewhere.
 */
export function safeRedirect(param: string | null): string {
  if (!param || !param.startsWith('/') || param.startsWith('//') || param.startsWith('/\\'))
    return HOME_ROUTE;
  return param;
}

/**
 * ROLE-006/009/011, ERR-007: a member page needs a session; a free-trial account (type 4) is refused
 * member pages unless the page allows trial play.
 */
export function sessionGate(
  current: Pick<SessionInfo, 'type'> | null,
  here: string,
  opts: { visitor?: VisitorTarget; allowTrial?: boolean } = {},
): SessionGate {
  if (!current) return { kind: 'visitor', to: opts.visitor === 'home' ? HOME_ROUTE : loginUrl(here) };
  if (isTrialType(current.type) && !opts.allowTrial) return { kind: 'trial', to: HOME_ROUTE };
  return { kind: 'allow' };
}

/** The free_reject message as an offline toast for 2 s (ROLE-011/012). */
export function useFreeRejectToast(): () => void {
  const { t } = useTranslation();
  return () => void toast.show(t('errors.free_reject'), TOAST_MS.info);
}

function TrialRefused({ to }: { to: string }) {
  const freeReject = useFreeRejectToast();
  // Once per refusal; the toast stays on screen across the move home.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(freeReject, []);
  return <Navigate to={to} replace />;
}

export interface RequireSessionProps {
  children: ReactNode;
  /** Where a visitor goes: the login screen (default) or home (settings, change password). */
  visitor?: VisitorTarget;
  /** Let a free-trial account in (pages that trial play needs). */
  allowTrial?: boolean;
}

/**
 * Wraps a member page (ROLE-006/009/011/012, ERR-007): a visitor is sent to /m/login?redirect=<this
 * page> (or home), a free-trial account gets the free_reject toast and goes home, a member sees the page.
 * The server refuses the same callers on its own (401 not_logged_in, 403 free_reject); this only spares
 * them a page that could not load.
 */
export function RequireSession({ children, visitor, allowTrial }: RequireSessionProps) {
  const current = useSession();
  const { pathname, search } = useLocation();
  const gate = sessionGate(current, pathname + search, {
    ...(visitor ? { visitor } : {}),
    ...(allowTrial ? { allowTrial } : {}),
  });
  switch (gate.kind) {
    case 'allow':
      return <>{children}</>;
    case 'visitor':
      return <Navigate to={gate.to} replace />;
    case 'trial':
      return <TrialRefused to={gate.to} />;
  }
}

/** A route's screen behind RequireSession: `{ path: '/m/webEmail', Screen: requireSession(Inbox) }`. */
export function requireSession(
  Screen: ComponentType,
  opts: Omit<RequireSessionProps, 'children'> = {},
): ComponentType {
  function Guarded() {
    return (
      <RequireSession {...opts}>
        <Screen />
      </RequireSession>
    );
  }
  Guarded.displayName = `RequireSession(${Screen.displayName ?? Screen.name})`;
  return Guarded;
}
