import { ApiError } from '@/lib/api-client.ts';
import { Attempts } from './attempts.ts';

it('gives every answered attempt a new key, and the unanswered one its own key again', () => {
  const attempts = new Attempts();
  const first = attempts.keyFor('customer:a');
  attempts.settle('customer:a');
  const second = attempts.keyFor('customer:a');
  expect(second).not.toBe(first);
  attempts.settle('customer:a', new TypeError('Failed to fetch'));
  expect(attempts.keyFor('customer:a')).toBe(second);
  attempts.settle('customer:a', new ApiError(503, '', 'Service Unavailable'));
  expect(attempts.keyFor('customer:a')).toBe(second);
  attempts.settle('customer:a', new ApiError(429, '', 'Too Many Requests'));
  expect(attempts.keyFor('customer:a')).not.toBe(second);
  // Another request after an unanswered one is a new attempt.
  const third = attempts.keyFor('customer:b');
  attempts.settle('customer:b', new TypeError('Failed to fetch'));
  expect(attempts.keyFor('customer:c')).not.toBe(third);
});
