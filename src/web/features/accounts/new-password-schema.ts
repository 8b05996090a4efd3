import { z } from 'zod';
import { passwordSchema } from '../../../shared/accounts';

/** A new password typed twice; the length rules come from the shared schema. */
export const newPasswordFields = { password: passwordSchema, confirmPassword: z.string() };

export function passwordsMatch(values: { password: string; confirmPassword: string }): boolean {
  return values.password === values.confirmPassword;
}

export const passwordsDiffer = {
  path: ['confirmPassword'],
  message: 'The two passwords are not the same',
};
