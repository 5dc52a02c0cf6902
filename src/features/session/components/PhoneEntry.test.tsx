// The shared phone form (kiosk check-in, /login; PRODUCT §2, §5): an empty phone toasts 'Phone
// Required', a short one says so under the field, ten digits go to onSubmit; the screen's own
// problem shows under the field until the next submit's.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast, Toaster } from '@/components/ui/toast.ts';
import { PhoneEntry, type PhoneEntryProps } from './PhoneEntry.tsx';

afterEach(() => act(() => dismissToast()));

function setup(props: Partial<PhoneEntryProps> = {}) {
  const onSubmit = vi.fn();
  const view = render(
    <>
      <PhoneEntry
        id="phone"
        label="Phone number"
        submitLabel="Check In"
        pending={false}
        onSubmit={onSubmit}
        {...props}
      />
      <Toaster />
    </>,
  );
  return { onSubmit, user: userEvent.setup(), view };
}

describe('PhoneEntry', () => {
  it("says 'Phone Required' for an empty phone and submits nothing", async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    expect(await screen.findByText('Phone Required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your phone number.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for all 10 digits under the field when the phone is short', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText('Phone number'), '555123');
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    const field = screen.getByLabelText('Phone number');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please enter all 10 digits of your phone number.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands over the 10 digits and clears its own problem', async () => {
    const { onSubmit, user } = setup();
    const field = screen.getByLabelText('Phone number');
    await user.type(field, '555');
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, '1234567');
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    expect(onSubmit).toHaveBeenCalledWith('5551234567');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it("shows the screen's problem under the field, a local one before it", async () => {
    const { user } = setup({ serverProblem: 'No member with that phone.' });
    const field = screen.getByLabelText('Phone number');
    expect(field).toHaveAccessibleDescription('No member with that phone.');
    await user.type(field, '55');
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    expect(field).toHaveAccessibleDescription('Please enter all 10 digits of your phone number.');
  });

  it('disables the submit and shows a spinner while pending', () => {
    setup({ pending: true });
    expect(screen.getByRole('button', { name: /Check In/ })).toBeDisabled();
  });
});
