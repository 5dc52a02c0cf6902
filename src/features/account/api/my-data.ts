// The member's own data on /account: details, name, texts on/off, a phone change
// proven by a code sent to the new number, "Download my data" and "Delete my account".
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyDataExport } from '@contract';
import { SMS_CONSENT_TEXT, SMS_OPT_OUT_TEXT } from '../../../../supabase/functions/_shared/contract/constants.ts';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';
import { supabase } from '@/lib/supabase.ts';

export const myDetailsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/me/details'] as const,
    queryFn: () => callEndpoint(endpoints.myDetails),
  });

export const useMyDetails = () => useQuery(myDetailsQueryOptions());

/** Every change refreshes the details and the account (its name and phone show at the top). */
function useAccountMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Not awaited: the screen says "saved" when the save answers, while the account re-reads.
    onSuccess: () => {
      void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/me') });
    },
  });
}

export const useUpdateMyName = () =>
  useAccountMutation((name: string) => callEndpoint(endpoints.updateMyName, { body: { name } }));

/** The wording shown with each choice is what the consent record keeps. */
export const smsWording = (on: boolean) => (on ? SMS_CONSENT_TEXT : SMS_OPT_OUT_TEXT);

export const useSetMySmsConsent = () =>
  useAccountMutation((smsConsent: boolean) =>
    callEndpoint(endpoints.setMySmsConsent, { body: { smsConsent, wording: smsWording(smsConsent) } }),
  );

export const useSendPhoneCode = () =>
  useMutation({ mutationFn: (phone: string) => callEndpoint(endpoints.changeMyPhone, { body: { phone } }) });

export const useConfirmPhone = () =>
  useAccountMutation(async (input: { phone: string; code: string }) => {
    const result = await callEndpoint(endpoints.confirmMyPhone, { body: input });
    // The session Auth issued for the new phone replaces the old one.
    const { error } = await supabase.auth.setSession({
      access_token: result.session.access_token,
      refresh_token: result.session.refresh_token,
    });
    if (error) throw error;
    return result.details;
  });

/** Fetches the member's data and hands it to the browser as a JSON file. */
export async function downloadMyData(): Promise<MyDataExport> {
  const data = await callEndpoint(endpoints.myDataExport);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `village-rewards-my-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  return data;
}

export const useDownloadMyData = () => useMutation({ mutationFn: downloadMyData });

export const useDeleteMyAccount = () =>
  useMutation({ mutationFn: () => callEndpoint(endpoints.deleteMyAccount, { body: { confirm: true } }) });
