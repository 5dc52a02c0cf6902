// The Programme tab's tiers and limits: the tab says how many members new
// thresholds move before saving and sends both tiers; a limit outside its range is said at the
// field and not sent.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROGRAMME } from '@/test/render-route.tsx';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { LimitsSection } from './LimitsSection.tsx';
import { TextSettingsSection } from './TextSettingsSection.tsx';
import { TiersSection } from './TiersSection.tsx';

afterEach(() => vi.unstubAllGlobals());

const SETTINGS = {
  values: { minVisitIntervalMinutes: 60, minVisitGapAnywhereMinutes: 1, maxVisitsPerHour: 4, velocityFlagVisits: 5, signInCodesPerDay: 5, signInCodeMaxFailures: 5 },
  fields: [
    { key: 'minVisitIntervalMinutes', label: 'Minutes between visits at one business', meaning: 'A member must wait this long.', unit: 'minutes', default: 60, min: 0, max: 1440 },
    { key: 'minVisitGapAnywhereMinutes', label: 'Minutes between visits anywhere', meaning: 'Anywhere in the village.', unit: 'minutes', default: 1, min: 0, max: 1440 },
    { key: 'maxVisitsPerHour', label: 'Visits per hour', meaning: 'At most this many.', unit: 'visits', default: 4, min: 0, max: 60 },
    { key: 'velocityFlagVisits', label: 'Visits in one day that flag a member', meaning: 'Flagged.', unit: 'visits', default: 5, min: 0, max: 100 },
    { key: 'signInCodesPerDay', label: 'Sign-in codes per phone per day', meaning: 'Codes.', unit: 'codes', default: 5, min: 0, max: 50 },
    { key: 'signInCodeMaxFailures', label: 'Wrong tries per sign-in code', meaning: 'Tries.', unit: 'tries', default: 5, min: 0, max: 20 },
  ],
};

describe('TiersSection', () => {
  it('says how many members Silver at 15 moves, then saves both tiers', async () => {
    const calls = stubApi({
      '/api/programme': PROGRAMME,
      '/api/admin/tiers/preview': (url: URL) => [
        200,
        {
          silver: Number(url.searchParams.get('silver')),
          gold: Number(url.searchParams.get('gold')),
          members: 9,
          up: 0,
          down: 2,
          tiers: [
            { name: 'Bronze', now: 5, after: 7 },
            { name: 'Silver', now: 3, after: 1 },
            { name: 'Gold', now: 1, after: 1 },
          ],
        },
      ],
      '/api/admin/tiers': () => [200, PROGRAMME.tiers],
    });
    const user = userEvent.setup();
    renderWithRouter(<TiersSection />);
    const silver = await screen.findByLabelText('Silver points needed');
    expect(silver).toHaveValue('10');
    await user.clear(silver);
    await user.type(silver, '15');
    expect(await screen.findByText('This change moves 2 members')).toBeInTheDocument();
    expect(screen.getByText(/0 up, 2 down \(of 9\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));
    await waitFor(() => expect(calls.some((call) => call.init?.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.init?.method === 'PUT')!;
    const body = JSON.parse(String(put.init!.body)) as Record<string, { minPoints: number; rewardValueCents: number }>;
    expect(body.Silver).toMatchObject({ minPoints: 15, rewardValueCents: 500 });
    expect(body.Gold).toMatchObject({ minPoints: 20, rewardValueCents: 1000 });
  });

  it('refuses Gold at or below Silver without sending', async () => {
    const calls = stubApi({ '/api/programme': PROGRAMME });
    const user = userEvent.setup();
    renderWithRouter(<TiersSection />);
    const gold = await screen.findByLabelText('Gold points needed');
    await user.clear(gold);
    await user.type(gold, '10');
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));
    expect(await screen.findByText('Gold needs more points than Silver')).toBeInTheDocument();
    expect(calls.some((call) => call.init?.method === 'PUT')).toBe(false);
  });

  it('refuses Silver at 12, which 5-point visits cannot reach, without sending', async () => {
    const calls = stubApi({ '/api/programme': PROGRAMME });
    const user = userEvent.setup();
    renderWithRouter(<TiersSection />);
    const silver = await screen.findByLabelText('Silver points needed');
    await user.clear(silver);
    await user.type(silver, '12');
    await user.click(screen.getByRole('button', { name: 'Save tiers' }));
    expect(
      await screen.findByText('Silver at 12 points cannot be reached with 5 points a visit: choose 10 or 15'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.init?.method === 'PUT')).toBe(false);
  });
});

describe('LimitsSection', () => {
  it('shows each limit with its meaning, default and range, and refuses a value out of range', async () => {
    const calls = stubApi({ '/api/admin/settings': (_url: URL, init?: RequestInit) => [200, init?.method === 'PUT' ? SETTINGS : SETTINGS] });
    const user = userEvent.setup();
    renderWithRouter(<LimitsSection />);
    const field = await screen.findByLabelText('Minutes between visits at one business');
    expect(field).toHaveAccessibleDescription('A member must wait this long. Default 60; 0 to 1440.');
    await user.clear(field);
    await user.type(field, '5000');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Minutes between visits at one business: from 0 to 1440')).toBeInTheDocument();
    expect(calls.some((call) => call.init?.method === 'PUT')).toBe(false);
    await user.clear(field);
    await user.type(field, '30');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(calls.some((call) => call.init?.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.init?.method === 'PUT')!;
    expect(JSON.parse(String(put.init!.body))).toEqual({ minVisitIntervalMinutes: 30 });
  });
});

describe('TextSettingsSection', () => {
  const TEXTS = {
    values: { timeZone: 'America/Chicago', quietStart: '21:00', quietEnd: '09:00', marketingTextsPerWeek: 2, siteUrl: 'https://rewards.example.org', smsPartPriceCents: 0.83 },
    now: '2026-11-28T04:30:00+00:00',
    localTime: '10:30 PM',
    quietNow: true,
    quietUntil: '2026-11-28T15:00:00+00:00',
  };

  it('shows the clock in the programme zone beside the quiet hours, refuses a bad value and sends only what changed', async () => {
    const calls = stubApi({ '/api/admin/text-settings': () => [200, TEXTS] });
    const user = userEvent.setup();
    renderWithRouter(<TextSettingsSection />);
    const clock = await screen.findByTestId('text-clock');
    expect(clock).toHaveTextContent('Now 10:30 PM in America/Chicago. Quiet hours 9:00 PM to 9:00 AM.');
    expect(clock).toHaveTextContent('Quiet now: texts wait until 9:00 AM');
    const cap = screen.getByLabelText('Offers per member per week');
    await user.clear(cap);
    await user.type(cap, '20');
    await user.click(screen.getByRole('button', { name: 'Save text settings' }));
    expect(await screen.findByText('A whole number from 0 to 14')).toBeInTheDocument();
    expect(cap).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.init?.method === 'PUT')).toBe(false);
    await user.clear(cap);
    await user.type(cap, '3');
    await user.selectOptions(screen.getByLabelText('Programme time zone'), 'Europe/Dublin');
    await user.click(screen.getByRole('button', { name: 'Save text settings' }));
    await waitFor(() => expect(calls.some((call) => call.init?.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.init?.method === 'PUT')!;
    expect(JSON.parse(String(put.init!.body))).toEqual({ marketingTextsPerWeek: 3, timeZone: 'Europe/Dublin' });
  });
});
