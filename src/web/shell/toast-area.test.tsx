import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../test/render';
import { ToastArea } from './toast-area';
import { toast } from './toast-store';

describe('toast area', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => toast.clear());
    vi.useRealTimers();
  });

  it('shows title, description, close button and a counting-down progress bar', () => {
    renderWithTheme(<ToastArea />);
    act(() => {
      toast.show({ title: 'Saved', description: 'Your review is live.' });
    });

    const item = screen.getByTestId('toast');
    expect(item.getAttribute('role')).toBe('status');
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(screen.getByText('Your review is live.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeTruthy();

    const progress = screen.getByTestId('toast-progress');
    expect(progress.getAttribute('role')).toBe('progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe('100');

    act(() => {
      vi.advanceTimersByTime(2500);
    });
    expect(progress.getAttribute('aria-valuenow')).toBe('50');
  });

  it('hover pauses the countdown and leaving resumes it', () => {
    renderWithTheme(<ToastArea />);
    act(() => {
      toast.show({ title: 'Hover', timeout: 1000 });
    });

    act(() => {
      vi.advanceTimersByTime(400);
    });
    fireEvent.mouseEnter(screen.getByTestId('toast'));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByTestId('toast-progress').getAttribute('aria-valuenow')).toBe('60');

    fireEvent.mouseLeave(screen.getByTestId('toast'));
    act(() => {
      vi.advanceTimersByTime(599);
    });
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('clicking an action runs it and closes the toast; sticky toasts have no progress bar', () => {
    const onClick = vi.fn();
    renderWithTheme(<ToastArea />);
    act(() => {
      toast.show({ title: 'New version', timeout: 0, actions: [{ label: 'Reload', onClick }] });
    });
    expect(screen.queryByTestId('toast-progress')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));

    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
