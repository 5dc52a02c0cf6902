// The dashboard's pieces: '...' while the metrics load, then values with computed captions; the
// empty texts of Recent Activity and Top Performing Locations; the rows' wording; the filters
// (selects apply at once, a custom range is checked and applied by Apply Filters).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MetricsResponse } from '@contract';
import { DashboardFilters } from './DashboardFilters.tsx';
import { MetricCards } from './MetricCards.tsx';
import { RecentActivity } from './RecentActivity.tsx';
import { TopLocations } from './TopLocations.tsx';

const growth = (
  previous: number,
  percent: number | null,
  period: 'yesterday' | 'previous_period' = 'previous_period',
) => ({
  previous,
  percent,
  period,
});
const metrics = {
  signupsToday: 5,
  totalVisits: 1234,
  redemptions: 0,
  activeMembers: 40,
  growth: {
    signupsToday: growth(4, 25, 'yesterday'),
    totalVisits: growth(1300, -5),
    redemptions: growth(0, null),
    activeMembers: growth(40, 0),
  },
  range: { from: '2026-11-17T06:00:00Z', to: '2026-11-24T06:00:00Z' },
  previousRange: { from: '2026-11-10T06:00:00Z', to: '2026-11-17T06:00:00Z' },
  today: { from: '2026-11-23T06:00:00Z', to: '2026-11-24T06:00:00Z', timeZone: 'America/Chicago' },
} as unknown as MetricsResponse;

it("shows '...' in every card while the metrics load", () => {
  render(<MetricCards metrics={undefined} loading filters={{ range: '7days' }} />);
  expect(screen.getAllByText('...')).toHaveLength(4);
});

it('shows the values and the captions computed for the previous period', () => {
  render(<MetricCards metrics={metrics} loading={false} filters={{ range: '7days' }} />);
  const card = (title: string) => screen.getByRole('heading', { name: title }).parentElement!;
  expect(within(card('Sign-ups Today')).getByText('5')).toBeInTheDocument();
  expect(within(card('Sign-ups Today')).getByText('+25% from yesterday')).toBeInTheDocument();
  expect(within(card('Total Visits')).getByText((1234).toLocaleString())).toBeInTheDocument();
  expect(within(card('Total Visits')).getByText('-5% from last week')).toBeInTheDocument();
  expect(within(card('Redemptions')).getByText('0')).toBeInTheDocument();
  expect(
    within(card('Redemptions')).getByText('No redemptions in the previous week'),
  ).toBeInTheDocument();
  expect(within(card('Active Members')).getByText('No change from last week')).toBeInTheDocument();
});

it("an owner's withheld figures (about fewer than 3 members) read 'fewer than 3', with no growth", () => {
  const withheld = {
    ...metrics,
    activeMembers: null,
    totalVisits: null,
    growth: { ...metrics.growth, activeMembers: null, totalVisits: null },
  } as MetricsResponse;
  render(<MetricCards metrics={withheld} loading={false} filters={{ range: '30days' }} />);
  const card = (title: string) => screen.getByRole('heading', { name: title }).parentElement!;
  for (const title of ['Active Members', 'Total Visits']) {
    expect(within(card(title)).getByText('fewer than 3')).toBeInTheDocument();
    expect(within(card(title)).getByText('Too few members to compare')).toBeInTheDocument();
  }
  expect(within(card('Sign-ups Today')).getByText('5')).toBeInTheDocument();
});

it("Recent Activity: rows read '{name} checked in at {location}' with '+N point(s)'; empty says so", () => {
  const { rerender } = render(
    <RecentActivity
      loading={false}
      error={null}
      onRetry={() => {}}
      items={[
        {
          id: '00000000-0000-4000-8000-000000000001',
          customerName: 'Ada',
          locationId: 'creamery',
          locationName: 'Village Creamery',
          createdAt: '2026-11-23T15:00:00Z',
          points: 5,
        },
        {
          id: '00000000-0000-4000-8000-000000000002',
          customerName: 'Bob',
          locationId: 'museum',
          locationName: 'Village Heritage Museum',
          createdAt: '2026-11-23T14:00:00Z',
          points: 1,
        },
      ]}
    />,
  );
  expect(screen.getByText('Ada checked in at Village Creamery')).toBeInTheDocument();
  expect(screen.getByText('+5 points')).toBeInTheDocument();
  expect(screen.getByText('+1 point')).toBeInTheDocument();
  expect(screen.getByText(new Date('2026-11-23T15:00:00Z').toLocaleString())).toBeInTheDocument();
  rerender(<RecentActivity loading={false} error={null} onRetry={() => {}} items={[]} />);
  expect(screen.getByText('No recent activity')).toBeInTheDocument();
});

