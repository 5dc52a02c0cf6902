// The data step of the text rule (migration 20261128600400): names stored before it lose what is
// hidden inside them, and texts or scheduled campaigns holding a hidden character are cancelled
// rather than sent. The rows are written as they were before the rule, with triggers off.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../dev/db.ts';
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { createMember } from '../support/factories.ts';

const MIGRATION = join(ROOT, 'supabase', 'migrations', '20261128600400_hidden_characters_in_stored_text.sql');

let db: TestDatabase;

beforeAll(async () => {
  db = await createPostgresDatabase({ max: 2 });
});

afterAll(async () => {
  await db?.drop();
});

it('cleans stored names and cancels unsent texts and scheduled campaigns that hold hidden characters', async () => {
  const bad = await createMember(db.sql, 'Placeholder');
  const good = await createMember(db.sql, 'Ana Ruiz');
  const phone = '+13125550777';
  await db.sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await tx`update public.customers set name = ${'Ana\u202e ziuR\u001b[31m\r\nJr\u200b.'} where id = ${bad.customerId}`;
    await tx`insert into private.texts (customer_id, phone, kind, body, event_key) values
               (${bad.customerId}, ${phone}, 'campaign', ${'Village Rewards: Sale\u202e. Reply STOP to opt out.'}, 'legacy:1'),
               (${good.customerId}, ${phone}, 'campaign', 'Village Rewards: Sale. Reply STOP to opt out.', 'legacy:2')`;
    await tx`insert into private.text_campaigns (created_by_role, message, body, send_at) values
               ('admin', ${'Sale\u0007 today'}, ${'Village Rewards: Sale\u0007 today Reply STOP to opt out.'}, now() + interval '1 day'),
               ('admin', 'Sale today', 'Village Rewards: Sale today Reply STOP to opt out.', now() + interval '1 day')`;
  });

  await db.sql.unsafe(readFileSync(MIGRATION, 'utf8'));

  const names = await db.sql<{ id: string; name: string }[]>`
    select id, name from public.customers where id in (${bad.customerId}, ${good.customerId})`;
  expect(Object.fromEntries(names.map((r) => [r.id, r.name]))).toEqual({
    [bad.customerId]: 'Ana ziuR[31m Jr.',
    [good.customerId]: 'Ana Ruiz',
  });
  const texts = await db.sql<{ eventKey: string; status: string; error: string | null }[]>`
    select event_key as "eventKey", status, error from private.texts where event_key like 'legacy:%' order by event_key`;
  expect(texts).toEqual([
    { eventKey: 'legacy:1', status: 'cancelled', error: 'hidden_characters' },
    { eventKey: 'legacy:2', status: 'queued', error: null },
  ]);
  const campaigns = await db.sql<{ message: string; status: string }[]>`
    select message, status from private.text_campaigns where message like 'Sale%'`;
  expect(Object.fromEntries(campaigns.map((c) => [c.message, c.status]))).toEqual({
    'Sale today': 'scheduled',
    'Sale\u0007 today': 'cancelled',
  });
});
