// The page for any unknown path (PRODUCT §2).
import { ButtonLink } from '@/components/ui/Button.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';

export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-meadow-700">404</p>
      <h1 className="mt-2 font-display text-4xl font-bold">Page Not Found</h1>
      <p className="mt-4 text-bark-700">
        The page you are looking for does not exist or has moved.
      </p>
      <ButtonLink to="/" className="mt-8">
        Back to Home
      </ButtonLink>
    </section>
  );
}
