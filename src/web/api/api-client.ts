import type { z } from 'zod';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/csrf';
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

  /** Errors travel from a server render to the browser as JSON (ssr-state.ts revives them). */
  toJSON() {
    return {
      apiError: true,
      code: this.code,
      status: this.status,
      message: this.message,
      details: this.details,
    };
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type ApiErrorListener = (error: ApiError) => void;
const errorListeners = new Set<ApiErrorListener>();

/**
 * Calls `listener` with every error answer the server gives, whoever made the call, so the app
 * shell can react in one place to answers any call may get (a blocked account). Returns the
 * unsubscribe function.
 */
export function onApiError(listener: ApiErrorListener): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

function announced(error: ApiError): ApiError {
  for (const listener of errorListeners) listener(error);
  return error;
}

/**
 * Relative URLs and the browser's fetch work in the browser. A server render calls configureApi
 * once with a transport that answers from the server itself, for the request being rendered.
 */
type Transport = (input: string, init: RequestInit) => Promise<Response>;

let apiOrigin = '';
let transport: Transport = (input, init) => fetch(input, init);

export function configureApi(options: { origin?: string; transport?: Transport }): void {
  if (options.origin !== undefined) apiOrigin = options.origin.replace(/\/$/, '');
  if (options.transport) transport = options.transport;
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function writeHeaders(init: RequestInit): Record<string, string> {
  const method = (init.method ?? 'GET').toUpperCase();
  if (safeMethods.has(method)) return {};
  const token = readCookie(CSRF_COOKIE);
  const headers: Record<string, string> = token ? { [CSRF_HEADER]: token } : {};
  if (typeof init.body === 'string') headers['content-type'] = 'application/json';
  return headers;
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
 * envelope, unexpected body) becomes an ApiError, so callers handle one error type; a call
 * cancelled through `init.signal` rejects with the signal's reason instead.
 */
export async function apiFetch<T>(
  path: string,
  schema: z.ZodType<T>,
  init: RequestInit = {},
): Promise<T> {
  let response: Response;
  try {
    response = await transport(`${apiOrigin}${path}`, {
      ...init,
      headers: { accept: 'application/json', ...writeHeaders(init), ...init.headers },
      credentials: 'same-origin',
    });
  } catch (error) {
    // A call its caller cancelled (`init.signal`: a newer search replaced it) is no outage.
    if (init.signal?.aborted) throw error;
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
      throw announced(
        new ApiError({
          code: body.error.code,
          status: response.status,
          statusText: response.statusText,
          message: body.error.message,
          details: body.error.details,
        }),
      );
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
