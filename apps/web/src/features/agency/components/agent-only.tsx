import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import { HOME_ROUTE } from '../../../components/ui/require-session';
import { useSession } from '../../../lib/session';
import { agentHomeAllowed } from '../rules/agent-access';

/** A team screen for agents only: anyone else goes home, as from agent home (AGENT-022). */
export function AgentOnly(Screen: ComponentType): ComponentType {
  function Guarded() {
    return agentHomeAllowed(useSession()) ? <Screen /> : <Navigate to={HOME_ROUTE} replace />;
  }
  Guarded.displayName = `AgentOnly(${Screen.displayName ?? Screen.name})`;
  return Guarded;
}
