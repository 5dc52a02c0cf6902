// Programme tab, Wallet cards: whether Apple Wallet and Google Wallet are set up, and for one that
// is not, the names of the secrets still to set (never their values). A provider that is not set
// up shows members no button; docs/WALLET.md says where each credential comes from.
import type { AdminWalletStatus } from '@contract';
import { useAdminWallet } from '../api/wallet.ts';
import { SettingsCard } from './SettingsCard.tsx';

function ProviderLine(props: { name: string; button: string; status: AdminWalletStatus['apple'] }) {
  return (
    <li className="rounded-xl border border-cream-200 bg-white p-4">
      {/* A secret's name is one long word: it wraps rather than widen the tab past a phone's screen. */}
      <p className="font-semibold wrap-anywhere">
        {props.name}:{' '}
        {props.status.configured ? (
          <span className="text-meadow-800">set up</span>
        ) : (
          <span className="text-red-800">missing {props.status.missing.join(', ')}</span>
        )}
      </p>
      <p className="mt-1 text-sm text-bark-700">
        {props.status.configured
          ? `Members see "${props.button}" on their account, after joining and on the points page.`
          : `Members see no "${props.button}" button until these secrets are set on the api function.`}
      </p>
    </li>
  );
}

export function WalletSection() {
  const wallet = useAdminWallet();
  return (
    <SettingsCard
      title="Wallet cards"
      intro="A member card in Apple Wallet or Google Wallet that updates itself when points change. Each needs the operator's own credentials, set as secrets (docs/WALLET.md explains where to get them)."
      query={wallet}
      what="the wallet set-up"
    >
      {wallet.data ? (
        <ul className="mt-4 grid gap-3">
          <ProviderLine
            name="Apple Wallet"
            button="Add to Apple Wallet"
            status={wallet.data.apple}
          />
          <ProviderLine
            name="Google Wallet"
            button="Save to Google Wallet"
            status={wallet.data.google}
          />
        </ul>
      ) : null}
    </SettingsCard>
  );
}
