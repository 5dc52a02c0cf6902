// The shared sign-up form (PRODUCT §2, §5): required name and phone with the 'Required Fields' toast,
// the phone formatted and handed over as digits, email optional, the consent wording and notice.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast, Toaster } from '@/components/ui/toast.ts';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { SMS_CONSENT_NOTICE, SMS_CONSENT_WORDING } from '../consent.ts';
import { SignupForm } from './SignupForm.tsx';

afterEach(() => act(() => dismissToast()));

function setup(props: Partial<Parameters<typeof SignupForm>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <MemoryRouter>
      <SignupForm
        submitLabel="Join Now"
        pendingLabel="Creating Account..."
        pending={false}
        onSubmit={onSubmit}
        {...props}
      />
      <Toaster />
    </MemoryRouter>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('SignupForm', () => {
  it.each([
    ['the name', '', '5551234567'],
    ['the phone', 'Ann Lee', ''],
    ['both', '', ''],
  ])(
    "shows 'Required Fields' when %s is missing, and sends nothing",
    async (_what, name, phone) => {
      const { onSubmit, user } = setup();
      if (name) await user.type(screen.getByLabelText('Full Name *'), name);
      if (phone) await user.type(screen.getByLabelText('Phone Number *'), phone);
      await user.click(screen.getByRole('button', { name: 'Join Now' }));
      expect(await screen.findByText('Required Fields')).toBeInTheDocument();
      expect(screen.getByText('Please enter your name and phone number.')).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it('treats a name of spaces as missing', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText('Full Name *'), '   ');
    await user.type(screen.getByLabelText('Phone Number *'), '5551234567');
    await user.click(screen.getByRole('button', { name: 'Join Now' }));
    expect(await screen.findByText('Please enter your name and phone number.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an incomplete phone number beside the field', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText('Full Name *'), 'Ann Lee');
    await user.type(screen.getByLabelText('Phone Number *'), '55512');
    await user.click(screen.getByRole('button', { name: 'Join Now' }));
    const phone = screen.getByLabelText('Phone Number *');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('Phone must be a 10-digit US number');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a malformed email but accepts an empty one', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText('Full Name *'), 'Ann Lee');
    await user.type(screen.getByLabelText('Phone Number *'), '5551234567');
    await user.type(screen.getByLabelText('Email Address (Optional)'), 'ann@');
    await user.click(screen.getByRole('button', { name: 'Join Now' }));
    expect(screen.getByLabelText('Email Address (Optional)')).toHaveAccessibleDescription(
      'Enter a valid email address, or leave it empty.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Email Address (Optional)'));
    await user.click(screen.getByRole('button', { name: 'Join Now' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'Ann Lee',
      phone: '5551234567',
      smsConsent: false,
    });
  });

  it('hands over the digits, the email and the consent the visitor gave', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText('Full Name *'), '  Ann Lee ');
    await user.type(screen.getByLabelText('Phone Number *'), '(555) 123-4567');
    expect(screen.getByLabelText('Phone Number *')).toHaveValue('(555) 123-4567');
    await user.type(screen.getByLabelText('Email Address (Optional)'), 'ann@example.com');
    await user.click(screen.getByLabelText(SMS_CONSENT_WORDING));
    await user.click(screen.getByRole('button', { name: 'Join Now' }));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'Ann Lee',
      phone: '5551234567',
      email: 'ann@example.com',
      smsConsent: true,
    });
  });

  it("keeps PRODUCT §2's consent wording, unchecked, and says who texts and how to stop", () => {
    setup();
    const consent = screen.getByLabelText(SMS_CONSENT_WORDING);
    expect(SMS_CONSENT_WORDING).toBe(
      'I agree to receive SMS notifications about my rewards and special offers. Standard message rates may apply.',
    );
    expect(consent).not.toBeChecked();
    expect(consent).toHaveAccessibleDescription(SMS_CONSENT_NOTICE);
    expect(SMS_CONSENT_NOTICE).toContain('Reply STOP to opt out');
    expect(SMS_CONSENT_NOTICE).toContain('on behalf of the businesses taking part (listed on our Businesses page)');
    expect(SMS_CONSENT_NOTICE).not.toMatch(/\bsix\b/);
  });

  it('shows the pending label and blocks a second submit while pending', () => {
    setup({ pending: true });
    const button = screen.getByRole('button', { name: 'Creating Account...' });
    expect(button).toBeDisabled();
  });

  it('leaves out the fields a screen does not ask for', () => {
    setup({ fields: { email: false, smsConsent: false } });
    expect(screen.queryByLabelText('Email Address (Optional)')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('links the terms and privacy policy it asks visitors to agree to', () => {
    setup();
    expect(screen.getByRole('link', { name: 'terms and privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  it('shows a phone proven by a sign-in code filled in and fixed, and hands it over', async () => {
    const { onSubmit, user } = setup({ initialPhone: '5551234567', phoneVerified: true });
    const phone = screen.getByLabelText('Phone Number *');
    expect(phone).toHaveValue('(555) 123-4567');
    expect(phone).toHaveAttribute('readonly');
    expect(phone).toHaveAccessibleDescription(/Verified by your sign-in code/);
    await user.type(screen.getByLabelText('Full Name *'), 'Vera');
    await user.click(screen.getByRole('button', { name: 'Join Now' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Vera', phone: '5551234567' });
  });
});
