import { Paper, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { ReadyMark } from '../shell/ready-mark';
import classes from './layout.module.css';
import { SiteBrand } from './site-brand';

/** Sign-in, sign-up, verification and reset: a centred card, no navigation. */
export function AuthLayout() {
  return (
    <main className={classes.authPage}>
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={440}>
        <Stack gap="lg">
          <SiteBrand />
          <Outlet />
          <ReadyMark />
        </Stack>
      </Paper>
    </main>
  );
}
