import { isAgentType } from '@panalo/contract/member-types';
import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';
import { Page } from '../../../components/ui/page';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/ui/states';
import { useSession } from '../../../lib/session';
import { useOpenRains } from '../api/rain';
import { AgentRains } from '../components/agent-rains';
import { RainField } from '../components/rain-field';
import '../rain.css';

/**
 * /m/redRain (spec §2; agent grid entry AGENTRANSMULTDOWN3): the rains of the member's uplines it may
 * claim from (a countdown before, falling envelopes during, what it won after), and for an agent with the
 * merchant's permission its own rains: schedule one for its team or chosen downlines, follow the claims,
 * cancel one that has not started.
 */
export function RainScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const site = useSite();
  const rains = useOpenRains();
  const agent = session !== null && isAgentType(session.type) && site.flag('AGENTRANSMULTDOWN3');
  return (
    <Page title={t('rain.title')} testId="rain-screen">
      <section aria-labelledby="rain-for-you" data-testid="rain-for-you">
        <h2 id="rain-for-you" className="rain-section-title">
          {t('rain.forYou')}
        </h2>
        {rains.isPending ? (
          <ListSkeleton rows={2} />
        ) : rains.isError ? (
          <LoadError error={rains.error} onRetry={() => void rains.refetch()} />
        ) : rains.data.length === 0 ? (
          <EmptyState text={t('rain.noneForYou')} />
        ) : (
          rains.data.map((r) => <RainField key={r.id} rain={r} />)
        )}
      </section>
      {agent && <AgentRains canChoose={site.flag('DOWNMAN')} />}
    </Page>
  );
}
