// CSV for the admin exports (RFC 4180): quoted where needed, and guarded against spreadsheet
// formula injection, since names and messages come from the public sign-up forms.

export interface CsvColumn {
  /** The result column of the SQL function. */
  key: string;
  /** The header cell. */
  title: string;
}

// A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return) gets a
// leading apostrophe (OWASP's advice); numbers are never text, so they stay as they are.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** `"name.csv"` as a Content-Disposition value (the name is ours: letters, digits, dots, dashes). */
export function attachment(filename: string): string {
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(filename)) throw new Error(`bad export file name ${filename}`);
  return `attachment; filename="${filename}"`;
}
