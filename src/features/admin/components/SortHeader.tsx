// A sortable column header: a button that cycles descending → ascending → the default order,
// with aria-sort on the header cell so screen readers announce it.
export type SortState<K extends string> = { key: K; dir: 'asc' | 'desc' } | null;

export function SortHeader<K extends string>(props: {
  label: string;
  column: K;
  sort: SortState<K>;
  onSort: (next: SortState<K>) => void;
}) {
  const active = props.sort?.key === props.column ? props.sort : null;
  const next: SortState<K> = !active
    ? { key: props.column, dir: 'desc' }
    : active.dir === 'desc'
      ? { key: props.column, dir: 'asc' }
      : null;
  return (
    <th
      scope="col"
      className="px-2 py-1 font-semibold"
      aria-sort={active ? (active.dir === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        onClick={() => props.onSort(next)}
        className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 hover:bg-cream-100 focus-visible:outline-3 focus-visible:outline-meadow-700"
      >
        {props.label}
        <span aria-hidden="true">{active ? (active.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  );
}
