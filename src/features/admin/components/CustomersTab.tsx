// The Customers tab (PRODUCT §2): search (typing, debounced, and the Search button), the spec's
// columns, status badges, sorting and paging (server side: 100k rows never reach the browser).
// Live like the other admin screens: re-read every 30 s while visible and on returning to the tab,
// saying when it was read.
import { useEffect, useEffectEvent, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { AdminCustomer } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Input, Label } from '@/components/ui/Input.tsx';
import { oldestRead, UpdatedAt } from '@/components/ui/UpdatedAt.tsx';
import { formatPhone } from '@/lib/phone.ts';
import type { AdminFilters } from '../api/filters.ts';
import { useCustomers, type CustomerSortKey } from '../api/get-customers.ts';
import { useCustomersCount } from '../api/get-customers-count.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { useSetUrlParams, useUrlParam } from '../lib/url-filters.ts';
import { QueryView } from './QueryState.tsx';
import { SortHeader, type SortState } from './SortHeader.tsx';

export const PAGE_SIZE = 25;

export function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString() : 'Never';
}

export function CustomersTab(props: {
  filters: AdminFilters;
  onView: (customer: AdminCustomer) => void;
  /** The status badge (the rewards feature's TierBadge: Gold yellow, Silver gray, Bronze orange). */
  renderStatus: (status: string) => ReactNode;
}) {
  const id = useId();
  const setParams = useSetUrlParams();
  const [search] = useUrlParam('q');
  const [typed, setTyped] = useState(search);
  const [seen, setSeen] = useState(search);
  if (seen !== search) {
    setSeen(search);
    setTyped(search);
  }
  const debounced = useDebounced(typed, 300);
  // Typing searches once it pauses; the URL is written after render, never during it.
  const applyTyped = useEffectEvent((value: string) => {
    if (value !== search) setParams({ q: value, page: '' });
  });
  useEffect(() => applyTyped(debounced.trim()), [debounced]);
  const [sortParam] = useUrlParam('sort');
  const [pageParam, setPageParam] = useUrlParam('page');
  const [everyoneParam] = useUrlParam('everyone');
  const everyone = everyoneParam === '1';
  const sort = parseSort(sortParam);
  const page = Math.max(1, Number.parseInt(pageParam, 10) || 1);

  const filters = { ...props.filters, search: search || undefined, everyone };
  const query = useCustomers({
    ...filters,
    limit: PAGE_SIZE,
    page,
    sort: sort?.key,
    order: sort?.dir,
  });
  const count = useCustomersCount(filters);
  const rows = query.data;
  const total = count.data?.total;
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / PAGE_SIZE));
  const hasNext = pages === undefined ? (rows?.length ?? 0) === PAGE_SIZE : page < pages;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams({ q: typed.trim(), page: '' });
  };
  const changeSort = (next: SortState<CustomerSortKey>) => {
    setParams({ sort: next ? `${next.key}.${next.dir}` : '', page: '' });
  };

  return (
    <div>
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <Label htmlFor={`${id}-search`}>Search customers</Label>
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Name or phone"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
        <label className="flex min-h-11 items-center gap-2 text-sm text-bark-900">
          <input
            type="checkbox"
            className="size-5 accent-meadow-700"
            checked={everyone}
            onChange={(event) => setParams({ everyone: event.target.checked ? '1' : '', page: '' })}
          />
          All customers, not only those active in the date range
        </label>
      </form>
      <UpdatedAt
        className="mt-2"
        updatedAt={oldestRead([query.dataUpdatedAt, count.dataUpdatedAt])}
        failed={query.isRefetchError || count.isRefetchError}
      />
      <QueryView
        query={query}
        emptyText="No customers found"
        empty={rows?.length === 0}
        what="customers"
      >
        <div
          tabIndex={0}
          role="region"
          aria-label="Customers table"
          className="mt-4 overflow-x-auto rounded-2xl border border-cream-200 bg-white focus-visible:outline-3 focus-visible:outline-meadow-700"
        >
          <table className="w-full min-w-[44rem] text-left text-sm" aria-busy={query.isFetching}>
            <caption className="sr-only">Customers, page {page}</caption>
            <thead className="bg-cream-50 text-bark-700">
              <tr>
                <SortHeader label="Customer" column="name" sort={sort} onSort={changeSort} />
                <SortHeader label="Points" column="points" sort={sort} onSort={changeSort} />
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
                <SortHeader label="Last Visit" column="lastVisit" sort={sort} onSort={changeSort} />
                <SortHeader
                  label="Total Visits"
                  column="totalVisits"
                  sort={sort}
                  onSort={changeSort}
                />
                <th scope="col" className="px-4 py-3 font-semibold">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-cream-200">
              {rows?.map((customer) => (
                <tr key={customer.id}>
                  <td className="px-4 py-3">
                    <p className="font-medium text-bark-900">{customer.name}</p>
                    <p className="text-bark-700">{formatPhone(customer.phone)}</p>
                  </td>
                  <td className="px-4 py-3">{customer.totalPoints}</td>
                  <td className="px-4 py-3">{props.renderStatus(customer.status)}</td>
                  <td className="px-4 py-3">{formatDate(customer.lastVisit)}</td>
                  <td className="px-4 py-3">{customer.totalVisits}</td>
                  <td className="px-4 py-3">
                    <Button
                      variant="secondary"
                      onClick={() => props.onView(customer)}
                      aria-label={`View ${customer.name}`}
                    >
                      View
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </QueryView>
      <nav aria-label="Customer pages" className="mt-4 flex items-center justify-between gap-3">
        <Button
          variant="secondary"
          disabled={page <= 1 || query.isFetching}
          onClick={() => setPageParam(page - 1 > 1 ? String(page - 1) : '')}
        >
          Previous
        </Button>
        <span className="text-sm text-bark-700" aria-live="polite">
          Page {page}
          {pages !== undefined
            ? ` of ${pages} · ${total!.toLocaleString()} customer${total === 1 ? '' : 's'}`
            : ''}
        </span>
        <Button
          variant="secondary"
          disabled={!hasNext || query.isFetching}
          onClick={() => setPageParam(String(page + 1))}
        >
          Next
        </Button>
      </nav>
    </div>
  );
}

const SORT_KEYS: CustomerSortKey[] = ['name', 'points', 'lastVisit', 'totalVisits', 'createdAt'];

/** `?sort=points.desc` → { key: 'points', dir: 'desc' }; anything else is the default order. */
export function parseSort(value: string): SortState<CustomerSortKey> {
  const [key, dir] = value.split('.');
  if (!SORT_KEYS.includes(key as CustomerSortKey) || (dir !== 'asc' && dir !== 'desc')) return null;
  return { key: key as CustomerSortKey, dir };
}
