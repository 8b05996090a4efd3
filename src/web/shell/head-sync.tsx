import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSite } from '../api/get-site';
import { applyPageHead, pageHead } from './head';

/** Keeps title, description and canonical link in step with client-side navigation. */
export function HeadSync() {
  const { pathname } = useLocation();
  const site = useSite();

  useEffect(() => {
    applyPageHead(document, pageHead(pathname, site, window.location.origin));
  }, [pathname, site]);

  return null;
}
