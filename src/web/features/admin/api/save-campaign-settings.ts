import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignSettingsResponse, type CampaignSettings } from '../../../../shared/donations';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** PUT /api/admin/donations/campaign: the campaign the donations page shows from now on. */
export async function saveCampaignSettings(settings: CampaignSettings) {
  const { campaign } = await apiFetch('/api/admin/donations/campaign', campaignSettingsResponse, {
    method: 'PUT',
    body: JSON.stringify(settings),
  });
  return campaign;
}

export function useSaveCampaignSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCampaignSettings,
    onSuccess: async (campaign) => {
      queryClient.setQueryData(queryKeys.campaignSettings, campaign);
      await queryClient.invalidateQueries({ queryKey: queryKeys.donationsPage });
    },
  });
}
