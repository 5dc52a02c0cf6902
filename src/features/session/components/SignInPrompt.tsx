// The signed-out prompts of the member screens (PRODUCT §2): a sentence and one button to sign in.
import { ButtonLink } from '@/components/ui/Button.tsx';

export function SignInPrompt(props: { message: string; to: string; label?: string }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-6 px-4 py-20 text-center">
      <h1 className="font-display text-2xl font-bold text-bark-900">{props.message}</h1>
      <ButtonLink to={props.to} size="lg">
        {props.label ?? 'Sign In'}
      </ButtonLink>
    </section>
  );
}

/** A loading line for screens that wait on the session or the account. */
export function LoadingLine(props: { text: string }) {
  return (
    <p role="status" aria-busy="true" className="px-4 py-20 text-center text-lg text-bark-700">
      {props.text}
    </p>
  );
}
