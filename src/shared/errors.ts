import { z } from 'zod';

/**
 * The one error catalogue (DESIGN.md §5). Every error a client sees has one of these codes and
 * the status listed beside it, except the storage quota error: `resource-exhausted` with 413
 * (docs/decisions/002-storage-quota-status.md).
 */
export const errorStatus = {
  'invalid-argument': 400,
  'out-of-range': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  'already-exists': 409,
  aborted: 409,
  'failed-precondition': 412,
  'resource-exhausted': 429,
  cancelled: 499,
  'data-loss': 500,
  internal: 500,
  unknown: 500,
  unimplemented: 501,
  unavailable: 503,
  'deadline-exceeded': 504,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly status: number;

  constructor(code: ErrorCode, message: string, details?: unknown, status?: number) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.status = status ?? errorStatus[code];
  }

  toEnvelope(): ErrorEnvelope {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

export const invalidArgument = (message: string, details?: unknown) =>
  new AppError('invalid-argument', message, details);
export const unauthenticated = (message = 'Please log in to continue') =>
  new AppError('unauthenticated', message);
export const permissionDenied = (
  message = 'You do not have permission to do this',
  details?: unknown,
) => new AppError('permission-denied', message, details);
export const notFound = (what: string) => new AppError('not-found', `${what} not found`);
export const alreadyExists = (message: string) => new AppError('already-exists', message);
export const failedPrecondition = (message: string) => new AppError('failed-precondition', message);
export const resourceExhausted = (message: string, details?: unknown) =>
  new AppError('resource-exhausted', message, details);
export const quotaExceeded = (message: string, details?: unknown) =>
  new AppError('resource-exhausted', message, details, 413);
export const unavailable = (message: string) => new AppError('unavailable', message);
export const internal = () => new AppError('internal', 'Something went wrong on our side');

export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  return errorEnvelopeSchema.safeParse(body).success;
}
