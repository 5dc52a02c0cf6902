// Business images: the operator's upload to the public Storage bucket
// `business-images` (supabase/schemas/82_business_images.sql: admins only, PNG/JPEG/WebP, 1 MB).
// The business then keeps the image's public URL as its logo address. The Storage client
// (@supabase/storage-js, what supabase-js's `storage` is) loads on demand.
// A file is uploaded as what its first bytes say it is (contract/image-bytes.ts), never as its
// name or the browser's guess: a text file named fake.png is refused here and by the local
// Storage stand-in.
import {
  IMAGE_SIGNATURE_BYTES,
  imageTypeOf,
  type ImageType,
} from '../../../../supabase/functions/_shared/contract/image-bytes.ts';

export const BUSINESS_IMAGE_BUCKET = 'business-images';
export const BUSINESS_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const BUSINESS_IMAGE_MAX_BYTES = 1024 * 1024;

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** What is wrong with a chosen file, in plain words, or null when it may be uploaded. */
export function businessImageProblem(file: { type: string; size: number }): string | null {
  if (!(BUSINESS_IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > BUSINESS_IMAGE_MAX_BYTES) return 'Choose an image of at most 1 MB.';
  if (file.size === 0) return 'That file is empty. Choose another image.';
  return null;
}

export const NOT_AN_IMAGE = 'That file is not a PNG, JPEG or WebP image. Choose an image file.';

/** The image type the file's first bytes say it is, or null when they are not an image's. */
export function businessImageType(file: Blob): Promise<ImageType | null> {
  // FileReader rather than Blob.arrayBuffer: the same in every browser and in jsdom's tests.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(imageTypeOf(new Uint8Array(reader.result as ArrayBuffer)));
    reader.onerror = () => reject(new Error('The file could not be read. Choose it again.'));
    reader.readAsArrayBuffer(file.slice(0, IMAGE_SIGNATURE_BYTES));
  });
}

/**
 * Uploads the image under the business's web address (a new name each time, so a cached old
 * logo is never shown for the new one) and answers its public URL.
 */
export async function uploadBusinessImage(slug: string, file: File): Promise<string> {
  const problem = businessImageProblem(file);
  if (problem) throw new Error(problem);
  const type = await businessImageType(file);
  if (!type) throw new Error(NOT_AN_IMAGE);
  const [{ StorageClient }, { getAccessToken, SUPABASE_ANON_KEY, SUPABASE_URL }] = await Promise.all([
    import('@supabase/storage-js'),
    import('@/lib/supabase.ts'),
  ]);
  // As supabase-js sends it: the project's key, and the signed-in admin's token (Storage's RLS).
  const token = (await getAccessToken()) ?? SUPABASE_ANON_KEY;
  const storage = new StorageClient(new URL('storage/v1', SUPABASE_URL.endsWith('/') ? SUPABASE_URL : `${SUPABASE_URL}/`).href, {
    apikey: SUPABASE_ANON_KEY,
    Authorization: `Bearer ${token}`,
  });
  const folder = /^[a-z0-9-]+$/.test(slug) ? slug : 'new-business';
  const path = `${folder}/${crypto.randomUUID()}.${EXTENSIONS[type]}`;
  // As a Blob of the type its bytes say: supabase-js sends a Blob's own type with it.
  const { error } = await storage
    .from(BUSINESS_IMAGE_BUCKET)
    .upload(path, new Blob([file], { type }), { contentType: type, cacheControl: '31536000', upsert: false });
  if (error) {
    const status = Number((error as { statusCode?: string }).statusCode);
    if (status === 413) throw new Error('Choose an image of at most 1 MB.');
    if (status === 415) throw new Error(NOT_AN_IMAGE);
    if (status === 403) throw new Error('Only admins can upload business images. Sign in again as an admin.');
    throw new Error('The image could not be uploaded. Check your connection and try again.');
  }
  return storage.from(BUSINESS_IMAGE_BUCKET).getPublicUrl(path).data.publicUrl;
}
