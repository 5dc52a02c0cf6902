// The Audit tab reads in words: actions, kinds of record, roles and fields by their labels, values
// as Yes/No and dates — never the names the database stores.
import { screen, within } from '@testing-library/react';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { AuditTab } from './AuditTab.tsx';

const entry = {
  id: 7,
  at: '2026-11-28T15:00:00Z',
  actorId: null,
  actorRole: 'admin',
  actorName: 'Olive Operator',
  actorPhone: '5555550100',
  action: 'member.phone_change',
  targetType: 'customer',
  targetId: 'c-1',
  locationId: 'creamery',
  before: { phone: '3125550100', smsConsentPending: false },
  after: { phone: '3125550199', smsConsentPending: true },
  reason: 'New number',
};

it('shows actions, records and fields by their labels, never the stored names', async () => {
  stubApi({
    '/api/admin/audit': () => [
      200,
      {
        total: 2,
        actions: ['member.phone_change', 'settings.update'],
        entries: [
          entry,
          {
            ...entry,
            id: 8,
            action: 'settings.update',
            targetType: 'settings',
            targetId: 'programme',
            locationId: null,
            before: { minVisitIntervalMinutes: 60 },
            after: { minVisitIntervalMinutes: 30 },
            reason: null,
          },
        ],
      },
    ],
  });
  renderWithRouter(<AuditTab locations={[{ id: 'creamery', businessName: 'Village Creamery' } as never]} />);
  const list = await screen.findByRole('list', { name: 'Audit entries' });
  const [phone, settings] = within(list).getAllByRole('listitem', { name: '' }).filter((li) => li.parentElement === list);
  expect(phone).toHaveTextContent('Member’s phone changed · member c-1');
  expect(phone).toHaveTextContent('By an admin Olive Operator');
  expect(phone).toHaveTextContent('Phone: 3125550100 → 3125550199');
  expect(phone).toHaveTextContent('Texts waiting for the phone’s YES: No → Yes');
  expect(settings).toHaveTextContent('Settings changed · settings programme');
  expect(settings).toHaveTextContent('Minutes between visits at one business: 60 → 30');
  expect(list.textContent).not.toMatch(/member\.phone_change|settings\.update|minVisitIntervalMinutes|smsConsentPending|customer c-1/);
  const actions = screen.getByLabelText('Action');
  expect(within(actions).getByRole('option', { name: 'Member’s phone changed' })).toHaveValue('member.phone_change');
  expect(within(actions).getByRole('option', { name: 'Settings changed' })).toHaveValue('settings.update');
});
