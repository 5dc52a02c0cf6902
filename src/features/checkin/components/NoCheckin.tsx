// SPEC §2: a kiosk QR screen without a visitor says 'No active check-in found.' and goes home.
import { ButtonLink } from '@/components/ui/Button.tsx';

export function NoCheckin() {
  return (
    <div className="my-auto flex flex-col items-center gap-6 text-center">
      <h1 className="font-display text-4xl font-bold">No active check-in found.</h1>
      <ButtonLink to="/kiosk" size="lg" className="min-h-16 text-xl">
        Back to Home
      </ButtonLink>
    </div>
  );
}
