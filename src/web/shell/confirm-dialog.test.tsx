import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../test/render';
import { ConfirmDialog } from './confirm-dialog';
import { confirm, confirmStore } from './confirm-store';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function button(name: string): HTMLButtonElement {
  return screen.getByRole<HTMLButtonElement>('button', { name });
}

describe('confirm dialog', () => {
  it('uses the catalogue defaults for title and labels', () => {
    renderWithTheme(<ConfirmDialog />);
    act(() => confirm({ message: 'Delete this draft?', onConfirm: () => {} }));

    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByText('Confirm Action')).toBeTruthy();
    expect(screen.getByText('Delete this draft?')).toBeTruthy();
    expect(button('Confirm')).toBeTruthy();
    expect(button('Cancel')).toBeTruthy();
    expect(button('Confirm').dataset.type).toBe('info');
  });

  it('disables both buttons and blocks dismissal while onConfirm runs, then closes', async () => {
    const action = deferred();
    renderWithTheme(<ConfirmDialog />);
    act(() =>
      confirm({
        title: 'Publish?',
        message: 'Publish now.',
        type: 'danger',
        onConfirm: () => action.promise,
      }),
    );

    fireEvent.click(button('Confirm'));
    expect(confirmStore.getState().loading).toBe(true);
    expect(button('Cancel').disabled).toBe(true);
    expect(screen.getByRole('button', { name: /Confirm/ }).hasAttribute('disabled')).toBe(true);

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(confirmStore.getState().opened).toBe(true);
    expect(screen.queryByRole('button', { name: 'Close dialog' })).toBeNull();

    await act(async () => {
      action.resolve();
      await action.promise;
    });
    expect(confirmStore.getState()).toMatchObject({ opened: false, loading: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('always closes when onConfirm fails, logging only a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const action = deferred();
    renderWithTheme(<ConfirmDialog />);
    act(() => confirm({ message: 'Try it', onConfirm: () => action.promise }));

    fireEvent.click(button('Confirm'));
    await act(async () => {
      action.reject(new Error('server said no'));
      await action.promise.catch(() => {});
    });

    expect(confirmStore.getState().opened).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('runs onCancel and closes on Cancel, without running onConfirm', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithTheme(<ConfirmDialog />);
    act(() => confirm({ message: 'Leave?', cancelLabel: 'Stay', onConfirm, onCancel }));

    fireEvent.click(button('Stay'));

    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('treats Escape as cancel when idle', () => {
    const onCancel = vi.fn();
    renderWithTheme(<ConfirmDialog />);
    act(() => confirm({ message: 'Leave?', onConfirm: () => {}, onCancel }));

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });

    expect(onCancel).toHaveBeenCalledOnce();
    expect(confirmStore.getState().opened).toBe(false);
  });
});
