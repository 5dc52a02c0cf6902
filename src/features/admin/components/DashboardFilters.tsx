// Location and Date Range filters (PRODUCT §2). The selects apply at once; a custom range needs its
// from/to dates, which Apply Filters checks and applies — every filter then lives in the URL.
import { useId, useState, type FormEvent } from 'react';
import type { LocationList } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Label } from '@/components/ui/Input.tsx';
import { Select } from '@/components/ui/Select.tsx';
import type { AdminFilters } from '../api/filters.ts';
import { customRangeProblem } from '../lib/range-problem.ts';
import { BusinessOptions } from './BusinessOptions.tsx';
import { DateField } from './DateField.tsx';

const RANGE_LABELS = {
  '7days': 'Last 7 days',
  '30days': 'Last 30 days',
  '3months': 'Last 3 months',
  custom: 'Custom range',
} as const;

/** Today as YYYY-MM-DD in the browser's time zone. */
export function isoDay(date = new Date(), offsetDays = 0): string {
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

function sameFilters(a: AdminFilters, b: AdminFilters): boolean {
  return a.location === b.location && a.range === b.range && a.from === b.from && a.to === b.to;
}

export function DashboardFilters(props: {
  filters: AdminFilters;
  locations: LocationList | undefined;
  onChange: (filters: AdminFilters) => void;
}) {
  const id = useId();
  const { filters } = props;
  const [range, setRange] = useState<AdminFilters['range']>(filters.range);
  const [from, setFrom] = useState(filters.from ?? isoDay(new Date(), -6));
  const [to, setTo] = useState(filters.to ?? isoDay());
  const [error, setError] = useState<string | null>(null);
  // The filters in the URL changed under us (back button, a shared link): show what they say. Any
  // other URL change (a tab, a search, a dialog) keeps what is being typed here.
  const [seen, setSeen] = useState(filters);
  if (!sameFilters(seen, filters)) {
    setSeen(filters);
    setRange(filters.range);
    if (filters.from) setFrom(filters.from);
    if (filters.to) setTo(filters.to);
  }

  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    if (range !== 'custom') {
      setError(null);
      props.onChange({ location: filters.location, range });
      return;
    }
    if (!from || !to) return setError('Choose both a start and an end date.');
    if (from > to) return setError('The start date must be on or before the end date.');
    if (to > isoDay()) return setError('The end date cannot be in the future.');
    // Every other limit (earliest day, longest span) is the contract's, which the API applies.
    void customRangeProblem(from, to).then((problem) => {
      setError(problem);
      if (!problem) props.onChange({ location: filters.location, range, from, to });
    });
  };

  return (
    <form
      noValidate
      onSubmit={apply}
      aria-label="Filters"
      className="flex flex-wrap items-end gap-4"
    >
      <div className="min-w-52">
        <Label htmlFor={`${id}-location`}>Location</Label>
        <Select
          id={`${id}-location`}
          value={filters.location ?? ''}
          onChange={(event) =>
            props.onChange({ ...filters, location: event.target.value || undefined })
          }
        >
          <BusinessOptions businesses={props.locations} none="All Locations" />
        </Select>
      </div>
      <div className="min-w-44">
        <Label htmlFor={`${id}-range`}>Date Range</Label>
        <Select
          id={`${id}-range`}
          value={range}
          onChange={(event) => {
            const next = event.target.value as AdminFilters['range'];
            setRange(next);
            setError(null);
            if (next !== 'custom') props.onChange({ location: filters.location, range: next });
          }}
        >
          {Object.entries(RANGE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      {range === 'custom' ? (
        <>
          <DateField
            id={`${id}-from`}
            label="From"
            value={from}
            max={to || undefined}
            onChange={setFrom}
            errorId={error ? `${id}-error` : undefined}
          />
          <DateField
            id={`${id}-to`}
            label="To"
            value={to}
            min={from || undefined}
            max={isoDay()}
            onChange={setTo}
            errorId={error ? `${id}-error` : undefined}
          />
        </>
      ) : null}
      <Button type="submit">Apply Filters</Button>
      {error ? (
        <p id={`${id}-error`} role="alert" className="basis-full text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </form>
  );
}
