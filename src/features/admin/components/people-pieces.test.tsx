// The Audit tab's before/after lines and the Messages tab's reply link.
import { changes } from './AuditTab.tsx';
import { replyHref } from './MessagesTab.tsx';

it('shows before and after as "field: old → new", only what changed or was given', () => {
  expect(
    changes({
      before: { status: 'approved', points: 5, customerId: 'c1' },
      after: { status: 'voided', pointsReversed: 5 },
    }),
  ).toEqual(['status: approved → voided', 'points: was 5', 'customerId: was c1', 'pointsReversed: 5']);
  expect(changes({ before: { handled: false }, after: { handled: true } })).toEqual(['handled: false → true']);
  expect(changes({ before: null, after: null })).toEqual([]);
  expect(changes({ before: { role: 'admin' }, after: { role: null } })).toEqual(['role: admin → —']);
});

it('replies by e-mail with "Re: " and the subject', () => {
  expect(replyHref({ email: 'pat@example.com', subject: 'Hours & days' })).toBe(
    'mailto:pat@example.com?subject=Re%3A%20Hours%20%26%20days',
  );
  expect(replyHref({ email: 'pat@example.com', subject: null })).toBe(
    'mailto:pat@example.com?subject=Re%3A%20your%20message%20to%20Village%20Rewards',
  );
});
