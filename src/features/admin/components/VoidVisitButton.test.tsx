// Voiding a visit: the shared form dialog asks for a reason before anything is sent, sends it to
// the visit's void endpoint, and shows the API's refusal in the dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { VoidVisitButton } from './VoidVisitButton.tsx';

const VISIT = '11111111-1111-4111-8111-111111111111';
const PATH = `/api/admin/visits/${VISIT}/void`;

it('needs a reason, sends it, and shows a refusal in the dialog', async () => {
  let refuse = true;
  const calls = stubApi({
    [PATH]: () =>
      refuse
        ? [409, { error: { code: 'conflict', message: 'This visit is already void' } }]
        : [
            200,
            {
              visitId: VISIT,
              voided: true,
              pointsReversed: 1,
              rewardsRevoked: [],
              rewardsClawedBack: [],
              totalPoints: 4,
            },
          ],
  });
  renderWithRouter(
    <VoidVisitButton
      visit={{
        id: VISIT,
        businessName: 'Village Creamery',
        createdAt: '2026-11-20T15:00:00Z',
        points: 1,
      }}
      customerName="Pat"
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: /Void the visit at Village Creamery/ }));
  const dialog = screen.getByRole('dialog', { name: 'Void this visit?' });
  const reason = within(dialog).getByLabelText('Reason');

  await userEvent.click(within(dialog).getByRole('button', { name: 'Void visit' }));
  expect(within(dialog).getByText('Say why the visit is voided.')).toBeInTheDocument();
  expect(reason).toHaveAttribute('aria-invalid', 'true');
  expect(calls.filter((call) => call.url.pathname === PATH)).toEqual([]);

  await userEvent.type(reason, 'Scanned twice');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Void visit' }));
  expect(await within(dialog).findByText('This visit is already void')).toBeInTheDocument();
  const sent = calls.filter((call) => call.url.pathname === PATH);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.init?.method).toBe('POST');
  expect(JSON.parse(String(sent[0]!.init?.body))).toEqual({ reason: 'Scanned twice' });

  refuse = false;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Void visit' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});
