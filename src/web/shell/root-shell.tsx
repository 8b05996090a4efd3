import { Center, Loader } from '@mantine/core';
import { Outlet, ScrollRestoration } from 'react-router';
import { CookieBanner } from './cookie-banner';
import { HeadSync } from './head-sync';

/**
 * The root route's element: the page (through its layout) plus the parts of the shell that
 * need the router — links in the cookie banner, the location for <head>.
 */
export function RootShell() {
  return (
    <>
      <Outlet />
      <CookieBanner />
      <HeadSync />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route's code and data load. */
export function AppLoading() {
  return (
    <Center mih="100vh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
