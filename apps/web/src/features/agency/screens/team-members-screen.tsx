import { useState } from 'react';
import type { TeamMember } from '@panalo/contract/agent';
import { useTranslation } from '../../../i18n/react';
import { FilterChips } from '../../../components/ui/filter-chips';
import { Money } from '../../../components/ui/money';
import { Page } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { formatRecordTime } from '../../../lib/format-time';
import { useTeamMembers, type TeamMemberSort } from '../api/get-team-members';
import { SearchBox } from '../components/search-box';
import '../agency.css';

const SORTS: readonly TeamMemberSort[] = ['registered', 'lastLogin', 'username'];

function MemberRow({ m, onOpen }: { m: TeamMember; onOpen: (m: TeamMember) => void }) {
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
  const [trail, setTrail] = useState<{ id: string; username: string }[]>([]);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<TeamMemberSort>('registered');
  const parent = search ? null : (trail.at(-1) ?? null);
  const query = useTeamMembers({ parentId: parent?.id ?? null, search, sort });
  return (
    <Page title={t('agency.grid.teamManagement')} testId="team-members-screen">
      <SearchBox value={search} onSearch={setSearch} />
      <FilterChips
        label={t('agency.sort.label')}
        options={SORTS}
        value={sort}
        onChange={setSort}
        labelFor={(s) => t(`agency.members.sort.${s}`)}
        testIdPrefix="members-sort"
      />
      <nav aria-label={t('agency.members.trail')} className="agency-trail" data-testid="members-trail">
        <ol>
          <li>
            <button
              type="button"
              className="agency-trail__step"
              aria-current={trail.length === 0 && !search ? 'page' : undefined}
              onClick={() => {
                setTrail([]);
                setSearch('');
              }}
            >
              {search ? t('agency.members.searchResults', { text: search }) : t('agency.members.myTeam')}
            </button>
          </li>
          {!search &&
            trail.map((s, i) => (
              <li key={s.id}>
                <button
                  type="button"
                  className="agency-trail__step"
                  aria-current={i === trail.length - 1 ? 'page' : undefined}
                  onClick={() => setTrail(trail.slice(0, i + 1))}
                >
                  {s.username}
                </button>
              </li>
            ))}
        </ol>
      </nav>
      <PagedList
        query={query}
        label={t('agency.grid.teamManagement')}
        emptyText={search ? t('agency.members.noMatch') : t('agency.members.empty')}
        itemKey={(m: TeamMember) => m.id}
        renderItem={(m: TeamMember) => (
          <MemberRow
            m={m}
            onOpen={(x) => {
              setSearch('');
              setTrail(
                search
                  ? [{ id: x.id, username: x.username }]
                  : [...trail, { id: x.id, username: x.username }],
              );
            }}
          />
        )}
        testId="members-list"
      />
    </Page>
  );
}
