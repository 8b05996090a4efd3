import { ActionIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMenu2 } from '../components/icons';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import classes from './layout.module.css';

const NavigationPanel = lazy(() => import('./navigation-panel'));

/**
 * Phones get one header row: the brand and this menu button, whose drawer holds the main
 * navigation, the colour mode and the account's pages. Any navigation closes it; closing it
 * gives focus back to the button.
 */
export function NavigationDrawer() {
  const [opened, { open, close }] = useDisclosure(false);
  // The drawer's code loads when the button is first pointed at, focused or pressed.
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const load = () => {
    if (!wanted) setWanted(true);
  };
  // However it closes (Escape, the close button, a link), focus goes back to the button.
  const returnFocus = () => button.current?.focus();
  const { pathname, search } = useLocation();
  useEffect(() => {
    close();
  }, [pathname, search, close]);

  return (
    <>
      <ActionIcon
        variant="default"
        size={40}
        ref={button}
        onClick={() => {
          load();
          open();
        }}
        onPointerEnter={load}
        onFocus={load}
        aria-label="Open navigation"
        aria-expanded={opened}
        aria-haspopup="dialog"
        className={classes.menuButton}
      >
        <IconMenu2 size={22} aria-hidden />
      </ActionIcon>
      {(wanted || opened) && (
        <Suspense fallback={null}>
          <NavigationPanel opened={opened} close={close} onClosed={returnFocus} />
        </Suspense>
      )}
    </>
  );
}
