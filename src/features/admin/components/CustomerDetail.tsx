// One customer's record in a dialog: profile and consents, visits (each approved one
// can be voided with a reason), rewards, redemptions (each with who redeemed it and the proof the
// member was there; each can be undone with a reason) and the points ledger with who acted; and the member-record
// actions: correct name or phone, suspend, adjust points, forget; and their printed card.
import type { ReactNode } from 'react';
import type { AdminCustomerDetail } from '@contract';
import { ButtonLink } from '@/components/ui/Button.tsx';
import { Dialog, DialogCloseButton, DialogContent } from '@/components/ui/Dialog.tsx';
import { formatPhone } from '@/lib/phone.ts';
import { useCustomer } from '../api/get-customer.ts';
import { MemberRecordActions } from './MemberRecordActions.tsx';
import { QueryView } from './QueryState.tsx';
import { UndoRedemptionButton } from './UndoRedemptionButton.tsx';
import { VoidVisitButton } from './VoidVisitButton.tsx';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

type Consent = AdminCustomerDetail['consents'][number];

/** Double opt-in's steps as the history shows them: agreed on a form (pending), then confirmed. */
function consentStep(consent: Consent): string {
  if (!consent.granted) return 'withdrawn';
  if (consent.pending) return 'agreed on a form, to be confirmed by the phone';
  if (consent.source === 'sign_in') return 'confirmed by a sign-in code';
  if (consent.source === 'sms_reply') return 'confirmed by SMS reply';
  return 'agreed';
}

/** A person as the API names them: a phone's 10 digits are shown as a phone. */
const who = (label: string | null) => (label && /^\d{10}$/.test(label) ? formatPhone(label) : label);

const PROOF: Record<NonNullable<AdminCustomerDetail['redemptions'][number]['proof']>, string> = {
  code: "Member's code",
  card: 'Card scanned',
  phone: 'Phone scanned',
  admin_reason: "Admin's reason (ledger)",
};

