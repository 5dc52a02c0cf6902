// The local stack's Storage stand-in (dev/storage.ts) through supabase-js's own storage client, as
// the admin screen uploads: an admin uploads a business image and anyone reads it by its public
// URL; a staff phone, a member-less session and a kiosk are refused by RLS (the policies of
// supabase/schemas/82_business_images.sql); the bucket's size and type limits hold; a name is
// not overwritten unless asked.
import { startStack, type Stack } from './stack.ts';
import { solidPng } from '../tests/support/png.ts';
import { stackTarget, supabaseClient } from './auth/testing.ts';

const png = () => solidPng(1);

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ port: 0, dataDir: null, quiet: true });
});

afterAll(async () => {
  await stack?.stop();
});

async function signedIn(phone: string) {
  const client = supabaseClient(stackTarget(stack));
  await client.auth.signInWithOtp({ phone: `+1${phone}` });
  const { error } = await client.auth.verifyOtp({ phone: `+1${phone}`, token: '123456', type: 'sms' });
  if (error) throw error;
  return client;
}

describe('business images in Storage', () => {
  it('an admin uploads a PNG; its public URL serves the same bytes to anyone', async () => {
    const admin = await signedIn('5555550100');
    const bytes = png();
    const { data, error } = await admin.storage
      .from('business-images')
      .upload('creamery/logo.png', bytes, { contentType: 'image/png' });
    expect(error).toBeNull();
    expect(data?.path).toBe('creamery/logo.png');
    const url = admin.storage.from('business-images').getPublicUrl('creamery/logo.png').data.publicUrl;
    expect(url).toBe(`${stack.url}/storage/v1/object/public/business-images/creamery/logo.png`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);

    // The same name again is refused unless the upload asks to replace it.
    const again = await admin.storage.from('business-images').upload('creamery/logo.png', bytes, { contentType: 'image/png' });
    expect(again.error).not.toBeNull();
    const replaced = await admin.storage
      .from('business-images')
      .upload('creamery/logo.png', bytes, { contentType: 'image/png', upsert: true });
    expect(replaced.error).toBeNull();
    const [row] = await stack.sql<{ n: number }[]>`
      select count(*)::int as n from storage.objects where bucket_id = 'business-images' and name = 'creamery/logo.png'`;
    expect(row!.n).toBe(1);

    // A browser's File goes up as multipart form data; its own type counts.
    const file = new Blob([new Uint8Array(bytes)], { type: 'image/png' });
    const fromBrowser = await admin.storage.from('business-images').upload('creamery/from-browser.png', file, { cacheControl: '60' });
    expect(fromBrowser.error).toBeNull();
    const served = await fetch(`${stack.url}/storage/v1/object/public/business-images/creamery/from-browser.png`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('max-age=60');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses staff, a kiosk and the anon key at the database (RLS), and stores nothing', async () => {
    const staff = await signedIn('5555550101');
    const kiosk = supabaseClient(stackTarget(stack));
    await kiosk.auth.signInAnonymously();
    const visitor = supabaseClient(stackTarget(stack));
    for (const client of [staff, kiosk, visitor]) {
      const { error } = await client.storage
        .from('business-images')
        .upload(`museum/${crypto.randomUUID()}.png`, png(), { contentType: 'image/png' });
      expect(error?.message).toMatch(/row-level security/);
    }
    const [row] = await stack.sql<{ n: number }[]>`
      select count(*)::int as n from storage.objects where name like 'museum/%'`;
    expect(row!.n).toBe(0);
  });

  it("holds the bucket's limits: PNG, JPEG or WebP only, at most 1 MB", async () => {
    const admin = await signedIn('5555550100');
    const svg = await admin.storage
      .from('business-images')
      .upload('joanies/logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { contentType: 'image/svg+xml' });
    expect(svg.error?.message).toMatch(/mime type image\/svg\+xml is not supported/);
    const big = await admin.storage
      .from('business-images')
      .upload('joanies/big.png', Buffer.alloc(1024 * 1024 + 1), { contentType: 'image/png' });
    expect(big.error?.message).toMatch(/maximum allowed size/);
    const missing = await fetch(`${stack.url}/storage/v1/object/public/business-images/joanies/big.png`);
    expect(missing.status).toBe(400);
  });

  it('refuses files that are not the image they are declared as (by their first bytes), and stores nothing', async () => {
    const admin = await signedIn('5555550100');
    const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    const cases: [string, Buffer, string][] = [
      ['fake.png', Buffer.from('just text, named fake.png'), 'image/png'],
      ['page.png', Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), 'image/png'],
      ['drawing.jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/jpeg'],
      ['archive.webp', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 0, 0, 0, 0]), 'image/webp'],
      ['photo.png', jpegStart, 'image/png'],
    ];
    for (const [name, bytes, contentType] of cases) {
      const raw = await admin.storage.from('business-images').upload(`bakery/${name}`, bytes, { contentType });
      expect(raw.error?.message, name).toMatch(/is not a (PNG|JPEG|WEBP) image/);
      // As the admin dialog's browser would send it: multipart, with the declared type.
      const asFile = new Blob([new Uint8Array(bytes)], { type: contentType });
      const form = await admin.storage.from('business-images').upload(`bakery/form-${name}`, asFile);
      expect(form.error?.message, name).toMatch(/is not a (PNG|JPEG|WEBP) image/);
    }
    const [row] = await stack.sql<{ n: number }[]>`
      select count(*)::int as n from storage.objects where bucket_id = 'business-images' and name like 'bakery/%'`;
    expect(row!.n).toBe(0);
    // A real JPEG start, declared as one, is taken.
    const jpeg = await admin.storage.from('business-images').upload('bakery/real.jpg', jpegStart, { contentType: 'image/jpeg' });
    expect(jpeg.error).toBeNull();
  });
});
