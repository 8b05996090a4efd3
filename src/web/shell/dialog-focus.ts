import { useEffect } from 'react';

/**
 * Where focus goes when a dialog closes: back to the control that opened it. A dialog opened
 * from a menu item gets the menu's button (the item is gone with the menu), and a dialog opened
 * from another dialog (a purge's reason, then its confirmation) inherits that dialog's opener.
 */
interface OpenDialog {
  opener: HTMLElement | null;
}

const openDialogs: OpenDialog[] = [];
/** The dialog that closed last, which may hand its opener on to one opened in the same moment. */
let lastClosed: OpenDialog | null = null;

function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"][aria-labelledby]');
  if (menu) {
    const target = document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
    if (target) return target;
  }
  if (active.closest('[role="dialog"]')) {
    const current = openDialogs.at(-1) ?? lastClosed;
    if (current) return current.opener;
  }
  return active;
}

/**
 * Returns focus to the dialog's opener once it closes, unless another dialog took over. Pass
 * `returnFocus={false}` to the Mantine modal that uses it.
 */
export function useReturnFocus(opened: boolean): void {
  useEffect(() => {
    if (!opened) return undefined;
    const dialog: OpenDialog = { opener: openerOf(document.activeElement) };
    openDialogs.push(dialog);
    return () => {
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      lastClosed = dialog;
      // After Mantine's focus trap lets go; a dialog opened in the same moment keeps focus.
      window.setTimeout(() => {
        if (openDialogs.length > 0 || !dialog.opener?.isConnected) return;
        // Focus the member moved elsewhere themselves stays where they put it.
        const active = document.activeElement;
        if (active && active !== document.body && !active.closest('[role="dialog"]')) return;
        dialog.opener.focus({ preventScroll: true });
      }, 10);
    };
  }, [opened]);
}
