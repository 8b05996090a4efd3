import { AppError } from '../../../../shared/errors.js';

/**
 * Better Auth's API errors. Matched by shape: the library and its router (better-call) each
 * export an `APIError` class, so `instanceof` misses redirects thrown by the router's one.
 */
interface AuthApiError {
  name: 'APIError';
  statusCode: number;
  message: string;
  body?: { code?: unknown };
}

function isAuthApiError(error: unknown): error is AuthApiError {
  const candidate = error as Partial<AuthApiError> | null;
  return (
    candidate instanceof Error &&
    candidate.name === 'APIError' &&
    typeof candidate.statusCode === 'number'
  );
}

/** Better Auth's error code, when `error` is one of its API errors. */
export function authErrorCode(error: unknown): string | undefined {
  if (!isAuthApiError(error)) return undefined;
  return typeof error.body?.code === 'string' ? error.body.code : undefined;
}

export const invalidLink = () =>
  new AppError('invalid-argument', 'This link is invalid, has expired or has already been used');

/**
 * Turns Better Auth's errors into the catalogue (DESIGN.md §5); anything unexpected becomes
 * `internal` through the error handler.
 */
export function toCatalogueError(error: unknown): unknown {
  if (!isAuthApiError(error)) return error;
  const code = authErrorCode(error);
  if (code === 'INVALID_TOKEN' || code === 'TOKEN_EXPIRED') return invalidLink();
  const message = error.message || 'Request refused';
  switch (error.statusCode) {
    case 302:
      return invalidLink();
    case 400:
    case 422:
      return new AppError('invalid-argument', message);
    case 401:
      return new AppError('unauthenticated', message);
    case 403:
      return new AppError('permission-denied', message);
    case 404:
      return new AppError('not-found', message);
    case 429:
      return new AppError('resource-exhausted', message);
    default:
      return error;
  }
}

/** Runs a Better Auth call, rethrowing its errors in the catalogue's terms. */
export async function callAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toCatalogueError(error);
  }
}
