// The contact form really stores the message: the app through `npm run dev` on a fresh
// real-Postgres database, the form filled in Chromium, the row read back from the database.
import { createPostgresDatabase, type TestDatabase } from '../support/db.ts';
import { startBrowserApp, type BrowserApp } from '../support/browser-app.ts';

let db: TestDatabase;
let app: BrowserApp;

beforeAll(async () => {
  db = await createPostgresDatabase();
  app = await startBrowserApp({ databaseUrl: db.url });
});

afterAll(async () => {
  await app?.stop();
  await db?.drop();
});

it('stores a contact message sent from the contact page, then clears the form', async () => {
  const { page, problems } = await app.open('/contact', 1280);
  await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
  await page.getByLabel('Name *').fill('Linus');
  await page.getByLabel('Email *').fill('linus@example.com');
  await page.getByLabel('Message *').fill('Do my points expire?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByText('Message Sent!').first().waitFor();
  expect(await page.getByLabel('Message *').inputValue()).toBe('');
  const rows = await db.sql`select name, email, subject, message from public.contact_messages`;
  expect(rows).toEqual([
    { name: 'Linus', email: 'linus@example.com', subject: null, message: 'Do my points expire?' },
  ]);
  expect(problems).toEqual([]);
  await page.close();
});
