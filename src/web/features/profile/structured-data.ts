import { cutText } from '../../../shared/excerpt';
import type { PublicProfile } from '../../../shared/profiles';

/** A member's page title and description. */
export function profileHead(profile: PublicProfile) {
  const about = profile.bio.trim()
    ? cutText(profile.bio, 140)
    : `Reviews and replies by ${profile.name} (@${profile.username}).`;
  return {
    title: `${profile.name} (@${profile.username})`,
    description: about,
    type: 'profile' as const,
  };
}

/** A member's page as schema.org's `ProfilePage` about a `Person`. */
export function profileStructuredData(profile: PublicProfile, origin: string): object[] {
  const url = `${origin}/u/${encodeURIComponent(profile.username)}`;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url,
      dateCreated: profile.joinedAt,
      mainEntity: {
        '@type': 'Person',
        name: profile.name,
        alternateName: `@${profile.username}`,
        identifier: profile.id,
        url,
        ...(profile.bio.trim() ? { description: cutText(profile.bio, 300) } : {}),
        ...(profile.image ? { image: `${origin}${profile.image}` } : {}),
        interactionStatistic: [
          {
            '@type': 'InteractionCounter',
            interactionType: 'https://schema.org/WriteAction',
            userInteractionCount: profile.counts.posts + profile.counts.replies,
          },
        ],
      },
    },
  ];
}
