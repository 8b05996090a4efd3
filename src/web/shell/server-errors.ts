import type { FormErrors } from '@mantine/form';
import { z } from 'zod';
import { isApiError } from '../api/api-client';
import { toast } from './toast-store';

/** The issues an `invalid-argument` answer lists; paths are JSON pointers like "/newEmail". */
const validationDetails = z.object({
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});

/** Field errors for the fields of `values` that the server named; empty when it named none. */
export function fieldErrorsFrom(error: unknown, values: object): FormErrors {
  if (!isApiError(error) || error.code !== 'invalid-argument') return {};
  const details = validationDetails.safeParse(error.details);
  if (!details.success) return {};
  const errors: FormErrors = {};
  for (const issue of details.data.issues) {
    const field = issue.path.replace(/^\//, '').replaceAll('/', '.');
    if (field in values && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message !== ''
    ? error.message
    : 'Something went wrong. Please try again.';
}

/**
 * Shows a failed request: on the form's fields when the server named them, otherwise as a red
 * toast carrying the server's message.
 */
export function showServerError(
  title: string,
  error: unknown,
  form?: { getValues: () => object; setErrors: (errors: FormErrors) => void },
): void {
  const fieldErrors = form ? fieldErrorsFrom(error, form.getValues()) : {};
  if (form && Object.keys(fieldErrors).length > 0) {
    form.setErrors(fieldErrors);
    return;
  }
  toast.show({ title, description: errorMessage(error), color: 'red' });
}

export function showSuccess(title: string, description?: string): void {
  toast.show({ title, description, color: 'green' });
}
