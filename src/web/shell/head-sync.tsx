import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSite } from '../api/get-site';
import { applyPageHead, pageHead } from './head';
import { useDeclaredHeadOf } from './render-context';

/** Keeps title, description, canonical link and social tags in step with client-side navigation. */
export function HeadSync() {
  const { pathname } = useLocation();
  const site = useSite();
  const declared = useDeclaredHeadOf(pathname);

  useEffect(() => {
    applyPageHead(document, pageHead({ pathname, site, origin: window.location.origin, declared }));
  }, [pathname, site, declared]);

  return null;
}
