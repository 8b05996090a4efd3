import { Button, Menu } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../shell/confirm-dialog';
import { confirm } from '../shell/confirm-store';
import { renderWithTheme } from '../test/render';
import { AppModal } from './app-modal';

/** A menu whose item opens a dialog, whose Continue asks for confirmation: a purge's shape. */
function MenuWithDialog() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Menu>
        <Menu.Target>
          <Button>Moderate</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setOpened(true)}>Purge</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <AppModal opened={opened} onClose={() => setOpened(false)} title="Purge this post">
        <Button onClick={() => setOpened(false)}>Cancel</Button>
        <Button
          onClick={() => {
            confirm({ title: 'Purge for good', message: 'Sure?', onConfirm: () => {} });
            setOpened(false);
          }}
        >
          Continue
        </Button>
      </AppModal>
      <ConfirmDialog />
    </>
  );
}

async function openFromMenu() {
  renderWithTheme(<MenuWithDialog />);
  const events = userEvent.setup({ delay: null });
  const target = screen.getByRole('button', { name: 'Moderate' });
  await events.click(target);
  await events.click(await screen.findByRole('menuitem', { name: 'Purge' }));
  await screen.findByRole('dialog', { name: 'Purge this post' });
  return { events, target };
}

describe('focus after a dialog', () => {
  it('goes back to the menu button when a menu item opened the dialog', async () => {
    const { events, target } = await openFromMenu();
    expect(screen.getByRole('button', { name: 'Close dialog' })).toBeTruthy();

    await events.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(document.activeElement).toBe(target));
  });

  it('goes back to the menu button after the confirmation the dialog led to', async () => {
    const { events, target } = await openFromMenu();
    await events.click(screen.getByRole('button', { name: 'Continue' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Purge for good' });
    expect(confirmation).toBeTruthy();

    await events.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(target));
  });
});
