// "Updated just now" / "Updated HH:MM:SS" of the live screens.
import { render, screen } from '@testing-library/react';
import { oldestRead, updatedText, UpdatedAt } from './UpdatedAt.tsx';

const at = new Date(2026, 10, 28, 14, 5, 9).getTime();

it('says "just now" for a read under 10 s old, then the time it was read', () => {
  expect(updatedText(at, at + 3_000)).toBe('Updated just now');
  expect(updatedText(at, at + 10_000)).toBe('Updated 14:05:09');
  expect(updatedText(at, at + 3_600_000)).toBe('Updated 14:05:09');
});

it('is as current as the stalest part read, ignoring parts not read yet', () => {
  expect(oldestRead([at + 5, 0, at])).toBe(at);
  expect(oldestRead([0, 0])).toBeNull();
});

it('shows nothing before the first read, and is not a live region (no announcement every poll)', () => {
  const { rerender, container } = render(<UpdatedAt updatedAt={null} />);
  expect(container).toBeEmptyDOMElement();
  rerender(<UpdatedAt updatedAt={Date.now()} failed />);
  expect(screen.getByText('Updated just now')).toHaveAttribute('datetime');
  expect(screen.getByText(/could not refresh/)).toBeInTheDocument();
  expect(container.querySelector('[aria-live],[role="status"],[role="alert"]')).toBeNull();
});
