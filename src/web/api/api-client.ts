import type { z } from 'zod';
import { errorStatus, isErrorEnvelope, type ErrorCode } from '../../shared/errors';

/**
 * An error from our API, carrying the catalogue code (SPEC §8, shared/errors.ts) so pages and
 * toasts can react to `code` rather than to message text.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly statusText: string;
  readonly details: unknown;

  constructor(options: {
    code: ErrorCode;
    status: number;
    message: string;
    statusText?: string;
    details?: unknown;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.statusText = options.statusText ?? '';
    this.details = options.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Relative URLs work in the browser. When pages are rendered on the server (a later issue),
 * it calls configureApi with the site's own origin before running loaders.
 */
let apiOrigin = '';

export function configureApi(options: { origin: string }): void {
  apiOrigin = options.origin.replace(/\/$/, '');
}

function codeForStatus(status: number): ErrorCode {
  const match = (Object.entries(errorStatus) as [ErrorCode, number][]).find(
    ([, value]) => value === status,
  );
  return match?.[0] ?? (status >= 500 ? 'internal' : 'unknown');
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Fetches `path` and validates the JSON body with `schema`. Any failure (network, error
 * envelope, unexpected body) becomes an ApiError, so callers handle one error type.
 */
export async function apiFetch<T>(
  path: string,
  schema: z.ZodType<T>,
  init: RequestInit = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${apiOrigin}${path}`, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError({
      code: 'unavailable',
      status: 503,
      message: 'Could not reach the server. Check your connection and try again.',
      details: error instanceof Error ? error.message : undefined,
    });
  }

  const body = await readJson(response);
  if (!response.ok) {
    if (isErrorEnvelope(body)) {
      throw new ApiError({
        code: body.error.code,
        status: response.status,
        statusText: response.statusText,
        message: body.error.message,
        details: body.error.details,
      });
    }
    throw new ApiError({
      code: codeForStatus(response.status),
      status: response.status,
      statusText: response.statusText,
      message: `The server answered ${response.status} ${response.statusText}`.trim(),
    });
  }

  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({
      code: 'internal',
      status: 500,
      message: `Unexpected response from ${path}`,
      details: parsed.error.issues,
    });
  }
  return parsed.data;
}
