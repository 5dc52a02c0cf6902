// The public navigation: the small-screen menu opens and closes and says so to screen readers.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, stubFetch } from '@/test/render-route.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('toggles the small-screen menu with aria-expanded and aria-controls', async () => {
  stubFetch(200, []);
  renderRoute('/how-it-works');
  const toggle = screen.getByRole('button', { name: 'Open menu' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const menu = document.getElementById(toggle.getAttribute('aria-controls')!);
  expect(menu).not.toBeVisible();
  await userEvent.click(toggle);
  expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  expect(menu).toBeVisible();
});

it('links Sign In to /login and Join Now to /join', () => {
  stubFetch(200, []);
  renderRoute('/contact');
  expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/login');
  expect(screen.getAllByRole('link', { name: 'Join Now' })[0]).toHaveAttribute('href', '/join');
});
