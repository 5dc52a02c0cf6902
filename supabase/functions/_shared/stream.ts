// Streams the rows of a set-returning app.* SQL function as CSV: a postgres.js cursor inside
// the caller's transaction fetches a batch at a time, and the response body pulls the next
// batch only when the client has taken the last one, so 100k rows never sit in memory.
import type { Caller } from './caller.ts';
import { attachment, csvLine, type CsvColumn } from './csv.ts';
import { rowsStatement, type Db, type SqlArgs } from './db.ts';
const BATCH = 500;

type Row = Record<string, unknown>;

export interface CsvExport {
  fn: string;
  args: SqlArgs;
  columns: CsvColumn[];
  filename: string;
}

/**
 * Opens the cursor and reads the first batch before answering, so that a refusal of the SQL
 * function (LY403, LY400, ...) is still an error response; then streams the rest.
 */
export async function streamCsv(db: Db, caller: Caller, spec: CsvExport): Promise<Response> {
  const [statement, values] = rowsStatement(spec.fn, spec.args);

  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let handOver!: (rows: AsyncIterator<Row[]>) => void;
  const iteratorReady = new Promise<AsyncIterator<Row[]>>((resolve) => (handOver = resolve));
  // The transaction stays open until the body is fully read or cancelled.
  const transaction = db.asCaller(caller, async (tx) => {
    const cursor = tx.unsafe(statement, values).cursor(BATCH) as AsyncIterable<Row[]>;
    handOver(cursor[Symbol.asyncIterator]());
    await finished;
  });
  const rows = await Promise.race([iteratorReady, transaction.then(() => undefined)]);
  if (!rows) throw new Error('the export transaction ended before its cursor opened');

  let first: IteratorResult<Row[]>;
  try {
    first = await rows.next();
  } catch (error) {
    finish();
    await transaction.catch(() => undefined);
    throw error;
  }
  const encoder = new TextEncoder();
  const line = (row: Row) => csvLine(spec.columns.map((column) => row[column.key]));
  let pending: IteratorResult<Row[]> | undefined = first;
  const close = async () => {
    finish();
    try {
      await rows.return?.();
    } catch {
      // The cursor is closed with its transaction anyway.
    }
    await transaction.catch(() => undefined);
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(spec.columns.map((column) => column.title))}`));
    },
    async pull(controller) {
      try {
        const batch = pending ?? (await rows.next());
        pending = undefined;
        if (batch.done) {
          await close();
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(batch.value.map(line).join('')));
      } catch (error) {
        await close();
        controller.error(error);
      }
    },
    async cancel() {
      await close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': attachment(spec.filename),
      'cache-control': 'no-store',
    },
  });
}
