// A form's lazily loaded validation: it loads once, a failed load refuses the form with a root
// error in plain words, and the next check tries the load again.
import type { Resolver } from 'react-hook-form';
import { lazyResolver, VALIDATION_UNAVAILABLE } from './lazy-resolver.ts';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;
const accept: Resolver<Values, unknown, Values> = async (values) => ({ values, errors: {} });

it('loads the resolver once and answers with it', async () => {
  const load = vi.fn(async () => accept);
  const resolver = lazyResolver(load);
  resolver.preload();
  expect(await resolver({ name: 'Ada' }, undefined, options)).toEqual({
    values: { name: 'Ada' },
    errors: {},
  });
  await resolver({ name: 'Bo' }, undefined, options);
  expect(load).toHaveBeenCalledTimes(1);
});

it('refuses the form in plain words when the load fails, and loads again at the next check', async () => {
  const load = vi
    .fn<() => Promise<typeof accept>>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValueOnce(accept);
  const resolver = lazyResolver(load);
  expect(await resolver({ name: 'Ada' }, undefined, options)).toEqual({
    values: {},
    errors: {
      root: {
        type: VALIDATION_UNAVAILABLE,
        message: 'We could not reach the server. Check your connection and try again.',
      },
    },
  });
  expect(await resolver({ name: 'Ada' }, undefined, options)).toEqual({
    values: { name: 'Ada' },
    errors: {},
  });
  expect(load).toHaveBeenCalledTimes(2);
});
