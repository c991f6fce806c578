import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** A member by username, linking to their profile (`/members/:id`) for staff who may read members (`members.read`). */
export function MemberLink({ id, username, link }: { id: string; username: string; link: boolean }) {
  return link ? (
    <Anchor component={Link} to={`/members/${encodeURIComponent(id)}`} size="sm">
      {username}
    </Anchor>
  ) : (
    <>{username}</>
  );
}
