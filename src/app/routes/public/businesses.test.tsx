// Businesses lists the participating businesses from GET /api/locations (logo, reward, address,
// description, join link), the tiers, and its loading, error and empty states.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROGRAMME, renderRoute, stubFetch } from '@/test/render-route.tsx';

const creamery = {
  id: 'creamery',
  slug: 'creamery',
  businessName: 'Village Creamery',
  kind: 'creamery',
  description: 'Small-batch ice cream.',
  address: '24 Mill Road',
  logoUrl: '/logos/creamery.svg',
  icon: 'ice-cream',
  color: 'pink',
  welcomeReward: { name: 'Free Ice Cream Scoop', description: 'One scoop.' },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Businesses', () => {
  it('shows the businesses with their logo and welcome reward', async () => {
    const fetchMock = stubFetch(200, [creamery]);
    renderRoute('/businesses');
    expect(await screen.findByRole('heading', { name: 'Village Creamery' })).toBeInTheDocument();
    expect(screen.getByText('Welcome reward: Free Ice Cream Scoop')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Village Creamery logo' })).toHaveAttribute(
      'src',
      '/logos/creamery.svg',
    );
    expect(screen.getByText('24 Mill Road')).toBeInTheDocument();
    expect(screen.getByText('Small-batch ice cream.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join at Village Creamery' })).toHaveAttribute(
      'href',
      '/business/creamery/join',
    );
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/locations');
  });

  it('shows the Bronze, Silver and Gold tiers with the thresholds and rewards of GET /api/programme', async () => {
    stubFetch(200, [creamery], {
      ...PROGRAMME,
      tiers: PROGRAMME.tiers.map((tier) => (tier.name === 'Silver' ? { ...tier, minPoints: 15 } : tier)),
    });
    renderRoute('/businesses');
    expect(await screen.findByRole('heading', { name: 'Membership tiers' })).toBeInTheDocument();
    for (const tier of ['Bronze', 'Silver', 'Gold']) {
      expect(await screen.findByRole('heading', { name: tier })).toBeInTheDocument();
    }
    expect(screen.getByText('15 points')).toBeInTheDocument();
    expect(screen.getByText('20 points')).toBeInTheDocument();
    expect(screen.getByText(PROGRAMME.tiers[1]!.reward!.description)).toBeInTheDocument();
    expect(screen.getByText(PROGRAMME.tiers[2]!.reward!.description)).toBeInTheDocument();
  });

  it('shows a loading state while the businesses load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderRoute('/businesses');
    const statuses = await screen.findAllByRole('status');
    const loading = statuses.find((status) => status.textContent?.includes('Loading businesses'));
    expect(loading).toHaveTextContent('Loading businesses…');
    expect(statuses.map((status) => status.textContent)).toContain('Loading the tiers…');
    expect(loading).toHaveAttribute('aria-busy', 'true');
  });

  it('shows an error with Retry when the API fails, and recovers on retry', async () => {
    stubFetch(500, { error: { code: 'internal', message: 'Internal error' } });
    renderRoute('/businesses');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load the participating businesses.",
    );
    stubFetch(200, [creamery]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Village Creamery' })).toBeInTheDocument();
  });

  it('refuses a response that does not match the contract', async () => {
    stubFetch(200, [{ id: 'creamery' }]);
    renderRoute('/businesses');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('says so when no business has joined yet', async () => {
    stubFetch(200, []);
    renderRoute('/businesses');
    expect(
      await screen.findByText('No businesses have joined the programme yet.'),
    ).toBeInTheDocument();
  });
});
