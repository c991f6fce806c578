import { useNavigate } from 'react-router';
import { loginUrl, useFreeRejectToast } from '../../../components/ui/require-session';
import { useSession } from '../../../lib/session';
import { entryAction } from '../rules/mine-entries';

/**
 * Opens a member-centre destination: a member goes there; a visitor goes to the login screen, which
 * brings them back afterwards (MINE-032, ROLE-006); a free-trial account gets the free_reject toast and
 * stays (ROLE-011/012), as the page itself would refuse it.
 */
export function useEntryOpener(): (to: string) => void {
  const navigate = useNavigate();
  const current = useSession();
  const freeReject = useFreeRejectToast();
  return (to) => {
    const action = entryAction(current);
    switch (action) {
      case 'login':
        void navigate(loginUrl(to));
        return;
      case 'freeReject':
        freeReject();
        return;
      case 'navigate':
        void navigate(to);
        return;
    }
  };
}
