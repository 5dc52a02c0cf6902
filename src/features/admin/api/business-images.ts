// Business images (issue 21 §2): the operator's upload to the public Storage bucket
// `business-images` (supabase/schemas/82_business_images.sql: admins only, PNG/JPEG/WebP, 1 MB).
// The business then keeps the image's public URL as its logo address. supabase-js loads on demand.

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

/**
 * Uploads the image under the business's web address (a new name each time, so a cached old
 * logo is never shown for the new one) and answers its public URL.
 */
export async function uploadBusinessImage(slug: string, file: File): Promise<string> {
  const problem = businessImageProblem(file);
  if (problem) throw new Error(problem);
  const { supabase } = await import('@/lib/supabase.ts');
  const folder = /^[a-z0-9-]+$/.test(slug) ? slug : 'new-business';
  const path = `${folder}/${crypto.randomUUID()}.${EXTENSIONS[file.type]}`;
  const { error } = await supabase.storage
    .from(BUSINESS_IMAGE_BUCKET)
    .upload(path, file, { contentType: file.type, cacheControl: '31536000', upsert: false });
  if (error) {
    const status = Number((error as { statusCode?: string }).statusCode);
    if (status === 413) throw new Error('Choose an image of at most 1 MB.');
    if (status === 403) throw new Error('Only admins can upload business images. Sign in again as an admin.');
    throw new Error('The image could not be uploaded. Check your connection and try again.');
  }
  return supabase.storage.from(BUSINESS_IMAGE_BUCKET).getPublicUrl(path).data.publicUrl;
}
