// The public site's frame (PRODUCT §2): a sticky top navigation with a small-screen menu, and a footer.
import { Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ButtonLink } from '@/components/ui/Button.tsx';
import { PROGRAMME_NAME } from '@/lib/brand.ts';
import { businessesPhrase } from '@/lib/business-count.ts';
import { usePublicBusinessCount } from '@/app/layouts/public-locations.ts';
import { useProgramme } from '@/lib/programme.ts';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/businesses', label: 'Businesses' },
  { to: '/join', label: 'Join' },
  { to: '/contact', label: 'Contact' },
];

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-cream-200 text-bark-900' : 'text-bark-700 hover:bg-cream-100'}`;
}

export function PublicLayout() {
  const { pathname } = useLocation();
  const businessCount = usePublicBusinessCount();
  // The menu belongs to the page it was opened on, so any navigation (back button too) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  };
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-30 rounded-md bg-white px-4 py-2 font-semibold text-bark-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-3 focus:outline-meadow-700"
      >
        Skip to content
      </a>
      <header
        className="sticky top-0 z-20 border-b border-cream-200 bg-cream-50/95 backdrop-blur"
        onKeyDown={closeOnEscape}
      >
        <nav
          aria-label="Main"
          className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3"
        >
          <Link
            to="/"
            className="flex items-center gap-2 font-display text-xl font-bold text-meadow-800"
          >
            <img src="/favicon.svg" alt="" className="h-8 w-8" />
            {PROGRAMME_NAME}
          </Link>
          <div className="hidden items-center gap-1 md:flex">
            {LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end className={navClass}>
                {link.label}
              </NavLink>
            ))}
          </div>
          <div className="hidden items-center gap-2 md:flex">
            <ButtonLink to="/login" variant="secondary">
              Sign In
            </ButtonLink>
            <ButtonLink to="/join">Join Now</ButtonLink>
          </div>
          <button
            ref={toggleRef}
            type="button"
            className="rounded-md p-2 text-bark-900 hover:bg-cream-100 md:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen(!open)}
          >
            <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </nav>
        <div id={menuId} hidden={!open} className="border-t border-cream-200 px-4 pb-4 md:hidden">
          <div className="flex flex-col gap-1 pt-2">
            {LINKS.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end
                className={navClass}
                onClick={() => setOpen(false)}
              >
                {link.label}
              </NavLink>
            ))}
          </div>
          <div className="mt-3 flex gap-2">
            <ButtonLink to="/login" variant="secondary" onClick={() => setOpen(false)}>
              Sign In
            </ButtonLink>
            <ButtonLink to="/join" onClick={() => setOpen(false)}>
              Join Now
            </ButtonLink>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* The header and footer stay while a page of the public site loads; on a first load the
            empty page keeps the footer below the fold, so the page arriving does not move it. */}
        <Suspense fallback={<div className="min-h-svh" />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-cream-200 bg-cream-100">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
          <div>
            <p className="font-display text-lg font-bold text-meadow-800">{PROGRAMME_NAME}</p>
            <p className="mt-2 text-sm text-bark-700">
              One membership for {businessesPhrase(businessCount)}.
            </p>
          </div>
          <nav aria-label="Quick links">
            <p className="text-sm font-semibold">Quick links</p>
            <ul className="mt-2 grid w-fit grid-cols-2 gap-x-10 gap-y-1 text-sm">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-block py-1 text-bark-700 underline-offset-2 hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="text-sm">
            <p className="font-semibold">Contact</p>
            <FooterContact />
            <p className="mt-3">
              Questions?{' '}
              <Link to="/contact" className="font-medium text-meadow-800 underline">
                Contact us
              </Link>
            </p>
            <p className="mt-3">
              <Link to="/privacy" className="font-medium text-meadow-800 underline">
                Terms and privacy policy
              </Link>
            </p>
          </div>
        </div>
      </footer>
    </div>
  );
}

/** The footer's contact details, from the public content (GET /api/programme); none while unknown. */
function FooterContact() {
  const contact = useProgramme().data?.content.contact;
  if (!contact) return null;
  return (
    <>
      <p className="mt-2 text-bark-700">
        <a href={`mailto:${contact.email}`} className="underline-offset-2 hover:underline">
          {contact.email}
        </a>
      </p>
      <p className="mt-1 text-bark-700">{contact.hours}</p>
    </>
  );
}
