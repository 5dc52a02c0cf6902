// The icon list is declared once, in the contract (LOCATION_ICONS); the database keeps its own
// copy where SQL cannot import it (the column's check, the catalogue function's friendlier
// refusal). This holds both copies to the contract, so a new icon is added everywhere or fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCATION_ICONS } from '../../supabase/functions/_shared/contract.ts';

const schemas = join(import.meta.dirname, '../../supabase/schemas');

function iconLists(): { where: string; icons: string[] }[] {
  const lists: { where: string; icons: string[] }[] = [];
  for (const file of readdirSync(schemas).filter((name) => name.endsWith('.sql'))) {
    const sql = readFileSync(join(schemas, file), 'utf8');
    for (const match of sql.matchAll(/\b(?:p_)?icon (?:not )?in \(([^)]*)\)/g)) {
      lists.push({ where: `${file}: ${match[0]}`, icons: [...match[1]!.matchAll(/'([^']*)'/g)].map((m) => m[1]!) });
    }
  }
  return lists;
}

it('finds the column check and the catalogue function check', () => {
  expect(iconLists().length).toBeGreaterThanOrEqual(2);
});

it('every icon list in the schema is the contract list', () => {
  for (const { where, icons } of iconLists()) {
    expect([...icons].sort(), where).toEqual([...LOCATION_ICONS].sort());
  }
});
