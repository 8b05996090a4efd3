import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { siteSettingsResponse, type siteSettingsBody } from '../../../../shared/site-settings';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export type SiteSettingsInput = z.input<typeof siteSettingsBody>;

/** PUT /api/admin/site: the site's name and description, shown in the header and <head>. */
export function updateSiteSettings(settings: SiteSettingsInput) {
  return apiFetch('/api/admin/site', siteSettingsResponse, {
    method: 'PUT',
    body: JSON.stringify(settings),
  });
}

export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteSettings,
    // The layout reads the site from this query: the new name shows at once.
    onSuccess: (site) => queryClient.setQueryData(queryKeys.site, site),
  });
}