it('Top Performing Locations: visits wording, growth, the default icon; empty says so', () => {
  const { rerender, container } = render(
    <TopLocations
      loading={false}
      error={null}
      onRetry={() => {}}
      range="7days"
      items={[
        {
          id: 'creamery',
          name: 'Village Creamery',
          visits: 12,
          previousVisits: 10,
          growth: 20,
          icon: 'ice-cream',
          color: 'pink',
        },
        {
          id: 'snackco',
          name: 'SnackCo',
          visits: 1,
          previousVisits: 0,
          growth: null,
          icon: 'not-an-icon',
          color: 'orange',
        },
      ]}
    />,
  );
  expect(screen.getByText('12 visits this week')).toBeInTheDocument();
  expect(screen.getByText('+20%')).toBeInTheDocument();
  expect(screen.getByText('1 visit this week')).toBeInTheDocument();
  expect(screen.getByText('New this period')).toBeInTheDocument();
  const icons = [...container.querySelectorAll('svg[data-icon]')].map((svg) =>
    svg.getAttribute('data-icon'),
  );
  expect(icons).toEqual(['ice-cream', 'default']);
  rerender(
    <TopLocations loading={false} error={null} onRetry={() => {}} range="7days" items={[]} />,
  );
  expect(screen.getByText('No location data available')).toBeInTheDocument();
});

it('an API failure in a panel is said plainly, with a retry', async () => {
  const onRetry = vi.fn();
  render(
    <RecentActivity
      loading={false}
      error={new TypeError('fetch failed')}
      onRetry={onRetry}
      items={undefined}
    />,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('We could not reach the server');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(onRetry).toHaveBeenCalled();
});

describe('DashboardFilters', () => {
  const locations = [{ id: 'creamery', businessName: 'Village Creamery' }] as never;

  it('applies a location or a preset range at once', async () => {
    const onChange = vi.fn();
    render(
      <DashboardFilters filters={{ range: '7days' }} locations={locations} onChange={onChange} />,
    );
    expect(screen.getByLabelText('Location')).toHaveDisplayValue('All Locations');
    await userEvent.selectOptions(screen.getByLabelText('Location'), 'creamery');
    expect(onChange).toHaveBeenLastCalledWith({ range: '7days', location: 'creamery' });
    await userEvent.selectOptions(screen.getByLabelText('Date Range'), '30days');
    expect(onChange).toHaveBeenLastCalledWith({ location: undefined, range: '30days' });
  });

  it('a custom range waits for its dates, refuses to before from, then applies with Apply Filters', async () => {
    const onChange = vi.fn();
    render(
      <DashboardFilters filters={{ range: '7days' }} locations={locations} onChange={onChange} />,
    );
    await userEvent.selectOptions(screen.getByLabelText('Date Range'), 'custom');
    expect(onChange).not.toHaveBeenCalled();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    fireEvent.change(from, { target: { value: '2026-10-10' } });
    fireEvent.change(to, { target: { value: '2026-10-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The start date must be on or before the end date.',
    );
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(to, { target: { value: '2026-10-31' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    // The contract's own range rule (loaded on first need) checks it before it applies.
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange).toHaveBeenLastCalledWith({
      location: undefined,
      range: 'custom',
      from: '2026-10-10',
      to: '2026-10-31',
    });
  });

  it('a range the API would refuse (before 2020, over two years) is said inline, never sent', async () => {
    const onChange = vi.fn();
    render(
      <DashboardFilters filters={{ range: '7days' }} locations={locations} onChange={onChange} />,
    );
    await userEvent.selectOptions(screen.getByLabelText('Date Range'), 'custom');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2019-06-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2020-06-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose other dates: from is 2020-01-01 or later.',
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2020-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2023-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('A range spans at most two years'),
    );
    expect(onChange).not.toHaveBeenCalled();
  });
});
