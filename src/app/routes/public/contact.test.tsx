// /contact (PRODUCT §2, §4, §5): required fields, 'Sending...', the message stored through
// POST /api/contact, the success toast and the cleared form; the FAQ and response time.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@/components/ui/toast.ts';
import { renderRoute, stubApi } from '@/test/render-route.tsx';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

async function fill(fields: { name?: string; email?: string; subject?: string; message?: string }) {
  const user = userEvent.setup();
  await screen.findByLabelText('Name *');
  if (fields.name) await user.type(screen.getByLabelText('Name *'), fields.name);
  if (fields.email) await user.type(screen.getByLabelText('Email *'), fields.email);
  if (fields.subject) await user.type(screen.getByLabelText('Subject (Optional)'), fields.subject);
  if (fields.message) await user.type(screen.getByLabelText('Message *'), fields.message);
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('the contact page', () => {
  it.each([
    ['name', { email: 'a@example.com', message: 'Hi' }],
    ['email', { name: 'Ann', message: 'Hi' }],
    ['message', { name: 'Ann', email: 'a@example.com' }],
  ])(
    "shows 'Required Fields' when the %s is missing, and sends nothing",
    async (_field, fields) => {
      const { calls } = stubApi({});
      renderRoute('/contact');
      await fill(fields);
      expect(await screen.findByText('Required Fields')).toBeInTheDocument();
      expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument();
      expect(calls.filter((call) => call.route === 'POST /api/contact')).toEqual([]);
    },
  );

  it('refuses a malformed email beside the field', async () => {
    const { calls } = stubApi({});
    renderRoute('/contact');
    await fill({ name: 'Ann', email: 'ann@', message: 'Hi' });
    expect(screen.getByLabelText('Email *')).toHaveAccessibleDescription(
      'Enter a valid email address.',
    );
    expect(calls.filter((call) => call.route === 'POST /api/contact')).toEqual([]);
  });

  it("reads 'Sending...', stores the message, thanks the visitor and clears the form", async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    const { calls } = stubApi({
      'POST /api/contact': () => new Promise((resolve) => (answer = resolve)),
    });
    renderRoute('/contact');
    await fill({ name: 'Ann', email: 'ann@example.com', message: 'Do points expire?' });
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(calls.find((call) => call.route === 'POST /api/contact')!.body).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      message: 'Do points expire?',
    });
    await act(async () => answer({ status: 201, body: { received: true } }));
    expect(await screen.findByText('Message Sent!')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Thank you for contacting us. We'll get back to you within 1-2 business days.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name *')).toHaveValue('');
    expect(screen.getByLabelText('Email *')).toHaveValue('');
    expect(screen.getByLabelText('Message *')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('sends the subject when given', async () => {
    const { calls } = stubApi({
      'POST /api/contact': () => ({ status: 201, body: { received: true } }),
    });
    renderRoute('/contact');
    await fill({ name: 'Ann', email: 'ann@example.com', subject: 'Points', message: 'Hi' });
    await screen.findByText('Message Sent!');
    expect(calls.find((call) => call.route === 'POST /api/contact')!.body).toMatchObject({
      subject: 'Points',
    });
  });

  it("shows the API's own words when the message is refused, and keeps the form", async () => {
    stubApi({
      'POST /api/contact': () => ({
        status: 429,
        body: { error: { code: 'rate_limited', message: 'Too many messages. Try again later.' } },
      }),
    });
    renderRoute('/contact');
    await fill({ name: 'Ann', email: 'ann@example.com', message: 'Hi' });
    expect(await screen.findByText('Too many messages. Try again later.')).toBeInTheDocument();
    expect(screen.queryByText(/429|rate_limited/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Message *')).toHaveValue('Hi');
  });

  it('answers the FAQ: points never expire, replies in 1-2 business days, Monday–Friday 9–5 CT', async () => {
    stubApi({});
    renderRoute('/contact');
    expect(await screen.findByText('Do my points expire?')).toBeInTheDocument();
    expect(screen.getByText(/Points never expire/)).toBeInTheDocument();
    expect((await screen.findAllByText(/1-2 business days/)).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Monday–Friday, 9 AM – 5 PM CT').length).toBeGreaterThan(0);
  });
});
