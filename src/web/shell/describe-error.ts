import { isRouteErrorResponse } from 'react-router';

export interface ErrorDescription {
  status: number;
  title: string;
  description: string;
}

export function notFoundDescription(pathname: string): ErrorDescription {
  return {
    status: 404,
    title: 'Page Not Found',
    description: `The page ${pathname} could not be found.`,
  };
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Turns whatever a route threw into what the error page shows (SPEC §2 app shell): status
 * defaults to 500; 404 is 'Page Not Found' with the path; anything else is titled by its status
 * text or 'Internal Server Error' and described by its message.
 */
export function describeError(error: unknown, pathname: string): ErrorDescription {
  let status = 500;
  let statusText: string | undefined;
  let message: string | undefined;

  if (isRouteErrorResponse(error)) {
    status = error.status;
    statusText = text(error.statusText);
    message = text(error.data) ?? text(field(error.data, 'message'));
  } else {
    const candidate = field(error, 'status');
    if (typeof candidate === 'number' && candidate >= 400 && candidate <= 599) status = candidate;
    statusText = text(field(error, 'statusText'));
    message = text(field(error, 'message')) ?? text(error);
  }

  if (status === 404) return notFoundDescription(pathname);
  return {
    status,
    title: statusText ?? 'Internal Server Error',
    description: message ?? 'Something went wrong. Please try again.',
  };
}
