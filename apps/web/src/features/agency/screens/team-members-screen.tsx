import { useState } from 'react';
import { Link } from 'react-router';
import { CONTRACT_OFFER_ROUTE, hasContracts } from '@panalo/contract/contract-terms';
import type { TeamMember } from '@panalo/contract/agent';
import { useTranslation } from '../../../i18n/react';
import { FilterChips } from '../../../components/ui/filter-chips';
import { Money } from '../../../components/ui/money';
import { Page } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { formatRecordTime } from '../../../lib/format-time';
import { useTeamMembers, type TeamMemberSort } from '../api/get-team-members';
import { SearchBox } from '../components/search-box';
import { TeamTrail, useTeamTrail } from '../components/team-trail';
import { useSite } from '../../../app/site';
import { TransferAmount, TransferPanel } from '../components/transfer-panel';
import { transferPlan, type TransferEntry } from '../rules/transfer';
import '../agency.css';

const SORTS: readonly TeamMemberSort[] = ['registered', 'lastLogin', 'username'];

interface Transferring {
  entries: ReadonlyMap<string, TransferEntry>;
  invalid: readonly string[];
  onChange: (memberId: string, entry: TransferEntry) => void;
}

function MemberRow({
  m,
  onOpen,
  transferring,
}: {
  m: TeamMember;
  onOpen: (m: TeamMember) => void;
  transferring: Transferring | null;
}) {
  const { t } = useTranslation();
  return (
    <article className="ui-row" aria-label={m.username}>
      <div className="ui-row__main">
        <span className="ui-row__title">{m.username}</span>
        {m.balance !== null && <Money value={m.balance} testId="member-balance" />}
      </div>
      <div className="ui-row__meta">
        <span>{t('agency.members.level', { level: m.level })}</span>
        <span className={`ui-badge agency-status agency-status--${m.status}`}>
          {t(`agency.members.status.${m.status}`, { defaultValue: m.status })}
        </span>
      </div>
      <dl className="ui-details">
        <div>
          <dt>{t('agency.members.registered')}</dt>
          <dd>{formatRecordTime(m.registeredAt)}</dd>
        </div>
        <div>
          <dt>{t('agency.members.lastLogin')}</dt>
          <dd>{m.lastLoginAt ? formatRecordTime(m.lastLoginAt) : t('agency.members.never')}</dd>
        </div>
      </dl>
      {transferring && m.status === 'active' && (
        <TransferAmount
          memberId={m.id}
          username={m.username}
          entries={transferring.entries}
          onChange={transferring.onChange}
          invalid={transferring.invalid.includes(m.id)}
        />
      )}
      {m.level === 1 && hasContracts(m.type) && (
        <Link
          className="btn btn--ghost agency-members__open"
          to={`${CONTRACT_OFFER_ROUTE}?${new URLSearchParams({ memberId: m.id, username: m.username }).toString()}`}
          data-testid="member-contracts"
        >
          {t('agency.members.contracts')}
        </Link>
      )}
      {m.directDownlines > 0 && (
        <button
          type="button"
          className="btn agency-members__open"
          onClick={() => onOpen(m)}
          data-testid="member-open"
        >
          {t('agency.members.downlines', { count: m.directDownlines })}
        </button>
      )}
    </article>
  );
}

/**
 * /m/member/team (team management): the agent's direct downlines, a step down into any of them (the
 * trail leads back up), and a username search over the whole team.
 */
export function TeamMembersScreen() {
  const { t } = useTranslation();
  const place = useTeamTrail();
  const { search, setSearch } = place;
  const [sort, setSort] = useState<TeamMemberSort>('registered');
  const query = useTeamMembers({ parentId: place.parent?.id ?? null, search, sort });
  // Transfer to several downlines (AGENTRANSMULTDOWN3): amounts typed on any page of the team are kept
  // until sent or cancelled.
  const canTransfer = useSite().flag('AGENTRANSMULTDOWN3');
  const [transferOn, setTransferOn] = useState(false);
  const [entries, setEntries] = useState<ReadonlyMap<string, TransferEntry>>(new Map());
  const transferring: Transferring | null = transferOn
    ? {
        entries,
        invalid: transferPlan(entries, null).invalid,
        onChange: (id, entry) => setEntries((prev) => new Map(prev).set(id, entry)),
      }
    : null;
  return (
    <Page title={t('agency.grid.teamManagement')} testId="team-members-screen">
      {canTransfer && (
        <button
          type="button"
          className="btn agency-transfer__toggle"
          aria-pressed={transferOn}
          onClick={() => {
            setTransferOn(!transferOn);
            setEntries(new Map());
          }}
          data-testid="transfer-toggle"
        >
          {transferOn ? t('agency.transfer.cancel') : t('agency.transfer.start')}
        </button>
      )}
      {transferOn && (
        <TransferPanel
          entries={entries}
          onDone={() => {
            setEntries(new Map());
            setTransferOn(false);
          }}
        />
      )}
      <SearchBox value={search} onSearch={setSearch} />
      <FilterChips
        label={t('agency.sort.label')}
        options={SORTS}
        value={sort}
        onChange={setSort}
        labelFor={(s) => t(`agency.members.sort.${s}`)}
        testIdPrefix="members-sort"
      />
      <TeamTrail state={place} testId="members-trail" />
      <PagedList
        query={query}
        label={t('agency.grid.teamManagement')}
        emptyText={search ? t('agency.members.noMatch') : t('agency.members.empty')}
        itemKey={(m: TeamMember) => m.id}
        renderItem={(m: TeamMember) => (
          <MemberRow m={m} transferring={transferring} onOpen={(x) => place.open(x)} />
        )}
        testId="members-list"
      />
    </Page>
  );
}
