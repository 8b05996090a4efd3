import type { FormErrors } from '@mantine/form';
import { z } from 'zod';
import { isApiError } from '../../api/api-client';
import { fieldErrorsFrom } from '../../shell/server-errors';

/** A refusal of the films' service names its fields as `details.fields: { intoId: '…' }`. */
const namedFields = z.object({ fields: z.record(z.string(), z.string()) });

/**
 * The server's words for each field of `values` it refused: the request's validation lists them
 * as `details.issues`, the films' own rules as `details.fields`. Empty when it named none.
 */
export function filmFieldErrors(error: unknown, values: object): FormErrors {
  const errors = fieldErrorsFrom(error, values);
  if (!isApiError(error) || error.code !== 'invalid-argument') return errors;
  const details = namedFields.safeParse(error.details);
  if (!details.success) return errors;
  for (const [field, message] of Object.entries(details.data.fields)) {
    if (field in values && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}
