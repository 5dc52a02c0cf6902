// loadOnce: one load shared by every caller; a failed one is tried again by the next caller.
import { loadOnce } from './load-once.ts';

it('loads once for every caller, and again only after a failure', async () => {
  const load = vi
    .fn<() => Promise<string>>()
    .mockRejectedValueOnce(new Error('offline'))
    .mockResolvedValue('schema');
  const get = loadOnce(load);
  await expect(get()).rejects.toThrow('offline');
  await expect(Promise.all([get(), get()])).resolves.toEqual(['schema', 'schema']);
  await expect(get()).resolves.toBe('schema');
  expect(load).toHaveBeenCalledTimes(2);
});
