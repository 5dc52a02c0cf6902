// The local stack's stand-in for Supabase Storage (/storage/v1), the part this project uses: upload
// an object (POST, or PUT / x-upsert to replace it), remove objects, and read a public bucket's
// object by its public URL. As hosted Storage does, it checks the bucket's size limit and types,
// and asks RLS on storage.objects with the caller's claims (role authenticated, request.jwt.claims)
// whether the caller may write: the policies of supabase/schemas/82_business_images.sql decide.
// The bytes live in storage.dev_object_data (dev/sql/base.sql), so they last as long as the dev
// database does; hosted Storage keeps them in S3. Errors have Storage's shape:
// { statusCode, error, message }.
// Beyond hosted Storage: an object declared as PNG, JPEG or WebP must begin as one (a text file
// named fake.png is refused, 415), and public objects are served with `X-Content-Type-Options:
// nosniff`, so a browser never guesses another type than the declared one.
import { Hono, type Context } from 'hono';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';
import { IMAGE_TYPES, imageTypeOf } from '../supabase/functions/_shared/contract/image-bytes.ts';
import type { Sql } from './db.ts';
import type { SigningKeys } from './keys.ts';

interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

const fail = (c: Context, status: 400 | 403 | 404 | 409 | 413 | 415, error: string, message: string) =>
  c.json({ statusCode: String(status), error, message }, status);

/** A name inside a bucket: path segments of letters, digits, dots, dashes and underscores. */
const OBJECT_NAME = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

