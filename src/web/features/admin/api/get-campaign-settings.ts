import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignSettingsResponse } from '../../../../shared/donations';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /api/admin/donations/campaign: the campaign's settings, or null before the first. */
export async function getCampaignSettings() {
  const { campaign } = await apiFetch('/api/admin/donations/campaign', campaignSettingsResponse);
  return campaign;
}

export function campaignSettingsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.campaignSettings, queryFn: getCampaignSettings });
}

export function useCampaignSettings() {
  return useQuery(campaignSettingsQueryOptions());
}
