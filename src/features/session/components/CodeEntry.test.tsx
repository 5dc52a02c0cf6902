// The shared code entry (PRODUCT §2, §5): mobile needs exactly 6 digits (submit disabled until then,
// 'Invalid Code' otherwise); login needs a code ('Code Required'); resend on demand.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast, Toaster } from '@/components/ui/toast.ts';
import { CodeEntry, type CodeEntryProps } from './CodeEntry.tsx';

afterEach(() => act(() => dismissToast()));

function setup(props: Partial<CodeEntryProps> & Pick<CodeEntryProps, 'rule' | 'submitLabel'>) {
  const onSubmit = vi.fn();
  render(
    <>
      <CodeEntry pending={false} onSubmit={onSubmit} {...props} />
      <Toaster />
    </>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('CodeEntry, mobile (six digits)', () => {
  it('keeps Verify & Continue disabled until 6 digits, then hands the code over', async () => {
    const { onSubmit, user } = setup({ rule: 'six-digits', submitLabel: 'Verify & Continue' });
    const button = screen.getByRole('button', { name: 'Verify & Continue' });
    await user.type(screen.getByLabelText('Verification code'), '12345');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Verification code'), '6');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it("says 'Invalid Code' when Enter is pressed with fewer than 6 digits", async () => {
    const { onSubmit, user } = setup({ rule: 'six-digits', submitLabel: 'Verify & Continue' });
    await user.type(screen.getByLabelText('Verification code'), '123{Enter}');
    expect(await screen.findByText('Invalid Code')).toBeInTheDocument();
    expect(screen.getByText('Please enter the 6-digit verification code.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("offers 'Didn't receive code? Resend'", async () => {
    const onResend = vi.fn();
    const { user } = setup({ rule: 'six-digits', submitLabel: 'Verify & Continue', onResend });
    expect(screen.getByText(/Didn't receive code\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it('counts the resend down while it must wait ("Resend in 42 s"), then offers it again', () => {
    vi.useFakeTimers();
    try {
      const onResend = vi.fn();
      setup({ rule: 'six-digits', submitLabel: 'Verify & Continue', onResend, resendAvailableAt: Date.now() + 42_000 });
      expect(screen.getByRole('button', { name: 'Resend in 42 s' })).toBeDisabled();
      act(() => vi.advanceTimersByTime(2000));
      expect(screen.getByRole('button', { name: 'Resend in 40 s' })).toBeDisabled();
      act(() => vi.advanceTimersByTime(40_000));
      expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('CodeEntry, login (required)', () => {
  it("says 'Code Required' for an empty code", async () => {
    const { onSubmit, user } = setup({ rule: 'required', submitLabel: 'Verify & Sign In' });
    await user.click(screen.getByRole('button', { name: 'Verify & Sign In' }));
    expect(await screen.findByText('Code Required')).toBeInTheDocument();
    expect(screen.getByText('Please enter the verification code.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands over whatever code was typed (the server judges it) and blocks while pending', async () => {
    const { onSubmit, user } = setup({ rule: 'required', submitLabel: 'Verify & Sign In' });
    await user.type(screen.getByLabelText('Verification code'), '42');
    await user.click(screen.getByRole('button', { name: 'Verify & Sign In' }));
    expect(onSubmit).toHaveBeenCalledWith('42');
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
  });
});