export function CustomerDetailDialog(props: {
  customerId: string | null;
  onClose: () => void;
  renderStatus: (status: string) => ReactNode;
  businessName: (locationId: string | null) => string;
}) {
  const query = useCustomer(props.customerId);
  const detail = query.data;
  return (
    <Dialog
      open={props.customerId !== null}
      onOpenChange={(open) => (open ? null : props.onClose())}
    >
      <DialogContent
        title={detail ? detail.customer.name : 'Customer'}
        description={
          detail
            ? `${detail.customer.phone ? formatPhone(detail.customer.phone) : 'No phone (forgotten)'}${detail.customer.email ? ` · ${detail.customer.email}` : ''}`
            : undefined
        }
        className="max-h-[90svh] overflow-y-auto md:max-w-4xl"
      >
        <QueryView query={query} what="this customer">
          {detail ? <DetailBody detail={detail} {...props} /> : null}
        </QueryView>
        <div className="mt-6 flex justify-end">
          <DialogCloseButton variant="secondary" />
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Section(props: { title: string; empty: boolean; emptyText: string; children: ReactNode }) {
  return (
    <section className="mt-6">
      <h3 className="font-display text-lg font-bold text-bark-900">{props.title}</h3>
      {props.empty ? (
        <p className="mt-2 text-sm text-bark-700">{props.emptyText}</p>
      ) : (
        props.children
      )}
    </section>
  );
}

const cell = 'px-3 py-2 align-top';

function DetailBody(props: {
  detail: AdminCustomerDetail;
  renderStatus: (status: string) => ReactNode;
  businessName: (locationId: string | null) => string;
}) {
  const { customer, visits, rewards, redemptions, consents, ledger } = props.detail;
  return (
    <div className="text-sm">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Status">{props.renderStatus(customer.status)}</Fact>
        <Fact label="Points">{customer.totalPoints}</Fact>
        <Fact label="Visits">{customer.totalVisits}</Fact>
        <Fact label="Joined">{new Date(customer.createdAt).toLocaleDateString()}</Fact>
        <Fact label="SMS offers">
          {customer.smsConsent ? 'Yes' : customer.smsConsentPending ? 'Pending confirmation' : 'No'}
        </Fact>
        <Fact label="Email offers">{customer.emailConsent ? 'Yes' : 'No'}</Fact>
        <Fact label="Joined via">
          {customer.signupChannel}
          {customer.signupLocationId ? ` (${props.businessName(customer.signupLocationId)})` : ''}
        </Fact>
        <Fact label="Signed in by phone">{customer.signedIn ? 'Yes' : 'Not yet'}</Fact>
      </dl>

      <MemberRecordActions customer={customer} />

      {customer.forgottenAt ? null : (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <ButtonLink to={`/admin/card?customer=${encodeURIComponent(customer.id)}`} variant="secondary">
            Print or replace member card
          </ButtonLink>
          <span className="text-bark-700">A paper card with their QR, for members without a smartphone.</span>
        </div>
      )}

      <Section title="Visits" empty={visits.length === 0} emptyText="No visits yet">
        <Table label="Visits" head={['When', 'Business', 'Points', 'Approved by', 'Status', '']}>
          {visits.map((visit) => (
            <tr key={visit.id}>
              <td className={cell}>{when(visit.createdAt)}</td>
              <td className={cell}>{visit.businessName}</td>
              <td className={cell}>{visit.points}</td>
              <td className={cell}>
                {who(visit.approvedBy) ?? visit.approvedVia}
                {visit.foundBySearch ? ' (found by search)' : ''}
              </td>
              <td className={cell}>
                {visit.status === 'voided' ? (
                  <span>
                    Voided {when(visit.voidedAt)}
                    {visit.voidReason ? `: ${visit.voidReason}` : ''}
                  </span>
                ) : (
                  'Approved'
                )}
              </td>
              <td className={cell}>
                {visit.status === 'approved' ? (
                  <VoidVisitButton visit={visit} customerName={customer.name} />
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section title="Rewards" empty={rewards.length === 0} emptyText="No rewards yet">
        <Table label="Rewards" head={['Reward', 'Business', 'Status', 'Unlocked', 'Redeemed']}>
          {rewards.map((reward) => (
            <tr key={reward.id}>
              <td className={cell}>{reward.name}</td>
              <td className={cell}>
                {reward.locationId ? props.businessName(reward.locationId) : 'Any business'}
              </td>
              <td className={cell}>{reward.status}</td>
              <td className={cell}>{when(reward.unlockedAt)}</td>
              <td className={cell}>
                {reward.redeemedAt
                  ? `${when(reward.redeemedAt)} at ${props.businessName(reward.redeemedLocationId)}`
                  : '—'}
              </td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section title="Redemptions" empty={redemptions.length === 0} emptyText="No redemptions yet">
        <Table label="Redemptions" head={['Reward', 'Where', 'When', 'Redeemed by', 'Proof', '']}>
          {redemptions.map((r) => (
            <tr key={r.customerRewardId}>
              <td className={cell}>{r.rewardName}</td>
              <td className={cell}>{r.businessName ?? '—'}</td>
              <td className={cell}>{when(r.redeemedAt)}</td>
              <td className={cell}>{who(r.redeemedBy) ?? '—'}</td>
              <td className={cell}>{r.proof ? PROOF[r.proof] : '—'}</td>
              <td className={cell}>
                <UndoRedemptionButton redemption={r} customerName={customer.name} />
              </td>
            </tr>
          ))}
        </Table>
      </Section>

      <Section
        title="Consents"
        empty={consents.length === 0}
        emptyText="No marketing consent given"
      >
        <ul className="mt-2 grid gap-2">
          {consents.map((consent) => (
            <li key={consent.id} className="rounded-xl bg-cream-50 p-3">
              <p className="font-semibold">
                {consent.channel.toUpperCase()} {consentStep(consent)} ·{' '}
                {consent.scope} · {when(consent.createdAt)} ({consent.signupChannel ?? consent.source})
              </p>
              <blockquote className="mt-1 text-bark-700">“{consent.wording}”</blockquote>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Points ledger" empty={ledger.length === 0} emptyText="No ledger events">
        <Table label="Points ledger" head={['When', 'Event', 'Points', 'Where', 'By', 'Reason']}>
          {ledger.map((event) => (
            <tr key={event.id}>
              <td className={cell}>{when(event.createdAt)}</td>
              <td className={cell}>{event.event.replaceAll('_', ' ')}</td>
              <td className={cell}>{event.points > 0 ? `+${event.points}` : event.points}</td>
              <td className={cell}>
                {event.locationId ? props.businessName(event.locationId) : '—'}
              </td>
              <td className={cell}>
                {event.actor ? `${who(event.actor)} (${event.actorRole ?? '—'})` : (event.actorRole ?? '—')}
              </td>
              <td className={cell}>{event.reason ?? '—'}</td>
            </tr>
          ))}
        </Table>
      </Section>
    </div>
  );
}

function Fact(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold text-bark-700 uppercase">{props.label}</dt>
      <dd className="mt-1 text-bark-900">{props.children}</dd>
    </div>
  );
}

function Table(props: { label: string; head: string[]; children: ReactNode }) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={props.label}
      className="mt-2 overflow-x-auto rounded-xl border border-cream-200 focus-visible:outline-3 focus-visible:outline-meadow-700"
    >
      <table className="w-full text-left">
        <thead className="bg-cream-50 text-bark-700">
          <tr>
            {props.head.map((h, i) => (
              <th key={i} scope="col" className="px-3 py-2 font-semibold">
                {h || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-cream-200">{props.children}</tbody>
      </table>
    </div>
  );
}
