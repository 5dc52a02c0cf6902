// A form's validation, loaded when it is first needed instead of with its screen: the zod schema
// it checks with (and zod itself) stay out of a screen group's first load (scripts/bundle-size.ts).
// react-hook-form awaits a resolver on every check anyway. `preload` starts the load once the form
// is on screen; a load that fails is tried again at the next check, and meanwhile the form is
// refused with a root error in plain words (the form's onInvalid shows it).
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { userMessage } from './api-client.ts';
import { loadOnce } from './load-once.ts';

export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  preload: () => void;
};

/** The root error a form is refused with when its validation could not load. */
export const VALIDATION_UNAVAILABLE = 'validation-unavailable';

export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): LazyResolver<Input, Output> {
  const resolver = loadOnce(load);
  const lazy: Resolver<Input, unknown, Output> = async (values, context, options) => {
    try {
      return await (
        await resolver()
      )(values, context, options);
    } catch (error) {
      const root = { type: VALIDATION_UNAVAILABLE, message: userMessage(error) };
      return { values: {}, errors: { root } as FieldErrors<Input> };
    }
  };
  return Object.assign(lazy, { preload: () => void resolver().catch(() => {}) });
}
