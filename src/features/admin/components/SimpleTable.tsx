// The rows of the admin's small tables (a report's "where members also shop", a reward's figures
// by business): a head row of column names, and body rows of plain cells.
import type { ReactNode } from 'react';

export function HeadRow(props: { heads: readonly string[]; cellClass: string }) {
  return (
    <tr>
      {props.heads.map((head) => (
        <th key={head} scope="col" className={props.cellClass}>
          {head}
        </th>
      ))}
    </tr>
  );
}

export function CellsRow(props: { cells: readonly ReactNode[] }) {
  return (
    <tr className="border-t border-cream-200">
      {props.cells.map((cell, index) => (
        <td key={index} className="py-1">
          {cell}
        </td>
      ))}
    </tr>
  );
}
