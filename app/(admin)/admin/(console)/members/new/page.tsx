import { permanentRedirect } from 'next/navigation';

/**
 * The team chart's old 'add a team member' address. /admin/members now lists the club's paid
 * members, who are never added from the console (they apply on /membership/join), so this
 * address does not collide and keeps leading to the team chart's form.
 */
export default function OldAddTeamMemberPage() {
  permanentRedirect('/admin/team/new');
}
