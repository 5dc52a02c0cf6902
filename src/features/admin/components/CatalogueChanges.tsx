// Every change to businesses and rewards, newest first (GET /api/admin/catalogue/changes, from
// the audit log): when, what, who and why. On the Programme tab and the Rewards tab.
import type { CatalogueChange } from '@contract';
import { formatPhone } from '@/lib/phone.ts';
import { useCatalogueChanges } from '../api/catalogue.ts';
import { QueryState } from './QueryState.tsx';

const ACTIONS: Record<string, string> = {
  'business.create': 'Business added',
  'business.update': 'Business edited',
  'business.archive': 'Business archived',
  'business.unarchive': 'Business restored',
  'reward.create': 'Reward added',
  'reward.update': 'Reward reworded',
  'reward.retire': 'Reward retired',
  'reward.replace': 'Reward replaced',
  'reward.expiry': 'Reward expiry changed',
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What changed, in words: the names before and after. */
function summary(change: CatalogueChange): string {
  const before = change.before ?? {};
  const after = change.after ?? {};
  if (change.targetType === 'location') {
    const name = text(after.businessName) || text(before.businessName);
    const renamed = before.businessName && before.businessName !== after.businessName ? ` (was ${text(before.businessName)})` : '';
    return `${name}${renamed}`;
  }
  if (change.action === 'reward.replace') {
    const replacement = (after.replacement ?? {}) as Record<string, unknown>;
    return `${text(before.name)} → ${text(replacement.name)}`;
  }
  if (change.action === 'reward.expiry') {
    const expiry = (days: unknown) => (typeof days === 'number' ? `${days} days after it unlocks` : 'never');
    return `${text(after.name)}: expires ${expiry(before.expiresAfterDays)} → ${expiry(after.expiresAfterDays)}`;
  }
  if (change.action === 'reward.update' && before.name !== after.name) return `${text(before.name)} → ${text(after.name)}`;
  return text(after.name) || text(before.name);
}

export function CatalogueChangesList() {
  const query = useCatalogueChanges();
  return (
    <QueryState
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={query.data?.length === 0}
      emptyText="No changes yet."
      what="the changes"
    >
      <div className="overflow-x-auto rounded-xl border border-cream-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Changes to businesses and rewards, newest first</caption>
          <thead className="bg-cream-100 text-bark-900">
            <tr>
              <th scope="col" className="px-3 py-2">When</th>
              <th scope="col" className="px-3 py-2">Change</th>
              <th scope="col" className="px-3 py-2">What</th>
              <th scope="col" className="px-3 py-2">By</th>
              <th scope="col" className="px-3 py-2">Reason</th>
            </tr>
          </thead>
          <tbody>
            {query.data?.map((change) => (
              <tr key={change.id} className="border-t border-cream-200 align-top">
                <td className="px-3 py-2 whitespace-nowrap">{new Date(change.at).toLocaleString()}</td>
                <td className="px-3 py-2">{ACTIONS[change.action] ?? change.action}</td>
                <td className="px-3 py-2">{summary(change)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{change.actorPhone ? formatPhone(change.actorPhone) : '—'}</td>
                <td className="px-3 py-2">{change.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </QueryState>
  );
}
