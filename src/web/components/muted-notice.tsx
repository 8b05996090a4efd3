import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconVolumeOff } from './icons';
import { useCallback } from 'react';
import type { SessionUser } from '../../shared/session';
import { mutedDetails, type MuteInfo } from '../../shared/mutes';
import { isApiError } from '../api/api-client';
import { queryKeys } from '../api/query-keys';
import { useSession } from '../api/session';
import { activeMute } from './active-mute';
import { formatDateTime } from './format-time';

/** The mute behind a write the server refused because its author is muted, if it was that. */
export function muteFromError(error: unknown): MuteInfo | null {
  if (!isApiError(error) || error.code !== 'permission-denied') return null;
  const details = mutedDetails.safeParse(error.details);
  return details.success ? details.data.muted : null;
}

/** The signed-in user's mute in force, or null. */
export function useActiveMute(): MuteInfo | null {
  return activeMute(useSession().data?.mute);
}

/**
 * Returns a function that, given a failed write, records a mute the server answered with in the
 * session (so every form shows the notice at once, before the next session poll) and says
 * whether it was one.
 */
export function useMuteRefusal(): (error: unknown) => boolean {
  const queryClient = useQueryClient();
  return useCallback(
    (error) => {
      const mute = muteFromError(error);
      if (!mute) return false;
      queryClient.setQueryData<SessionUser | null>(queryKeys.session, (user) =>
        user ? { ...user, mute } : user,
      );
      return true;
    },
    [queryClient],
  );
}

/** Shown in place of a form a muted user cannot send. */
export function MutedNotice({ mute }: { mute: MuteInfo }) {
  return (
    <Alert
      color="orange"
      variant="light"
      role="status"
      icon={<IconVolumeOff size={18} aria-hidden />}
      title="You cannot post for now"
    >
      You are muted until {formatDateTime(mute.until)}: {mute.reason}
    </Alert>
  );
}
