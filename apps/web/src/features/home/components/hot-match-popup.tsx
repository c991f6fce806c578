import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import type { HotMatch } from '@panalo/contract/content';
import { formatMatchTime } from '../../../lib/format';
import { launchMatchHref } from '../rules/home-content';
import { Dialog, DialogHeader } from './dialog';
import { TeamBadge } from './team-badge';

/**
 * Hot-match pop-up (HOME-020..022): every match with league, teams, time and VS; the bet button
 * launches the first match (a visitor goes to log in first, ROLE-004).
 */
export default function HotMatchPopup(props: {
  matches: readonly HotMatch[];
  loggedIn: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const first = props.matches[0];
  return (
    <Dialog labelledBy={titleId} onClose={props.onClose} testId="hot-match-popup" className="hot-popup">
      <DialogHeader
        titleId={titleId}
        title={t('home.hotMatch.title')}
        onClose={props.onClose}
        closeTestId="hot-match-popup-close"
      />
      <ul className="hot-popup__list">
        {props.matches.map((m) => (
          <li key={`${m.vendor}-${m.nodeId}-${m.roomId}`} className="hot-popup__match">
            <span className="hot-popup__league">{m.league}</span>
            <time className="hot-popup__time" dateTime={m.matchTime}>
              {formatMatchTime(m.matchTime)}
            </time>
            <span className="hot-popup__teams">
              <TeamBadge name={m.homeTeam} image={m.homeTeamImageUrl} size={36} />
              <span className="hot-match__vs">{t('home.hotMatch.vs')}</span>
              <TeamBadge name={m.awayTeam} image={m.awayTeamImageUrl} size={36} />
            </span>
          </li>
        ))}
      </ul>
      {first && (
        <button
          type="button"
          className="btn btn--primary home-dialog__action"
          data-autofocus
          data-testid="hot-match-bet"
          onClick={() => void navigate(launchMatchHref(first, props.loggedIn))}
        >
          {t('home.hotMatch.bet')}
        </button>
      )}
    </Dialog>
  );
}
