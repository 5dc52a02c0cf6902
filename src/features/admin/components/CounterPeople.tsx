// Who served at a business's counter in the last 30 days: each clerk (by name or phone) or kiosk,
// the visits they approved (those after a name or phone search said apart) and the rewards they
// redeemed. Counts only, for the owner: no member is named.
import { formatPhone } from '@/lib/phone.ts';
import { useCounterPeople } from '../api/counter-people.ts';
import { QueryView } from './QueryState.tsx';

const cell = 'border-b border-cream-200 px-3 py-2';
const person = (label: string) => (/^\d{10}$/.test(label) ? formatPhone(label) : label);

export function CounterPeople(props: { locationId: string; businessName: string }) {
  const query = useCounterPeople(props.locationId);
  return (
    <QueryView
      query={query}
      emptyText="Nobody has served at the counter in the last 30 days."
      what="who served at the counter"
    >
      {/* Focusable, so a keyboard can scroll it sideways at 390 px. */}
      <div
        tabIndex={0}
        role="region"
        aria-label={`Who served at ${props.businessName}, the last 30 days`}
        className="overflow-x-auto rounded-xl focus-visible:outline-3 focus-visible:outline-meadow-700"
      >
        <table className="w-full text-left">
          <thead>
            <tr>
              <th className={cell}>Who</th>
              <th className={cell}>Visits approved</th>
              <th className={cell}>Of those, found by search</th>
              <th className={cell}>Rewards redeemed</th>
            </tr>
          </thead>
          <tbody>
            {query.data?.map((row) => (
              <tr key={row.person}>
                <td className={cell}>{person(row.person)}</td>
                <td className={cell}>{row.visits}</td>
                <td className={cell}>{row.visitsFoundBySearch}</td>
                <td className={cell}>{row.redemptions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </QueryView>
  );
}
