// The Audit tab's before/after lines and the Messages tab's reply link.
import { changes } from './AuditTab.tsx';
import { replyHref } from './MessagesTab.tsx';

it('shows before and after as "Field: old → new" in words, only what changed or was given', () => {
  expect(
    changes({
      before: { status: 'approved', points: 5, customerId: 'c1' },
      after: { status: 'voided', pointsReversed: 5 },
    }),
  ).toEqual(['Status: approved → voided', 'Points: was 5', 'Member: was c1', 'Points taken back: 5']);
  expect(changes({ before: { handled: false }, after: { handled: true } })).toEqual(['Handled: No → Yes']);
  expect(changes({ before: null, after: null })).toEqual([]);
  expect(changes({ before: { role: 'admin' }, after: { role: null } })).toEqual(['Role: admin → —']);
  expect(
    changes({ before: { minVisitIntervalMinutes: 60, quietStart: '21:00' }, after: { minVisitIntervalMinutes: 30, quietStart: '20:00' } }),
  ).toEqual(['Minutes between visits at one business: 60 → 30', 'Quiet hours start: 21:00 → 20:00']);
  // No stored field name survives, whatever the field.
  expect(changes({ before: { someNewField: 1 }, after: { someNewField: 2 } })).toEqual(['Some new field: 1 → 2']);
});

it('replies by e-mail with "Re: " and the subject', () => {
  expect(replyHref({ email: 'pat@example.com', subject: 'Hours & days' })).toBe(
    'mailto:pat@example.com?subject=Re%3A%20Hours%20%26%20days',
  );
  expect(replyHref({ email: 'pat@example.com', subject: null })).toBe(
    'mailto:pat@example.com?subject=Re%3A%20your%20message%20to%20Village%20Rewards',
  );
});
