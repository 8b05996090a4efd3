import type { z } from 'zod';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  adminDonationsExportQuery,
  adminDonationsResponse,
  type AdminDonationsQuery,
} from '../../../../shared/donations';
import { apiFetch } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** The admin list's filters as the URL and the API spell them; absent ones are undefined. */
export type DonationFilters = Pick<AdminDonationsQuery, 'from' | 'to' | 'status' | 'interval'>;

export const donationFilterNames = ['from', 'to', 'status', 'interval'] as const;

/** The filters a URL holds; a value the API would refuse (a misspelt date) is left out. */
export function donationFiltersFrom(params: URLSearchParams): DonationFilters {
  const { shape } = adminDonationsExportQuery;
  const read = <T>(schema: z.ZodType<T>, name: string): T | undefined => {
    const parsed = schema.safeParse(params.get(name) ?? undefined);
    return parsed.success ? parsed.data : undefined;
  };
  return {
    from: read(shape.from, 'from'),
    to: read(shape.to, 'to'),
    status: read(shape.status, 'status'),
    interval: read(shape.interval, 'interval'),
  };
}

/** The filters as a query string: the API's, the export's and the page's URL are spelled the same. */
export function donationSearch(filters: DonationFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of donationFilterNames) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  return params;
}

/** GET /api/admin/donations/export.csv: every donation the filters match, as a download. */
export function donationsExportPath(filters: DonationFilters): string {
  const search = donationSearch(filters).toString();
  return `/api/admin/donations/export.csv${search === '' ? '' : `?${search}`}`;
}

/** GET /api/admin/donations: one page of donations, newest first, with the filters' totals. */
export function getAdminDonations(filters: DonationFilters, cursor: string | null) {
  const params = donationSearch(filters);
  if (cursor !== null) params.set('cursor', cursor);
  const search = params.toString();
  return apiFetch(
    `/api/admin/donations${search === '' ? '' : `?${search}`}`,
    adminDonationsResponse,
  );
}

export function adminDonationsQueryOptions(filters: DonationFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.adminDonationList({ ...filters }),
    queryFn: ({ pageParam }) => getAdminDonations(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // New filters keep the old rows on screen (dimmed) until their answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useAdminDonations(filters: DonationFilters) {
  return useInfiniteQuery(adminDonationsQueryOptions(filters));
}
