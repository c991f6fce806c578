import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { PageTransition, useScrollToTopOnForward } from './page-transition';
import { footerVisible, headerVisible, isHomePath, readDeviceShell, tallFooter } from './rules';
import './layout.css';

export interface LayoutProps {
  /**
   * Rendered above the page on home paths only (SHELL-003): the home feature's banner block, passed
   * in by the router so that the shell does not import a feature.
   */
  homeExtra?: ReactNode;
  /** Rendered on every page after the footer: features' always-on pieces (the reality check). */
  pageExtra?: ReactNode;
}

/**
 * A member's live updates (balance, mail) for as long as the session lasts; the code comes after the
 * first page, and never for a visitor.
 */
function useLiveUpdates() {
  const client = useQueryClient();
  const token = useSession()?.token ?? null;
  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./live-updates').then((m) => {
      if (!cancelled) stop = m.startLiveUpdates(client);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [client, token]);
}

/** The container every page renders in: header, page, footer (SHELL-002). */
export function Layout({ homeExtra, pageExtra }: LayoutProps) {
  const { pathname } = useLocation();
  useLiveUpdates();
  // The device does not change during a visit; read it once.
  const [tall] = useState(() => typeof window !== 'undefined' && tallFooter(readDeviceShell()));
  useScrollToTopOnForward();
  const showHeader = headerVisible(pathname);
  const showFooter = footerVisible(pathname);
  const classes = ['page-container'];
  if (showHeader) classes.push('page-container--header');
  if (showFooter) classes.push(tall ? 'page-container--footer-tall' : 'page-container--footer');
  return (
    <div className={classes.join(' ')} data-testid="layout">
      {showHeader && <Header />}
      <PageTransition>
        {isHomePath(pathname) && homeExtra}
        <Outlet />
      </PageTransition>
      {showFooter && <Footer tall={tall} />}
      {pageExtra}
    </div>
  );
}
