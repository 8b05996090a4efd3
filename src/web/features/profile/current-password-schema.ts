import { z } from 'zod';
import { passwordPolicy } from '../../../shared/accounts';

/** The shared bodies only say min(1); the form says it in words. */
export const currentPasswordSchema = z
  .string()
  .min(1, 'Enter your current password')
  .max(passwordPolicy.maxLength);
