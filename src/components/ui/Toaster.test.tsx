// Toasts as PRODUCT §9 configures them (Radix Toast, shadcn/ui's numbers): one at a time, 5000 ms,
// swipe right 50 px, F8, removed 1,000,000 ms after dismissal; destructive style for errors.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  dismissToast,
  toast,
  Toaster,
  TOAST_CONFIG,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
} from './toast.ts';
import { ToastRegion } from './Toaster.tsx';

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('use the spec numbers', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(TOAST_CONFIG).toEqual({
      duration: 5000,
      swipeDirection: 'right',
      swipeThreshold: 50,
      hotkey: ['F8'],
    });
  });

  it('show one toast at a time: a new toast replaces the shown one', () => {
    render(<ToastRegion />);
    act(() => {
      toast({ title: 'Code Sent', description: 'A new verification code has been sent.' });
    });
    expect(screen.getByText('Code Sent')).toBeInTheDocument();
    act(() => {
      toast({
        title: 'Required Fields',
        description: 'Please fill in all required fields.',
        variant: 'destructive',
      });
    });
    expect(screen.queryByText('Code Sent')).not.toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument();
  });

  it('give errors the destructive style', () => {
    render(<ToastRegion />);
    act(() => {
      toast({
        title: 'Error',
        description: 'Failed to redeem reward. Please try again.',
        variant: 'destructive',
      });
    });
    const item = screen.getByText('Error').closest('li')!;
    expect(item).toHaveAttribute('data-variant', 'destructive');
    expect(item.className).toContain('bg-red-700');
  });

  it('close with their Close button and leave the list 1,000,000 ms after dismissal', async () => {
    render(<ToastRegion />);
    act(() => {
      toast({ title: 'Signed Out' });
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY));
    expect(screen.queryByText('Signed Out')).not.toBeInTheDocument();
  });

  it('offer the F8 region for keyboard users', () => {
    render(<ToastRegion />);
    expect(screen.getByRole('region', { name: /Notifications \(F8\)/ })).toBeInTheDocument();
  });

  it('load the region lazily: a toast raised before it loads still shows', async () => {
    act(() => {
      toast({ title: 'Code Sent', description: 'A new verification code has been sent.' });
    });
    render(<Toaster />);
    expect(await screen.findByText('Code Sent')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Notifications \(F8\)/ })).toBeInTheDocument();
  });

  it('load the region once the browser is idle, with no toast raised', async () => {
    render(<Toaster />);
    expect(await screen.findByRole('region', { name: /Notifications \(F8\)/ })).toBeInTheDocument();
  });
});
