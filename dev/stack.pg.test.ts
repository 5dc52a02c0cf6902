// The local stack reopened on a real Postgres test database, as a browser lane's app is for a
// *.pg browser suite (tests/support/browser-app.ts): it serves that database, and closing it lets
// the database go, so the suite can drop it (its connections are closed, not cut off).
import postgres from 'postgres';
import { createPostgresDatabase, realPostgresUrl, type TestDatabase } from '../tests/support/db.ts';
import { startStack, type Stack } from './stack.ts';

let stack: Stack | undefined;
let db: TestDatabase | undefined;

afterAll(async () => {
  await stack?.stop();
  await db?.drop();
});

it('reopens on a Postgres database, serves its rows, and lets it go on closeDatabase', async () => {
  db = await createPostgresDatabase({ max: 1 });
  await db.sql`update public.locations set business_name = 'Creamery on Postgres' where id = 'creamery'`;
  stack = await startStack({ port: 0, dataDir: null, quiet: true });
  await stack.reopen({ databaseUrl: db.url });
  expect(stack.databaseUrl).toBe(db.url);
  const locations = (await (await fetch(`${stack.url}/functions/v1/api/locations`)).json()) as {
    id: string;
    businessName: string;
  }[];
  expect(locations.find((location) => location.id === 'creamery')?.businessName).toBe('Creamery on Postgres');

  const name = new URL(db.url).pathname.slice(1);
  const admin = postgres(realPostgresUrl()!, { max: 1, onnotice: () => {} });
  try {
    const connections = async () =>
      (await admin<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where datname = ${name}`)[0]!.n;
    // The stack's pool and the suite's own client.
    expect(await connections()).toBeGreaterThan(1);
    await stack.closeDatabase();
    expect(await connections()).toBe(1);
    expect((await fetch(`${stack.url}/functions/v1/api/locations`)).status).toBe(503);
  } finally {
    await admin.end();
  }
});
