// A piece loaded on demand whose import rejects says so with Retry, and Retry imports it again:
// for a lazy component (a dialog, the camera); src/app/route-load-failed.test.tsx does a route's screen.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { retryableLazy } from './LoadFailed.tsx';

function Hello(props: { name: string }) {
  return <p>Hello {props.name}</p>;
}

/** An import that fails `failures` times (a network error, as a browser says it), then loads. */
function flakyImport<T>(value: T, failures = 1) {
  const load = vi.fn(async () => {
    if (load.mock.calls.length <= failures) throw new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    return value;
  });
  return load;
}

it('a lazy piece whose import rejects says so with Retry; Retry imports again and shows it', async () => {
  const load = flakyImport(Hello, 2);
  const Lazy = retryableLazy(load, 'The redemption code');
  render(<Lazy name="Ada" />);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The redemption code could not load.');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  // Still failing: still said, still retryable.
  expect(await screen.findByRole('alert')).toHaveTextContent('could not load');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(load).toHaveBeenCalledTimes(3);
});
