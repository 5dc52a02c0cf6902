// The local stack end to end: it serves the api function over the embedded database, and a
// file-backed PGlite keeps data (and applied migrations) across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listMigrations } from './db.ts';
import { startStack } from './stack.ts';

describe('the local stack', () => {
  it('serves /functions/v1/api/locations from the seeded embedded database', async () => {
    const stack = await startStack({ port: 0, dataDir: null, quiet: true });
    try {
      const response = await fetch(`${stack.url}/functions/v1/api/locations`);
      expect(response.status).toBe(200);
      const locations = (await response.json()) as { id: string; welcomeReward: { name: string } }[];
      expect(locations.map((l) => l.id)).toEqual(['chatterbox', 'creamery', 'joanies', 'museum', 'snackco', 'broken-bridge']);
      expect(locations.find((l) => l.id === 'creamery')?.welcomeReward.name).toBe('Free Ice Cream Scoop');
    } finally {
      await stack.stop();
    }
  });

  it('keeps users and applied migrations across a restart with a file-backed database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'village-rewards-pglite-'));
    try {
      const first = await startStack({ port: 0, dataDir, quiet: true });
      const signup = await fetch(`${first.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: first.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ data: {} }),
      });
      const { user } = (await signup.json()) as { user: { id: string } };
      await first.stop();

      const second = await startStack({ port: 0, dataDir, quiet: true });
      const { sql } = second;
      try {
        const users = await sql`select id from auth.users where id = ${user.id}`;
        expect(users).toHaveLength(1);
        const migrations = await sql`select version from supabase_migrations.schema_migrations order by version`;
        expect(migrations.map((m) => m.version)).toEqual(listMigrations().map((m) => m.version));
        const locations = await sql`select count(*)::int as n from public.locations`;
        expect(locations[0]!.n).toBe(6);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