export function createStorageApp(parts: { sql: Sql; keys: SigningKeys }): Hono {
  const { sql } = parts;
  const publicKey = importJWK(parts.keys.publicJwk, 'ES256');
  const app = new Hono();

  /** The caller's verified claims (an anon key is the anon role), or null for a bad token. */
  async function claimsOf(c: Context): Promise<JWTPayload | null> {
    const header = c.req.header('authorization') ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? c.req.header('apikey');
    if (!token) return null;
    try {
      return (await jwtVerify(token, await publicKey)).payload;
    } catch {
      return null;
    }
  }

  async function bucketOf(id: string): Promise<Bucket | undefined> {
    const [bucket] = await sql<Bucket[]>`
      select id, public, file_size_limit::text, allowed_mime_types from storage.buckets where id = ${id}`;
    return bucket;
  }

  /** Runs `work` in one transaction as the caller, so RLS on storage.objects decides. */
  function asCaller<T>(claims: JWTPayload, work: (tx: Sql) => Promise<T>): Promise<T> {
    const role = claims.role === 'authenticated' ? 'authenticated' : 'anon';
    return sql.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
                      set_config('role', ${role}, true)`;
      return work(tx as unknown as Sql);
    }) as Promise<T>;
  }

  const upload = (upsertByMethod: boolean) => async (c: Context) => {
    const bucketId = c.req.param('bucket')!;
    const name = c.req.path.replace(/^.*?\/object\/[^/]+\//, '');
    const claims = await claimsOf(c);
    if (!claims) return fail(c, 403, 'Unauthorized', 'Invalid JWT');
    if (!OBJECT_NAME.test(name) || name.length > 500) return fail(c, 400, 'Invalid key', `Invalid key: ${name}`);
    const bucket = await bucketOf(bucketId);
    if (!bucket) return fail(c, 404, 'Bucket not found', 'Bucket not found');
    // supabase-js sends a browser's File or Blob as multipart form data (the file part carries its
    // type, a cacheControl field beside it) and a Buffer or stream as the raw body.
    let type = (c.req.header('content-type') ?? 'application/octet-stream').split(';')[0]!.trim();
    let bytes: Buffer;
    let cacheControl = c.req.header('cache-control');
    if (type === 'multipart/form-data') {
      const form = await c.req.formData();
      const file = [...form.values()].find((value): value is File => typeof value !== 'string');
      if (!file) return fail(c, 400, 'Invalid request', 'No file in the form');
      type = file.type || 'application/octet-stream';
      bytes = Buffer.from(await file.arrayBuffer());
      const field = form.get('cacheControl');
      if (typeof field === 'string') cacheControl = `max-age=${field}`;
    } else {
      bytes = Buffer.from(await c.req.arrayBuffer());
    }
    if (bucket.allowed_mime_types?.length && !bucket.allowed_mime_types.includes(type))
      return fail(c, 415, 'invalid_mime_type', `mime type ${type} is not supported`);
    if (bucket.file_size_limit && bytes.length > Number(bucket.file_size_limit))
      return fail(c, 413, 'Payload too large', 'The object exceeded the maximum allowed size');
    if ((IMAGE_TYPES as readonly string[]).includes(type) && imageTypeOf(bytes) !== type)
      return fail(c, 415, 'invalid_mime_type', `The file is not a ${type.replace('image/', '').toUpperCase()} image (its first bytes are not one)`);
    const upsert = upsertByMethod || c.req.header('x-upsert') === 'true';
    const metadata = { mimetype: type, size: bytes.length, cacheControl: cacheControl ?? 'max-age=3600' };
    try {
      const id = await asCaller(claims, async (tx) => {
        const [existing] = await tx<{ id: string }[]>`
          select id from storage.objects where bucket_id = ${bucketId} and name = ${name}`;
        if (existing && !upsert) return 'exists' as const;
        const [row] = existing
          ? await tx<{ id: string }[]>`
              update storage.objects set metadata = ${tx.json(metadata)}, updated_at = now()
               where id = ${existing.id} returning id`
          : await tx<{ id: string }[]>`
              insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
              values (${bucketId}, ${name}, ${(claims.sub as string) ?? null}, ${(claims.sub as string) ?? null},
                      ${tx.json(metadata)})
              returning id`;
        if (!row) throw Object.assign(new Error('row-level security'), { code: '42501' });
        return row.id;
      });
      if (id === 'exists') return fail(c, 409, 'Duplicate', 'The resource already exists');
      // The bytes are the stand-in's own (hosted Storage writes them to S3), written as the owner.
      await sql`insert into storage.dev_object_data (object_id, bytes) values (${id}, ${bytes})
                on conflict (object_id) do update set bytes = excluded.bytes`;
      return c.json({ Id: id, Key: `${bucketId}/${name}` });
    } catch (error) {
      if ((error as { code?: string }).code === '42501')
        return fail(c, 403, 'Unauthorized', 'new row violates row-level security policy');
      throw error;
    }
  };

  app.post('/object/:bucket/*', upload(false));
  app.put('/object/:bucket/*', upload(true));

  // DELETE /object/:bucket { prefixes: [...] }: removes what RLS lets the caller remove.
  app.delete('/object/:bucket', async (c) => {
    const claims = await claimsOf(c);
    if (!claims) return fail(c, 403, 'Unauthorized', 'Invalid JWT');
    const body = (await c.req.json().catch(() => ({}))) as { prefixes?: unknown };
    const names = Array.isArray(body.prefixes) ? body.prefixes.filter((p): p is string => typeof p === 'string') : [];
    const removed = await asCaller(claims, (tx) =>
      tx<{ name: string; bucket_id: string }[]>`
        delete from storage.objects where bucket_id = ${c.req.param('bucket')} and name = any(${names})
        returning name, bucket_id`,
    );
    return c.json(removed);
  });

  // The public URL: anyone may read an object of a public bucket; RLS is not asked.
  app.get('/object/public/:bucket/*', async (c) => {
    const bucketId = c.req.param('bucket');
    const name = decodeURIComponent(c.req.path.replace(/^.*?\/object\/public\/[^/]+\//, ''));
    const bucket = await bucketOf(bucketId);
    if (!bucket?.public) return fail(c, 400, 'Bucket not found', 'Bucket not found');
    const [object] = await sql<{ bytes: Buffer; metadata: { mimetype?: string; cacheControl?: string } | null }[]>`
      select d.bytes, o.metadata from storage.objects o join storage.dev_object_data d on d.object_id = o.id
       where o.bucket_id = ${bucketId} and o.name = ${name}`;
    if (!object) return fail(c, 400, 'not_found', 'Object not found');
    return c.body(new Uint8Array(object.bytes), 200, {
      'content-type': object.metadata?.mimetype ?? 'application/octet-stream',
      'cache-control': object.metadata?.cacheControl ?? 'max-age=3600',
      'x-content-type-options': 'nosniff',
    });
  });

  return app;
}
