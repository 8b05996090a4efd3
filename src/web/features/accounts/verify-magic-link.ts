import { postWayIn, useWayIn } from './sign-in';

/** POST /api/auth/magic-link/verify: the emailed link signs in (or asks for the second factor). */
export const verifyMagicLink = (token: string) =>
  postWayIn('/api/auth/magic-link/verify', { token });

export const useVerifyMagicLink = () => useWayIn(verifyMagicLink);
