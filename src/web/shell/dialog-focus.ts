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

/** A menu item stands for its menu's button: the item is gone once the menu closes. */
function throughMenus(element: HTMLElement): HTMLElement {
  const menu = element.closest('[role="menu"][aria-labelledby]');
  const target = menu && document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return target ?? element;
}

/**
 * The control pressed last, read when it is pressed: by the time a dialog opens, the menu item
 * that opened it may already be gone and focus left on the page's body.
 */
let lastPressed: HTMLElement | null = null;
let tracking = false;

function trackPresses(): void {
  if (tracking) return;
  tracking = true;
  document.addEventListener(
    'click',
    (event) => {
      const control =
        event.target instanceof Element ? event.target.closest('button, a, [role]') : null;
      if (!(control instanceof HTMLElement)) return;
      // A press inside a dialog that leads to another hands the first dialog's opener on.
      const dialog = control.closest('[role="dialog"]') ? openDialogs.at(-1) : undefined;
      lastPressed = dialog ? dialog.opener : throughMenus(control);
    },
    true,
  );
}

function openerOf(active: Element | null): HTMLElement | null {
  const focused = active instanceof HTMLElement && active !== document.body ? active : null;
  if (focused?.closest('[role="dialog"]')) {
    const current = openDialogs.at(-1) ?? lastClosed;
    if (current) return current.opener;
  }
  if (focused) return throughMenus(focused);
  return lastPressed?.isConnected ? lastPressed : null;
}

/**
 * Returns focus to the dialog's opener once it closes, unless another dialog took over. Pass
 * `returnFocus={false}` to the Mantine modal that uses it.
 */
export function useReturnFocus(opened: boolean): void {
  useEffect(trackPresses, []);
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
