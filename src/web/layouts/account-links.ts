import {
  IconFlag,
  IconListSearch,
  IconSettings,
  IconShieldCheck,
  IconUser,
  IconUsers,
  type Icon,
} from '../components/icons';
import { can } from '../../shared/permissions';

export interface AccountLink {
  label: string;
  to: string;
  icon: Icon;
}

/**
 * The pages a signed-in member reaches from the header, by role: the account menu on wide
 * screens and the navigation drawer on phones list the same ones.
 */
export function accountLinksFor(role: string | null): AccountLink[] {
  const links: AccountLink[] = [{ label: 'Profile', to: '/user-profile', icon: IconUser }];
  if (can(role, 'content.moderate')) {
    links.push(
      { label: 'Review queue', to: '/moderator/reports', icon: IconFlag },
      { label: 'Moderate users', to: '/moderator/users', icon: IconShieldCheck },
    );
  }
  if (can(role, 'films.edit')) {
    links.push({ label: 'Duplicate films', to: '/moderator/films', icon: IconListSearch });
  }
  if (can(role, 'site.settings')) links.push({ label: 'Admin', to: '/admin', icon: IconSettings });
  if (can(role, 'roles.change')) {
    links.push({ label: 'Admin users', to: '/admin/users', icon: IconUsers });
  }
  return links;
}

/** The site's main sections, in the header's navigation and in the phone's drawer. */
export const mainLinks = [
  { label: 'Forum', to: '/forum' },
  { label: 'Films', to: '/films' },
  { label: 'News', to: '/news' },
  { label: 'Chat', to: '/chat' },
  { label: 'Donations', to: '/donations' },
  { label: 'Search', to: '/search' },
] as const;
