import { z } from 'zod';
import { campaignSettingsSchema, type CampaignSettings } from '../../../shared/donations';
import {
  hasAtMostTwoDecimals,
  toMajorUnits,
  toMinorUnits,
  typedAmount,
} from '../../components/money-amount';

/** The campaign form's fields: the goal as typed in the currency, an empty end for none. */
export interface CampaignFormValues {
  title: string;
  text: string;
  goal: number | string;
  startsAt: string;
  /** '' for an open-ended campaign. */
  endsAt: string;
}

function toSettings(values: CampaignFormValues, goal: number): CampaignSettings {
  return {
    title: values.title.trim(),
    text: values.text.trim(),
    goal,
    startsAt: values.startsAt,
    endsAt: values.endsAt === '' ? null : values.endsAt,
  };
}

/**
 * The shared campaign schema checks every field, once the goal typed in the currency is
 * turned into the cents it takes.
 */
export const campaignForm = z
  .object({
    title: z.string(),
    text: z.string(),
    goal: z.union([z.number(), z.string()]),
    startsAt: z.string(),
    endsAt: z.string(),
  })
  .superRefine((values, context) => {
    const goal = typedAmount(values.goal);
    const goalProblem =
      goal === null ? 'Enter a goal' : hasAtMostTwoDecimals(goal) ? null : 'At most two decimals';
    if (goalProblem) context.addIssue({ code: 'custom', path: ['goal'], message: goalProblem });
    const checked = campaignSettingsSchema.safeParse(
      toSettings(values, goal === null ? 0 : toMinorUnits(goal)),
    );
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      if (goalProblem && issue.path[0] === 'goal') continue;
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });

/** What PUT /api/admin/donations/campaign takes, from values the form has checked. */
export function toCampaignSettings(values: CampaignFormValues): CampaignSettings {
  return toSettings(values, toMinorUnits(typedAmount(values.goal) ?? 0));
}

/** Today as YYYY-MM-DD in the admin's own time zone. */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function campaignFormValues(settings: CampaignSettings | null): CampaignFormValues {
  if (!settings) return { title: '', text: '', goal: '', startsAt: today(), endsAt: '' };
  return {
    title: settings.title,
    text: settings.text,
    goal: toMajorUnits(settings.goal),
    startsAt: settings.startsAt,
    endsAt: settings.endsAt ?? '',
  };
}
