// GET /api/admin/audit: the audit log, newest first, filtered and a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoints } from '@/lib/api-client.ts';

export interface AuditFilters {
  action?: string;
  actor?: string;
  target?: string;
  location?: string;
  from?: string;
  to?: string;
  page: number;
}

export const AUDIT_PAGE = 25;

export const auditQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: [
      '/api/admin/audit',
      {
        action: filters.action || undefined,
        actor: filters.actor || undefined,
        target: filters.target || undefined,
        location: filters.location || undefined,
        from: filters.from || undefined,
        to: filters.to || undefined,
        limit: AUDIT_PAGE,
        page: filters.page > 1 ? filters.page : undefined,
      },
    ] as const,
    queryFn: ({ queryKey }) => callEndpoint(endpoints.adminAudit, { query: queryKey[1] }),
    placeholderData: keepPreviousData,
  });

export const useAudit = (filters: AuditFilters, enabled = true) =>
  useQuery({ ...auditQueryOptions(filters), enabled });
