// The visit history says, in plain words, that a reward expired unused (docs/RULES.md "Reward expiry").
import type { MeResponse } from '@contract';
import { historyEvents } from './history.tsx';

const gone = {
  id: '00000000-0000-4000-8000-000000000004', status: 'expired', unlockedAt: '2026-10-20T15:00:00Z', redeemedAt: null,
  expiresAt: '2026-11-20T06:00:00Z', expiresOn: '2026-11-19',
  reward: { id: '10000000-0000-4000-8000-000000000004', name: 'Free Pizza Slice', description: '', scope: 'location',
            locationId: 'pizza', businessName: 'Village Pizza' },
} as const;

it('puts an expired reward in the history in plain words', () => {
  const me = { rewards: [gone] } as unknown as MeResponse;
  const events = historyEvents([], me, true);
  expect(events.map((e) => e.title)).toEqual(['Reward expired: Free Pizza Slice', 'Reward unlocked: Free Pizza Slice']);
  expect(events[0]!.detail).toBe('Not used by November 19, 2026, so it can no longer be redeemed');
});
