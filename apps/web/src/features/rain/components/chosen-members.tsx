import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TeamMembersPage } from '@panalo/contract/agent';
import { AGENT_API } from '@panalo/contract/agent-menu';
import { useTranslation } from '../../../i18n/react';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/ui/states';
import { apiGet } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/** Members of the agent's team found by a username prefix, for a rain of chosen downlines. */
function useTeamSearch(search: string, enabled: boolean) {
  const token = useSession()?.token ?? '';
  const q = search.trim();
  return useQuery({
    queryKey: ['rain', 'team', token, q] as const,
    queryFn: ({ signal }) =>
      apiGet<TeamMembersPage>(AGENT_API.members, {
        query: { pageSize: '20', ...(q ? { search: q } : {}) },
        signal,
      }),
    enabled: enabled && token !== '' && (q === '' || /^[A-Za-z0-9_]{1,32}$/.test(q)),
  });
}

/** The downlines a rain is for: a search of the agent's team and a tick per member. */
export function ChosenMembers({
  chosen,
  onChange,
  invalid,
}: {
  chosen: ReadonlyMap<string, string>;
  onChange: (next: Map<string, string>) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const found = useTeamSearch(search, true);
  const searchId = useId();
  const toggle = (id: string, username: string) => {
    const next = new Map(chosen);
    if (next.has(id)) next.delete(id);
    else next.set(id, username);
    onChange(next);
  };
  return (
    <fieldset className="rain-chosen" aria-invalid={invalid} data-testid="rain-chosen">
      <legend>{t('rain.form.chosenLegend', { count: chosen.size })}</legend>
      <label className="ui-field" htmlFor={searchId}>
        <span className="ui-field__label">{t('rain.form.search')}</span>
        <input
          id={searchId}
          className="ui-input"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
          data-testid="rain-search"
        />
      </label>
      {found.isPending ? (
        <ListSkeleton rows={2} />
      ) : found.isError ? (
        <LoadError error={found.error} onRetry={() => void found.refetch()} />
      ) : found.data.list.length === 0 ? (
        <EmptyState text={t('rain.form.noneFound')} />
      ) : (
        <ul className="rain-chosen__list">
          {found.data.list.map((m) => (
            <li key={m.id}>
              <label className="rain-chosen__item">
                <input
                  type="checkbox"
                  checked={chosen.has(m.id)}
                  onChange={() => toggle(m.id, m.username)}
                  data-testid="rain-choose"
                />{' '}
                {m.username}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
