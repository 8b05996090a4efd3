import { z } from 'zod';
import {
  donationAmountSchema,
  donationIntervals,
  donationLimits,
  donationMessageSchema,
  type CheckoutBody,
  type DonationCurrency,
} from '../../../shared/donations';
import { hasAtMostTwoDecimals, toMinorUnits, typedAmount } from '../../components/money-amount';

/** The amount choice that opens the typed amount; the others are presets in minor units. */
export const OTHER_AMOUNT = 'other';

/** Whether the donor wall shows the donor's name. */
export const wallChoices = ['name', 'anonymous'] as const;

/**
 * What is wrong with a typed amount (12.5 in the currency), in the shared schema's words, or
 * null. The amount is checked in minor units, as the server checks it, and a limit is named
 * with its currency ("The smallest donation is $1.00").
 */
export function typedAmountProblem(
  value: number | string,
  currency: DonationCurrency,
): string | null {
  const major = typedAmount(value);
  if (major === null) return 'Enter an amount';
  const checked = donationAmountSchema(currency).safeParse(toMinorUnits(major));
  if (!checked.success) return checked.error.issues[0]?.message ?? 'Enter an amount';
  if (!hasAtMostTwoDecimals(major)) return 'At most two decimals';
  return null;
}

/** The form's fields; a visitor who shows their name must give one (a member shows theirs). */
export function donationForm(member: boolean, currency: DonationCurrency) {
  return z
    .object({
      /** A preset in minor units ('500'), or OTHER_AMOUNT. */
      choice: z.string(),
      other: z.union([z.number(), z.string()]),
      interval: z.enum(donationIntervals),
      message: donationMessageSchema,
      wall: z.enum(wallChoices),
      name: z
        .string()
        .trim()
        .max(donationLimits.nameMax, `A name can be at most ${donationLimits.nameMax} characters`),
    })
    .superRefine((values, context) => {
      if (values.choice === OTHER_AMOUNT) {
        const problem = typedAmountProblem(values.other, currency);
        if (problem) context.addIssue({ code: 'custom', path: ['other'], message: problem });
      }
      if (!member && values.wall === 'name' && values.name.trim() === '') {
        context.addIssue({
          code: 'custom',
          path: ['name'],
          message: 'Give the name to show, or appear as Anonymous',
        });
      }
    });
}

export type DonationFormValues = z.input<ReturnType<typeof donationForm>>;

export const initialDonationForm: DonationFormValues = {
  choice: String(donationLimits.presets[1]),
  other: '',
  interval: 'once',
  message: '',
  wall: 'name',
  name: '',
};

/** The amount chosen or typed, in minor units; null while the typed one is not valid. */
export function amountOf(values: DonationFormValues, currency: DonationCurrency): number | null {
  if (values.choice !== OTHER_AMOUNT) return Number(values.choice);
  const major = typedAmount(values.other);
  return major === null || typedAmountProblem(values.other, currency) ? null : toMinorUnits(major);
}

/** What POST /api/donations/checkout takes. A member's wall name is their display name. */
export function toCheckoutBody(
  values: DonationFormValues,
  amount: number,
  member: boolean,
): CheckoutBody {
  const showName = values.wall === 'name';
  return {
    amount,
    interval: values.interval,
    message: values.message.trim(),
    showName,
    name: showName && !member ? values.name.trim() : '',
  };
}
