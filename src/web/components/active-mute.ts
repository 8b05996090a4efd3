import type { MuteInfo } from '../../shared/mutes';

/**
 * A mute whose end has passed no longer silences (the server lifts it on its own). Apart from
 * the notice, so a page that only asks whether its reader is muted loads none of it.
 */
export function activeMute(mute: MuteInfo | null | undefined, now = Date.now()): MuteInfo | null {
  return mute && Date.parse(mute.until) > now ? mute : null;
}
