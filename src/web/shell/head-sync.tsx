import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSite } from '../api/get-site';
import { applyPageHead, pageHead } from './head';
import { useDeclaredHeadOf, useDeclaredStatusOf } from './render-context';

/** Keeps title, description, canonical link and social tags in step with client-side navigation. */
export function HeadSync() {
  const { pathname } = useLocation();
  const site = useSite();
  const declared = useDeclaredHeadOf(pathname);
  // A page that answers 404 or 410 is titled as the server titled it, not by its route.
  const status = useDeclaredStatusOf(pathname);

  useEffect(() => {
    applyPageHead(
      document,
      pageHead({ pathname, site, origin: window.location.origin, declared, status }),
    );
  }, [pathname, site, declared, status]);

  return null;
}
