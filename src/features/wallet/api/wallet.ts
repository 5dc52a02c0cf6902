// Wallet cards (docs/WALLET.md): which providers the programme offers, the member's Apple
// Wallet pass (a signed .pkpass download) and their "Save to Google Wallet" link.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints, requestEndpoint } from '@/lib/api-client.ts';

export const walletConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/wallet/config'] as const,
    queryFn: () => callEndpoint(endpoints.walletConfig),
    // The operator's secrets change with a deployment, not while a page is open.
    staleTime: 10 * 60_000,
  });

export const useWalletConfig = () => useQuery(walletConfigQueryOptions());

/** Fetches the member's signed pass and hands it to the browser (Safari on iPhone offers "Add"). */
export async function downloadApplePass(): Promise<void> {
  const response = await requestEndpoint(endpoints.walletApplePass);
  const blob = new Blob([await response.arrayBuffer()], { type: 'application/vnd.apple.pkpass' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'village-rewards.pkpass';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Opens Google's save page for the member's card (same tab: no pop-up to be blocked). */
export async function openGoogleSaveLink(): Promise<void> {
  const { url } = await callEndpoint(endpoints.walletGoogleLink);
  window.location.assign(url);
}

export const useAddToAppleWallet = () => useMutation({ mutationFn: downloadApplePass });
export const useSaveToGoogleWallet = () => useMutation({ mutationFn: openGoogleSaveLink });
