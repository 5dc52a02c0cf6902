// PRODUCT §2: a kiosk QR screen without a visitor says 'No active check-in found.' and goes home.
import { ButtonLink } from '@/components/ui/Button.tsx';

/** `home`: the kiosk's own landing (its business's, e.g. /creamery). */
export function NoCheckin(props: { home: string }) {
  return (
    <div className="my-auto flex flex-col items-center gap-6 text-center">
      <h1 className="font-display text-4xl font-bold">No active check-in found.</h1>
      <ButtonLink to={props.home} size="lg" className="min-h-16 text-xl">
        Back to Home
      </ButtonLink>
    </div>
  );
}
