import { useQuery } from '@tanstack/react-query';
import type { Ranked } from '../../shared/rank';
import { sessionQueryOptions } from '../api/session';

/**
 * The viewer (id and role), read from the session cache without polling of its own: a thread
 * shows one of these per reply, and the page's session query already keeps the cache fresh.
 */
export function useViewer(): Ranked | null | undefined {
  return useQuery({
    ...sessionQueryOptions(),
    select: (user) => (user ? { id: user.id, role: user.role } : null),
    refetchInterval: false,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  }).data;
}
