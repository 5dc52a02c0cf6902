// Where a screen offers the wallet card: nothing unless a provider is configured. (Loading the
// buttons lazily instead split shared code out of the entry and made every first load heavier.)
import { useWalletConfig } from '../api/wallet.ts';
import { WalletButtons } from './WalletButtons.tsx';

export function WalletOffer(props: { signedIn: boolean; signInTo?: string; className?: string }) {
  const offered = useWalletConfig().data;
  if (!offered || (!offered.apple && !offered.google)) return null;
  return <WalletButtons {...props} />;
}
