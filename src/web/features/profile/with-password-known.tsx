import type { ReactNode } from 'react';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { useIdentities } from './api/identities';

/**
 * Renders `children` once it is known whether the account has a password to ask for (a
 * provider's newcomer may have none): the second factor's and the passkeys' forms.
 */
export function WithPasswordKnown({ children }: { children: (hasPassword: boolean) => ReactNode }) {
  const identities = useIdentities();
  if (identities.isPending) return <LoadingStatus label="Loading how you sign in" />;
  if (identities.isError) {
    return <LoadError title="Could not load how you sign in" error={identities.error} />;
  }
  return children(identities.data.password);
}
