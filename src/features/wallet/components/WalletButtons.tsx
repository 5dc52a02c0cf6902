// "Add to Apple Wallet" and "Save to Google Wallet" for the signed-in member (docs/WALLET.md).
// A provider the operator has not configured shows no button (GET /api/wallet/config), so a
// member never meets a button that fails; while that is unknown, or unreadable, nothing shows.
// Signed out (the join success screen of a visitor), the card waits for a sign-in.
import { Link } from 'react-router';
import { cn } from '@/lib/cn.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useAddToAppleWallet, useSaveToGoogleWallet, useWalletConfig } from '../api/wallet.ts';

const walletButton =
  'inline-flex min-h-14 w-full items-center justify-center gap-3 rounded-xl bg-black px-6 py-3 text-lg font-semibold text-balance ' +
  'text-white transition hover:bg-bark-900 focus-visible:outline-3 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-bark-900 disabled:cursor-wait disabled:opacity-70';

/** A plain card-in-a-wallet mark (not Apple's or Google's badge artwork). */
function WalletMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="6" width="18" height="13" rx="2.5" />
      <path d="M3 10h18M7 3.5h10" strokeLinecap="round" />
    </svg>
  );
}

export function WalletButtons(props: {
  /** A member session is there to ask for the card with. */
  signedIn: boolean;
  /** Where a signed-out visitor signs in first. */
  signInTo?: string;
  className?: string;
}) {
  const config = useWalletConfig();
  const apple = useAddToAppleWallet();
  const google = useSaveToGoogleWallet();
  const offered = config.data;
  if (!offered || (!offered.apple && !offered.google)) return null;
  const both = offered.apple && offered.google;
  const where = both
    ? 'Apple Wallet or Google Wallet'
    : offered.apple
      ? 'Apple Wallet'
      : 'Google Wallet';
  if (!props.signedIn) {
    return (
      <p className={cn('text-bark-700', props.className)}>
        Want your card in {where}?{' '}
        <Link
          to={props.signInTo ?? '/login'}
          className="font-semibold text-meadow-800 underline underline-offset-2"
        >
          Sign in to add it
        </Link>
        .
      </p>
    );
  }
  const failure = apple.error ?? google.error;
  return (
    <section aria-labelledby="wallet-buttons" className={cn('grid gap-3', props.className)}>
      <h2 id="wallet-buttons" className="font-display text-xl font-bold">
        Your card on your phone
      </h2>
      <p className="text-bark-700">
        Keep your member card in {where}: it shows your points and updates itself after every visit.
      </p>
      <div className="grid gap-3">
        {offered.apple ? (
          <WalletButton card={apple} other={google} label="Add to Apple Wallet" busy="Preparing your card…" />
        ) : null}
        {offered.google ? (
          <WalletButton card={google} other={apple} label="Save to Google Wallet" busy="Opening Google Wallet…" />
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="text-red-800">
          We couldn't make your wallet card. {userMessage(failure)}
        </p>
      ) : null}
    </section>
  );
}

/**
 * One provider's button: it prepares its card (clearing the other provider's failure), busy and
 * disabled, saying `busy`, while it does.
 */
function WalletButton(props: {
  card: { isPending: boolean; mutate: () => void };
  other: { reset: () => void };
  label: string;
  busy: string;
}) {
  const pending = props.card.isPending;
  return (
    <button
      type="button"
      className={walletButton}
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={() => {
        props.other.reset();
        props.card.mutate();
      }}
    >
      <WalletMark />
      {pending ? props.busy : props.label}
    </button>
  );
}
