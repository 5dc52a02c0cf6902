// One read's screen states for the admin and owner screens: loading and error (with Try again) as
// QueryState says them, then what the screen draws from the answer (nothing without one).
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryState } from '@/features/admin/components/QueryState.tsx';

export function QueryView<T>(props: {
  query: UseQueryResult<T>;
  /** "the report", "this member's card"… for the loading and error sentences. */
  what: string;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  return (
    <QueryState
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      empty={false}
      emptyText=""
      what={props.what}
    >
      {query.data ? props.children(query.data) : null}
    </QueryState>
  );
}
