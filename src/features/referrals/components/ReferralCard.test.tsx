// "Bring a neighbour" on /account: the code and the link, Copy, the bonus and the counts as the API
// says them; loading, and an error with a retry.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter, stubApi } from '@/test/render-with-router.tsx';
import { joinedSentence, ReferralCard } from './ReferralCard.tsx';

const referral = { code: 'K7WQ3P', path: '/join?ref=K7WQ3P', joined: 3, rewarded: 1, bonusPoints: 10 };

it('shows the code, the link, the bonus and the counts, and copies the link', async () => {
  stubApi({ '/api/me/referral': referral });
  const user = userEvent.setup();
  const writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderWithRouter(<ReferralCard />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading your invitation code…');
  expect(await screen.findByRole('heading', { name: 'Bring a neighbour' })).toBeInTheDocument();
  expect(screen.getByText('K7WQ3P')).toBeInTheDocument();
  expect(screen.getByLabelText('Your code: K 7 W Q 3 P')).toBeInTheDocument();
  expect(screen.getByText(`${window.location.origin}/join?ref=K7WQ3P`)).toBeInTheDocument();
  expect(screen.getByText(/you both get 10 points/)).toBeInTheDocument();
  expect(screen.getByText('3 neighbours have joined with your code; 1 earned the bonus with their first visit.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Copy link' }));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/join?ref=K7WQ3P`));
  expect(await screen.findByText('Link copied. Paste it in a message to your neighbour.')).toBeInTheDocument();
});

it('says no bonus when the operator has none, and offers a retry when the code cannot load', async () => {
  let fail = true;
  stubApi({
    '/api/me/referral': () => (fail ? [500, { error: { code: 'internal', message: 'Something went wrong' } }] : [200, { ...referral, bonusPoints: 0, joined: 0, rewarded: 0 }]),
  });
  const user = userEvent.setup();
  renderWithRouter(<ReferralCard />);
  expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your invitation code.");
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText(/Invite a neighbour to join/)).toBeInTheDocument();
  expect(screen.queryByText(/you both get/)).not.toBeInTheDocument();
  expect(screen.getByText('No neighbour has joined with your code yet.')).toBeInTheDocument();
});

it('words the counts for one neighbour', () => {
  expect(joinedSentence(1, 0)).toBe('1 neighbour has joined with your code; 0 earned the bonus with their first visit.');
});
