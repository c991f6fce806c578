import { useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { hasContracts } from '@panalo/contract/member-types';
import { useSession } from '../../../lib/session';

/** Where the check runs (spec §2, §6): home (HOME-007) and agent home. */
const PROMPT_PATHS = new Set(['/', '/m', '/m/', '/m/home', '/m/index', '/m/index.html', '/m/agent']);
/** The check waits for the page to settle, so that home's first paint never carries its code. */
const CHECK_AFTER_MS = 1_200;

/**
 * Mounted by the layout on every page: on home and agent home, for a signed-in member whose type has
 * contracts (not 4, 40, 41, 42: AGENT-028), it loads the contract prompt, which asks the server for
 * waiting offers.
 */
export function ContractPromptHost() {
  const s = useSession();
  const { pathname } = useLocation();
  const wanted = s !== null && hasContracts(s.type) && PROMPT_PATHS.has(pathname);
  const [Prompt, setPrompt] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!wanted || Prompt) return;
    const id = setTimeout(() => {
      void import('./contract-prompt').then((m) => setPrompt(() => m.ContractPrompt));
    }, CHECK_AFTER_MS);
    return () => clearTimeout(id);
  }, [wanted, Prompt]);
  return wanted && Prompt ? <Prompt key={pathname} /> : null;
}
