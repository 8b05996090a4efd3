/**
 * The films' TanStack Query keys. They belong with the others in `api/query-keys.ts`; they are
 * kept here until that module takes them, under the same `['films', …]` root.
 */
export const filmKeys = {
  /** Every film query: the index, each film's page, the picker's suggestions, the duplicates. */
  all: ['films'] as const,
  index: (params: Record<string, string>) => ['films', 'index', params] as const,
  /** Every page (sort, page number) of one film. */
  filmPages: (id: number) => ['films', 'film', id] as const,
  film: (id: number, params: Record<string, string>) => ['films', 'film', id, params] as const,
  suggestions: (q: string) => ['films', 'suggest', q] as const,
  duplicates: ['films', 'duplicates'] as const,
};
