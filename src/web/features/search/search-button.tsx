import { UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '../../components/icons';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import classes from './search-button.module.css';

/* The quick search is its own chunk: a visitor downloads it on first use, never before. */
const QuickSearch = lazy(() => import('./quick-search'));

const noSubscription = () => () => {};

/** Apple keyboards say ⌘ where others say Ctrl; the server and hydration draw Ctrl. */
function useAppleKeyboard(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => /Mac|iPhone|iPad/.test(navigator.userAgent),
    () => false,
  );
}

/**
 * The header's search: opens the quick search, also on Ctrl+K or ⌘K from anywhere on the page.
 * Its code loads when the button is first pointed at, focused or pressed, or on the shortcut.
 */
export function SearchButton({ className }: { className?: string }) {
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  const apple = useAppleKeyboard();
  const load = () => setWanted(true);
  const open = () => {
    setWanted(true);
    setOpened(true);
  };
  // From text fields too: the shortcut is the site's (no editor here binds it), and focus may
  // still sit in the quick search's own box while it fades out after a pick.
  useHotkeys([['mod+K', open]], []);

  return (
    <>
      <UnstyledButton
        className={className ? `${classes.button} ${className}` : classes.button}
        onClick={open}
        onPointerEnter={load}
        onFocus={load}
        aria-haspopup="dialog"
        aria-expanded={opened}
        aria-keyshortcuts={apple ? 'Meta+K' : 'Control+K'}
      >
        <IconSearch size={18} aria-hidden />
        <span className={classes.label}>Search</span>
        <span className={classes.hint} aria-hidden>
          <kbd className={classes.key}>{apple ? '⌘' : 'Ctrl'}</kbd>
          <kbd className={classes.key}>K</kbd>
        </span>
      </UnstyledButton>
      {wanted && (
        <Suspense fallback={null}>
          <QuickSearch opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
