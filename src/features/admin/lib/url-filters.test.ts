// Filters in the URL: read back exactly, defaults for anything malformed, other params kept.
import { filtersFromParams, paramsFromFilters } from './url-filters.ts';

describe('filters in the URL', () => {
  it('reads a location and a range', () => {
    expect(filtersFromParams(new URLSearchParams('location=creamery&range=30days'))).toEqual({
      location: 'creamery',
      range: '30days',
    });
  });

  it('reads a custom range only with valid from <= to, else falls back to 7 days', () => {
    expect(
      filtersFromParams(new URLSearchParams('range=custom&from=2026-11-01&to=2026-11-10')),
    ).toEqual({
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-10',
    });
    expect(
      filtersFromParams(new URLSearchParams('range=custom&from=2026-11-10&to=2026-11-01')),
    ).toEqual({ range: '7days' });
    expect(filtersFromParams(new URLSearchParams('range=custom&from=yesterday'))).toEqual({
      range: '7days',
    });
  });

  it('ignores an unknown range and a malformed location', () => {
    expect(filtersFromParams(new URLSearchParams('range=forever&location=<script>'))).toEqual({
      range: '7days',
    });
  });

  it('writes only what differs from the defaults and keeps the other params', () => {
    const next = paramsFromFilters(
      { range: '7days', location: 'museum' },
      new URLSearchParams('tab=customers&range=30days'),
    );
    expect(next.toString()).toBe('tab=customers&location=museum');
    const custom = paramsFromFilters(
      { range: 'custom', from: '2026-10-01', to: '2026-10-31' },
      new URLSearchParams(),
    );
    expect(Object.fromEntries(custom)).toEqual({
      range: 'custom',
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });
});
