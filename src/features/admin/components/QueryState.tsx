// Loading, error (with a retry) and empty states of an admin panel, the same everywhere.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Skeleton } from '@/components/ui/Skeleton.tsx';
import { readProblem } from '../lib/range-problem.ts';

export function QueryState(props: {
  loading: boolean;
  error: unknown;
  onRetry?: () => void;
  empty: boolean;
  emptyText: string;
  /** "recent activity", "customers"… for the loading and error sentences. */
  what: string;
  children: ReactNode;
}) {
  if (props.loading) {
    return (
      <div className="mt-4 grid gap-3">
        <p role="status" className="sr-only">
          Loading {props.what}…
        </p>
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (props.error) {
    return (
      <div
        role="alert"
        className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900"
      >
        <p>
          Could not load {props.what}. {readProblem(props.error)}
        </p>
        {props.onRetry ? (
          <Button variant="secondary" className="mt-3" onClick={props.onRetry}>
            Try again
          </Button>
        ) : null}
      </div>
    );
  }
  if (props.empty) return <p className="mt-4 text-bark-700">{props.emptyText}</p>;
  return <>{props.children}</>;
}

/** What QueryView reads of a TanStack query. */
export interface QueryLike {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
  data?: unknown;
}

/**
 * QueryState for one query: Try again fetches it again, and (unless `empty` says otherwise) a list
 * it answers with no rows shows `emptyText`; a query answering one record is never empty.
 */
export function QueryView(props: {
  query: QueryLike;
  what: string;
  emptyText?: string;
  /** When the answer is empty, if not "a list with no rows". */
  empty?: boolean;
  children: ReactNode;
}) {
  const { query } = props;
  return (
    <QueryState
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={props.empty ?? (Array.isArray(query.data) && query.data.length === 0)}
      emptyText={props.emptyText ?? ''}
      what={props.what}
    >
      {props.children}
    </QueryState>
  );
}

/** A panel's rows handed down with their states (RecentActivity, TopLocations), as QueryView reads them. */
export function listAsQuery(list: {
  items: unknown;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}): QueryLike {
  return { isPending: list.loading, error: list.error, refetch: list.onRetry, data: list.items };
}
