// A route's screen whose chunk cannot be fetched (server down, a deploy while the tab was open)
// says so with Retry, and Retry imports the chunk again: the router keeps a failed `lazy` for
// ever, so `screen()` resolves to a retrying screen instead of rejecting.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { screen as routeScreen } from './router.tsx';

it("a route's screen whose chunk fails to load says so with Retry, which imports the chunk again", async () => {
  const Screen = () => <h1>Redeem</h1>;
  const load = vi.fn(async () => {
    if (load.mock.calls.length === 1) throw new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    return { Screen };
  });
  const router = createMemoryRouter([{ path: '/', lazy: routeScreen(load, (m) => m.Screen) }]);
  render(<RouterProvider router={router} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('This screen could not load.');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Redeem' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});
