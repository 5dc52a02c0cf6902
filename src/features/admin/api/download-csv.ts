// The CSV downloads (customers, visits, settlement): the API wants the Bearer token, which a plain
// <a href> cannot send, so fetch the file, then save it through an object URL under the
// server's Content-Disposition filename.
import { useMutation } from '@tanstack/react-query';
import { apiRequest, endpoints, endpointUrl, type RouteOf } from '@/lib/api-client.ts';

export function filenameFrom(disposition: string | null, fallback: string): string {
  const match = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

type Endpoints = typeof endpoints;

/** The endpoints whose declaration answers a CSV file. */
export type CsvEndpoint = {
  [K in keyof Endpoints]: RouteOf<Endpoints[K]> extends { contentType: 'text/csv' }
    ? Endpoints[K]
    : never;
}[keyof Endpoints];

/** `route` is one of the CSV endpoints (`endpoints.exportVisits`…); `query` its query (null entries dropped). */
export async function downloadCsv(input: {
  route: CsvEndpoint;
  query: Record<string, string | undefined>;
  fallbackName: string;
}) {
  const response = await apiRequest(
    input.route.method.toUpperCase(),
    endpointUrl(input.route, { query: input.query }),
    undefined,
    {
      headers: { Accept: 'text/csv' },
    },
  );
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filenameFrom(response.headers.get('Content-Disposition'), input.fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return link.download;
}

export function useDownloadCsv() {
  return useMutation({ mutationFn: downloadCsv });
}
