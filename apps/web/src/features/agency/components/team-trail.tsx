import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';

export interface TrailStep {
  id: string;
  username: string;
}

/**
 * Where the agent is in its team: the steps opened from the top, or a search over the whole team
 * (team management and team profit and loss open downlines the same way). `parentId` is the member whose
 * direct downlines to list: null for the agent itself and while searching.
 */
export function useTeamTrail() {
  const [trail, setTrail] = useState<TrailStep[]>([]);
  const [search, setSearch] = useState('');
  return {
    trail,
    search,
    setSearch,
    parent: search ? null : (trail.at(-1) ?? null),
    /** Opens a member's downlines: one step deeper, or from the top when it was found by search. */
    open(x: TrailStep) {
      setTrail(
        search ? [{ id: x.id, username: x.username }] : [...trail, { id: x.id, username: x.username }],
      );
      setSearch('');
    },
    backTo(i: number) {
      setTrail(i < 0 ? [] : trail.slice(0, i + 1));
      setSearch('');
    },
  };
}

export function TeamTrail({ state, testId }: { state: ReturnType<typeof useTeamTrail>; testId: string }) {
  const { t } = useTranslation();
  const { trail, search } = state;
  return (
    <nav aria-label={t('agency.members.trail')} className="agency-trail" data-testid={testId}>
      <ol>
        <li>
          <button
            type="button"
            className="agency-trail__step"
            aria-current={trail.length === 0 && !search ? 'page' : undefined}
            onClick={() => state.backTo(-1)}
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
                onClick={() => state.backTo(i)}
              >
                {s.username}
              </button>
            </li>
          ))}
      </ol>
    </nav>
  );
}
