import { postWayIn, useWayIn } from './sign-in';

/**
 * POST /api/auth/verify-email: following the emailed link verifies the address and signs in (or
 * asks for the second factor).
 */
export const verifyEmail = (token: string) => postWayIn('/api/auth/verify-email', { token });

export const useVerifyEmail = () => useWayIn(verifyEmail);
