// /account's texts choice: a consent ticked when joining and not yet confirmed by the phone reads
// "Pending confirmation" (the box unticked: no texts go); ticking it here confirms it.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SMS_CONSENT_TEXT } from '@contract';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { AccountSettings } from './AccountSettings.tsx';

const details = {
  name: 'Nia Owner', phone: '3125550100', email: null, suspended: false, smsConsentChangedAt: '2026-11-28T10:00:00Z',
};

afterEach(() => vi.unstubAllGlobals());

it('shows a pending consent as pending confirmation, and ticking the box confirms it', async () => {
  const calls = stubApi({
    '/api/me/details': { ...details, smsConsent: false, smsConsentPending: true },
    '/api/me/sms-consent': () => [200, { ...details, smsConsent: true, smsConsentPending: false }],
  });
  renderWithRouter(<AccountSettings onDeleted={() => {}} />);
  const box = await screen.findByLabelText(SMS_CONSENT_TEXT);
  expect(box).not.toBeChecked();
  expect(box).toHaveAccessibleDescription(/^Pending confirmation: reply YES to our text/);
  await userEvent.click(box);
  expect(box).toBeChecked();
  expect(box).toHaveAccessibleDescription(/^Untick to stop/);
  const posted = calls.filter((c) => c.url.pathname === '/api/me/sms-consent');
  expect(posted.map((c) => JSON.parse(String(c.init?.body)) as unknown)).toEqual([
    { smsConsent: true, wording: SMS_CONSENT_TEXT },
  ]);
});

it('says texts are off when nothing is pending', async () => {
  stubApi({ '/api/me/details': { ...details, smsConsent: false, smsConsentPending: false } });
  renderWithRouter(<AccountSettings onDeleted={() => {}} />);
  expect(await screen.findByLabelText(SMS_CONSENT_TEXT)).toHaveAccessibleDescription('Texts are off. Tick to turn them on.');
});
