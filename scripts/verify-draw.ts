// Checks a monthly prize draw from its published values alone (docs/DRAWS.md):
//   1. SHA-256 of the revealed seed is the commitment published before the month began;
//   2. the entry list's SHA-256 is the one published with the draw;
//   3. recomputing the winner from the seed and the list gives the published ticket and winner.
//
//   node --import tsx scripts/verify-draw.ts https://village.example/api/draws/<draw id>
//   node --import tsx scripts/verify-draw.ts draw.json
//
// A URL is fetched (the public GET /api/draws/{id}, or GET /api/draws and --month YYYY-MM); a path
// is read as that JSON. Exits 0 when the draw checks out, 1 when it does not, 2 on bad input.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

export interface PublishedDraw {
  id?: string;
  month?: string;
  status?: string;
  commitment: string;
  seed: string | null;
  entries: { entryId: string; entries: number }[] | null;
  entriesSha256?: string | null;
  totalEntries?: number | null;
  winningTicket?: number | null;
  winnerEntryId?: string | null;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Code-point order, as the database's "C" collation sorts the hex entry ids. */
const byEntryId = (a: { entryId: string }, b: { entryId: string }) => (a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0);

/** The list as the draw hashes it: "<entry id>:<entries>" lines in entry id order, joined by "\n". */
export function entryList(entries: { entryId: string; entries: number }[]): string {
  return [...entries].sort(byEntryId).map((e) => `${e.entryId}:${e.entries}`).join('\n');
}

/**
 * The winner: h = SHA-256 of "<seed>\n<list>"; ticket = the first 15 hex digits of h, modulo the
 * total of entries; tickets run from 0 down the list, each member holding as many as their entries.
 */
export function drawWinner(seed: string, entries: { entryId: string; entries: number }[]):
  { listSha256: string; total: number; ticket: number | null; entryId: string | null } {
  const list = entryList(entries);
  const total = entries.reduce((sum, e) => sum + e.entries, 0);
  const listSha256 = sha256(list);
  if (total === 0) return { listSha256, total, ticket: null, entryId: null };
  const h = sha256(`${seed}\n${list}`);
  const ticket = Number(BigInt(`0x${h.slice(0, 15)}`) % BigInt(total));
  let upto = 0;
  for (const e of [...entries].sort(byEntryId)) {
    upto += e.entries;
    if (upto > ticket) return { listSha256, total, ticket, entryId: e.entryId };
  }
  throw new Error('unreachable: the ticket is below the total');
}

export interface Verdict {
  ok: boolean;
  checks: { what: string; ok: boolean; detail: string }[];
  winnerEntryId: string | null;
}

export function verifyDraw(draw: PublishedDraw): Verdict {
  const checks: Verdict['checks'] = [];
  if (draw.seed == null || draw.entries == null) {
    return { ok: false, winnerEntryId: null, checks: [{ what: 'drawn', ok: false, detail: 'This draw has not been run: no seed or entry list yet' }] };
  }
  const seedHash = sha256(draw.seed);
  checks.push({ what: 'seed matches commitment', ok: seedHash === draw.commitment.toLowerCase(),
                detail: `SHA-256(seed) = ${seedHash}, commitment = ${draw.commitment}` });
  const result = drawWinner(draw.seed, draw.entries);
  if (draw.entriesSha256 != null) {
    checks.push({ what: 'entry list matches', ok: result.listSha256 === draw.entriesSha256,
                  detail: `SHA-256(list) = ${result.listSha256}, published ${draw.entriesSha256}` });
  }
  if (draw.totalEntries != null) {
    checks.push({ what: 'total entries', ok: result.total === draw.totalEntries, detail: `${result.total} counted, ${draw.totalEntries} published` });
  }
  checks.push({ what: 'winning ticket', ok: result.ticket === (draw.winningTicket ?? null),
                detail: `ticket ${result.ticket} computed, ${draw.winningTicket ?? null} published` });
  checks.push({ what: 'winner', ok: result.entryId === (draw.winnerEntryId ?? null),
                detail: `${result.entryId ?? 'nobody'} computed, ${draw.winnerEntryId ?? 'nobody'} published` });
  return { ok: checks.every((c) => c.ok), checks, winnerEntryId: result.entryId };
}

async function load(source: string, month?: string): Promise<PublishedDraw> {
  const body: unknown = /^https?:\/\//.test(source)
    ? await (await fetch(source, { headers: { accept: 'application/json' } })).json()
    : JSON.parse(await readFile(source, 'utf8'));
  const list = (body as { draws?: PublishedDraw[] }).draws;
  if (Array.isArray(list)) {
    const found = month ? list.find((d) => d.month === month) : list.find((d) => d.status === 'drawn');
    if (!found) throw new Error(month ? `No draw for ${month} in that list` : 'No drawn draw in that list');
    return found;
  }
  return body as PublishedDraw;
}

async function main(argv: string[]): Promise<number> {
  const monthAt = argv.indexOf('--month');
  const month = monthAt >= 0 ? argv[monthAt + 1] : undefined;
  const source = argv.find((a, i) => !a.startsWith('--') && (monthAt < 0 || i !== monthAt + 1));
  if (!source) {
    console.error('usage: node --import tsx scripts/verify-draw.ts <URL of /api/draws/{id} or /api/draws | draw.json> [--month YYYY-MM]');
    return 2;
  }
  let draw: PublishedDraw;
  try {
    draw = await load(source, month);
  } catch (error) {
    console.error(`Could not read the draw: ${(error as Error).message}`);
    return 2;
  }
  const verdict = verifyDraw(draw);
  for (const c of verdict.checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.what}: ${c.detail}`);
  console.log(verdict.ok ? `The ${draw.month ?? ''} draw checks out: winner ${verdict.winnerEntryId ?? 'nobody (no entries)'}.`
                         : 'The draw does NOT check out.');
  return verdict.ok ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
