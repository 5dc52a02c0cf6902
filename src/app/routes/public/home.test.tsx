// Home and How it works (PRODUCT §2): the featured rewards, the steps and the calls to join.
import { screen, within } from '@testing-library/react';
import { LOCATIONS, PROGRAMME, renderRoute, stubFetch } from '@/test/render-route.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('Home', () => {
  it("features the catalogue's welcome rewards of the creamery and the pizzeria, and the Silver $5 off", async () => {
    const fetchMock = stubFetch(200, LOCATIONS);
    renderRoute('/');
    const featured = within(
      (await screen.findByRole('heading', { name: 'Featured rewards' })).closest('section')!,
    );
    expect(
      await featured.findByRole('heading', { name: 'Free Ice Cream Scoop' }),
    ).toBeInTheDocument();
    expect(featured.getByRole('heading', { name: 'Free Garlic Bread' })).toBeInTheDocument();
    expect(featured.queryByRole('heading', { name: 'Free Pizza Slice' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain('/api/locations');
    expect(featured.getByRole('heading', { name: '$5 Off Any Business' })).toBeInTheDocument();
    expect(featured.getByText('Silver reward')).toBeInTheDocument();
  });

  it('counts the businesses from the catalogue in the hero and the footer', async () => {
    stubFetch(200, [...LOCATIONS, { ...LOCATIONS[0]!, id: 'bakery', businessName: 'The Bakery' }]);
    renderRoute('/');
    const count = `${['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'][LOCATIONS.length + 1]} local businesses`;
    expect(await screen.findByText(`One membership · ${count}`)).toBeInTheDocument();
    expect(screen.getByText(`One membership for ${count}.`)).toBeInTheDocument();
    expect(screen.queryByText(/\bsix\b/)).not.toBeInTheDocument();
  });

  it('explains three steps, quotes members and calls to join', async () => {
    stubFetch(200, []);
    renderRoute('/');
    const steps = (await screen.findByRole('heading', { name: 'Three simple steps' }))
      .nextElementSibling!;
    expect(within(steps as HTMLElement).getAllByRole('listitem')).toHaveLength(3);
    expect((await screen.findAllByRole('blockquote')).length).toBe(3);
    const joinLinks = within(screen.getByRole('main')).getAllByRole('link', { name: 'Join Now' });
    expect(joinLinks.length).toBeGreaterThanOrEqual(2);
    for (const link of joinLinks) expect(link).toHaveAttribute('href', '/join');
  });

  it('hides the testimonials when there are none, and features what the content names', async () => {
    stubFetch(200, LOCATIONS, {
      ...PROGRAMME,
      content: {
        ...PROGRAMME.content,
        testimonials: [],
        featured: { businesses: ['joanies'], tiers: ['Gold'] },
      },
    });
    renderRoute('/');
    const featured = within(
      (await screen.findByRole('heading', { name: 'Featured rewards' })).closest('section')!,
    );
    expect(
      await featured.findByRole('heading', { name: '$10 Off Any Business' }),
    ).toBeInTheDocument();
    expect(
      featured.getByText('Reach 20 points and save at any participating business.'),
    ).toBeInTheDocument();
    expect(featured.getByRole('heading', { name: 'Free Garlic Bread' })).toBeInTheDocument();
    expect(
      featured.queryByRole('heading', { name: 'Free Ice Cream Scoop' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'What members say' })).not.toBeInTheDocument();
  });
});

describe('How it works', () => {
  it('lists the four steps in order, and the benefits', async () => {
    stubFetch(200, []);
    renderRoute('/how-it-works');
    await screen.findByRole('heading', { level: 1, name: 'How It Works' });
    const titles = screen
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Step 1: Sign up once',
      'Step 2: Show your QR',
      'Step 3: Earn 5 points per visit',
      'Step 4: Redeem rewards',
    ]);
    expect(screen.getByText('Points that never expire')).toBeInTheDocument();
  });
});
