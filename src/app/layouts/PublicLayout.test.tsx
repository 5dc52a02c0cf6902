// The public navigation: the small-screen menu opens and closes and says so to screen readers.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, stubFetch } from '@/test/render-route.tsx';

beforeEach(() => {
  stubFetch(200, []);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function menuOf(toggle: HTMLElement) {
  return document.getElementById(toggle.getAttribute('aria-controls')!);
}

it('toggles the small-screen menu with aria-expanded and aria-controls', async () => {
  renderRoute('/how-it-works');
  const toggle = await screen.findByRole('button', { name: 'Open menu' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(menuOf(toggle)).not.toBeVisible();

  await userEvent.click(toggle);
  expect(toggle).toHaveAccessibleName('Close menu');
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(menuOf(toggle)).toBeVisible();

  await userEvent.click(toggle);
  expect(toggle).toHaveAccessibleName('Open menu');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(menuOf(toggle)).not.toBeVisible();
});

it('closes the menu on Escape and gives the focus back to the toggle', async () => {
  renderRoute('/contact');
  const toggle = await screen.findByRole('button', { name: 'Open menu' });
  await userEvent.click(toggle);
  await userEvent.tab();
  expect(menuOf(toggle)).toContainElement(document.activeElement as HTMLElement);
  await userEvent.keyboard('{Escape}');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(toggle).toHaveFocus();
});

it('closes the menu when the page changes', async () => {
  const { router } = renderRoute('/contact');
  const toggle = await screen.findByRole('button', { name: 'Open menu' });
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await act(() => router.navigate('/businesses'));
  expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

it('links Sign In to /login and Join Now to /join', async () => {
  renderRoute('/contact');
  expect((await screen.findAllByRole('link', { name: 'Sign In' }))[0]).toHaveAttribute(
    'href',
    '/login',
  );
  expect(screen.getAllByRole('link', { name: 'Join Now' })[0]).toHaveAttribute('href', '/join');
});

it('offers a skip link to the main content as the first stop of the keyboard', async () => {
  renderRoute('/contact');
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
  await userEvent.tab();
  const skip = screen.getByRole('link', { name: 'Skip to content' });
  expect(skip).toHaveFocus();
  expect(skip).toHaveAttribute('href', '#main');
  expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
});
