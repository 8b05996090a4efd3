import { Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../shell/toast-store';
import { LoadingStatus } from '../../components/query-list';
import { outcomeOf, reportToOpener } from './providers';
import { useFinishProviderSignIn } from './provider-sign-in';

/**
 * /auth/provider-done: where every sign-in or link through a provider ends. In its popup it
 * tells the page that opened it and closes; when popups were blocked, this page goes on itself.
 */
export function ProviderDonePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishProviderSignIn();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const outcome = outcomeOf(params);
    if (outcome.popup) {
      reportToOpener(outcome);
      window.close();
      return;
    }
    const login = (extra: Record<string, string>) =>
      void navigate(
        `/auth/login?${new URLSearchParams({ redirect: outcome.to, provider: outcome.provider, ...extra }).toString()}`,
        { replace: true },
      );
    if (outcome.link) {
      if (outcome.error) {
        void navigate(
          `/user-profile?${new URLSearchParams({ linkError: outcome.error, provider: outcome.provider }).toString()}#identities`,
          { replace: true },
        );
      } else {
        toast.show({ title: 'Account linked', color: 'green' });
        void navigate('/user-profile#identities', { replace: true });
      }
    } else if (outcome.error) {
      login({ providerError: outcome.error });
    } else if (outcome.secondFactor) {
      login({ secondFactor: '1' });
    } else {
      void finish(outcome);
    }
  }, [params, navigate, finish]);

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        Signing in
      </Title>
      <LoadingStatus label="Finishing sign-in" />
    </Stack>
  );
}
