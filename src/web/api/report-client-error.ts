import { z } from 'zod';
import { apiFetch } from './api-client';

export interface ClientErrorReport {
  message: string;
  status: number;
  path: string;
  stack?: string;
}

/**
 * Tells the server about an error the app could not handle (POST /api/client-errors) so it
 * shows in the operator's log. Best effort: a failed report is only warned about.
 */
export function reportClientError(report: ClientErrorReport): void {
  const body = {
    message: report.message.slice(0, 1000) || 'Unknown error',
    status: report.status,
    path: report.path.slice(0, 2000),
    ...(report.stack ? { stack: report.stack.slice(0, 10_000) } : {}),
  };
  apiFetch('/api/client-errors', z.unknown(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch((error: unknown) => console.warn('Could not report the error to the server', error));
}
