// The Audit tab: every admin, owner and staff-management action, newest first,
// filtered by action, who, what, business and days, a page at a time; before and after are shown
// as "Field: old → new" in words (lib/audit-labels.ts), never the stored names. An owner's view
// passes `location` (their business, fixed).
import { useId, useState } from 'react';
import type { AuditEntry, LocationList } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { Input, Label } from '@/components/ui/Input.tsx';
import { formatPhone } from '@/lib/phone.ts';
import { AUDIT_PAGE, useAudit, type AuditFilters } from '../api/audit.ts';
import { actionLabel, fieldLabel, targetLabel, valueLabel } from '../lib/audit-labels.ts';
import { QueryView } from './QueryState.tsx';
import { BusinessOptions } from './BusinessOptions.tsx';
import { DateField } from './DateField.tsx';

const selectClass =
  'mt-1 block min-h-11 w-full rounded-xl border border-bark-300 bg-white px-3 text-bark-900';

/** Before and after as lines "Field: old → new" (only the fields that differ, or were given). */
export function changes(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) =>
      key in before && key in after
        ? `${fieldLabel(key)}: ${valueLabel(before[key])} → ${valueLabel(after[key])}`
        : key in after
          ? `${fieldLabel(key)}: ${valueLabel(after[key])}`
          : `${fieldLabel(key)}: was ${valueLabel(before[key])}`,
    );
}

const ROLE_WORDS: Record<string, string> = {
  admin: 'an admin',
  owner: 'an owner',
  staff: 'staff',
  kiosk: 'a kiosk',
  system: 'the system',
  member: 'the member',
};

export function AuditTab(props: { locations: LocationList | undefined; location?: string }) {
  const id = useId();
  const [filters, setFilters] = useState<AuditFilters>({ page: 1, location: props.location });
  const badDates = Boolean(filters.from && filters.to && filters.from > filters.to);
  const query = useAudit(filters, !badDates);
  const set = (changes: Partial<AuditFilters>) =>
    setFilters((old) => ({ ...old, ...changes, page: changes.page ?? 1 }));
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE));
  const business = (lid: string | null) =>
    lid ? (props.locations?.find((l) => l.id === lid)?.businessName ?? lid) : '—';
  return (
    <div className="grid gap-4">
      <Card className="p-4">
        <form
          aria-label="Audit filters"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
          onSubmit={(event) => event.preventDefault()}
        >
          <div>
            <Label htmlFor={`${id}-action`}>Action</Label>
            <select
              id={`${id}-action`}
              className={selectClass}
              value={filters.action ?? ''}
              onChange={(event) => set({ action: event.target.value })}
            >
              <option value="">Every action</option>
              {query.data?.actions.map((action) => (
                <option key={action} value={action}>
                  {actionLabel(action)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor={`${id}-actor`}>Who (role or phone)</Label>
            <Input
              id={`${id}-actor`}
              value={filters.actor ?? ''}
              placeholder="admin, owner, 312…"
              maxLength={40}
              onChange={(event) => set({ actor: event.target.value })}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-target`}>What (id, phone or part of it)</Label>
            <Input
              id={`${id}-target`}
              value={filters.target ?? ''}
              maxLength={200}
              onChange={(event) => set({ target: event.target.value })}
            />
          </div>
          {props.location ? null : (
            <div>
              <Label htmlFor={`${id}-business`}>Business</Label>
              <select
                id={`${id}-business`}
                className={selectClass}
                value={filters.location ?? ''}
                onChange={(event) => set({ location: event.target.value || undefined })}
              >
                <BusinessOptions businesses={props.locations} none="Every business" />
              </select>
            </div>
          )}
          <DateField id={`${id}-from`} label="From" value={filters.from ?? ''} onChange={(from) => set({ from })} />
          <DateField id={`${id}-to`} label="To" value={filters.to ?? ''} onChange={(to) => set({ to })} />
        </form>
        {badDates ? (
          <p role="alert" className="mt-2 text-sm text-red-800">
            The start date is after the end date.
          </p>
        ) : null}
      </Card>
      {badDates ? null : (
        <QueryView
          query={query}
          emptyText="Nothing recorded matches these filters"
          empty={query.data?.entries.length === 0}
          what="the audit log"
        >
          <p className="text-sm text-bark-700" aria-live="polite">
            {total} {total === 1 ? 'entry' : 'entries'}, newest first
          </p>
          <ol className="grid gap-2" aria-label="Audit entries">
            {query.data?.entries.map((entry) => (
              <li key={entry.id}>
                <Card className="grid gap-1 p-4 text-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="font-semibold text-bark-900">
                      {actionLabel(entry.action)}
                      <span className="font-normal text-bark-700">
                        {' · '}
                        {targetLabel(entry.targetType)}
                        {entry.targetId ? ` ${entry.targetId}` : ''}
                      </span>
                    </p>
                    <time className="text-bark-700" dateTime={entry.at}>
                      {new Date(entry.at).toLocaleString()}
                    </time>
                  </div>
                  <p className="text-bark-700">
                    By {ROLE_WORDS[entry.actorRole] ?? entry.actorRole}
                    {entry.actorName ? ` ${entry.actorName}` : ''}
                    {entry.actorPhone ? ` ${formatPhone(entry.actorPhone)}` : ''} · Business:{' '}
                    {business(entry.locationId)}
                  </p>
                  {changes(entry).length ? (
                    <ul className="list-inside list-disc break-all text-bark-900">
                      {changes(entry).map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  ) : null}
                  {entry.reason ? <p className="text-bark-900">Reason: {entry.reason}</p> : null}
                </Card>
              </li>
            ))}
          </ol>
        </QueryView>
      )}
      {total > AUDIT_PAGE ? (
        <nav aria-label="Audit pages" className="flex items-center justify-between">
          <Button
            variant="secondary"
            disabled={filters.page <= 1}
            onClick={() => set({ page: filters.page - 1 })}
          >
            Previous
          </Button>
          <span className="text-sm text-bark-700">
            Page {filters.page} of {pages}
          </span>
          <Button
            variant="secondary"
            disabled={filters.page >= pages}
            onClick={() => set({ page: filters.page + 1 })}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
