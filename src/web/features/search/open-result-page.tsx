import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/api-client';
import { LoadError, LoadingStatus } from '../../components/query-list';
import { PrefetchLink } from '../../shell/prefetch-link';
import { HttpStatus } from '../../shell/render-context';
import { useOpenResult } from './api/open-result';
import classes from './search-page.module.css';

/** Only a path of this site is followed: an answer can never send the reader elsewhere. */
function isLocalPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

function NoLongerAvailable() {
  return (
    <Stack gap="md" align="flex-start">
      <HttpStatus code={404} />
      <Title order={1}>This result is no longer available</Title>
      <Text>
        It may have been deleted or hidden since the search, or you may no longer be allowed to see
        it.
      </Text>
      <Button component={PrefetchLink} to="/search" variant="default">
        Back to search
      </Button>
    </Stack>
  );
}

/**
 * /search/{category}/{id}: asks where a result lives now (a reply's thread and page, a chat
 * message's room) and goes there, replacing this page in the history so Back returns to the
 * results.
 */
export function OpenResultPage() {
  const { category = '', id = '' } = useParams();
  const result = useOpenResult(category, id);
  const navigate = useNavigate();
  const url = result.data;
  const local = url !== undefined && isLocalPath(url);

  useEffect(() => {
    if (url !== undefined && isLocalPath(url)) void navigate(url, { replace: true });
  }, [url, navigate]);

  if ((isApiError(result.error) && result.error.code === 'not-found') || (url && !local)) {
    return <NoLongerAvailable />;
  }
  return (
    <>
      <Title order={1} className={classes.visuallyHidden}>
        Search result
      </Title>
      {result.isError ? (
        <LoadError title="Could not open the result" error={result.error} />
      ) : (
        <LoadingStatus label="Opening the result" py="xl" />
      )}
    </>
  );
}
