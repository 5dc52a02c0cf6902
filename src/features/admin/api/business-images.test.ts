// The upload dialog's check of a file's first bytes: a file named and typed as an image that is
// not one never reaches Storage; a real one goes up as the type its bytes say.
import { businessImageType, NOT_AN_IMAGE, uploadBusinessImage } from './business-images.ts';

const upload = vi.fn(async (path: string, body: Blob, options: { contentType: string }) => {
  void path;
  void body;
  void options;
  return { error: null };
});

const storageClients = vi.fn();
vi.mock('@supabase/storage-js', () => ({
  StorageClient: class {
    constructor(url: string, headers: Record<string, string>) {
      storageClients(url, headers);
    }
    from() {
      return { upload, getPublicUrl: (path: string) => ({ data: { publicUrl: `https://storage.test/${path}` } }) };
    }
  },
}));

vi.mock('@/lib/supabase.ts', () => ({
  SUPABASE_URL: 'http://127.0.0.1:54321',
  SUPABASE_ANON_KEY: 'anon-key',
  getAccessToken: async () => 'admin-token',
}));

const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
const JPEG_START = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01];

afterEach(() => upload.mockClear());

describe('business image bytes', () => {
  it('reads the type from the first bytes, not the name or declared type', async () => {
    expect(await businessImageType(new File([Uint8Array.from(PNG_START)], 'logo.png', { type: 'image/png' }))).toBe('image/png');
    expect(await businessImageType(new File([Uint8Array.from(JPEG_START)], 'logo.png', { type: 'image/png' }))).toBe('image/jpeg');
    expect(await businessImageType(new File(['plain text'], 'fake.png', { type: 'image/png' }))).toBeNull();
  });

  it('refuses a text file named fake.png, and HTML or SVG typed as images, without uploading', async () => {
    for (const file of [
      new File(['just some text'], 'fake.png', { type: 'image/png' }),
      new File(['<!doctype html><script>alert(1)</script>'], 'page.jpg', { type: 'image/jpeg' }),
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.webp', { type: 'image/webp' }),
    ]) {
      await expect(uploadBusinessImage('creamery', file)).rejects.toThrow(NOT_AN_IMAGE);
    }
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads a real image as the type its bytes say (a JPEG named .png goes up as a JPEG)', async () => {
    const url = await uploadBusinessImage('creamery', new File([Uint8Array.from(JPEG_START)], 'photo.png', { type: 'image/png' }));
    expect(url).toMatch(/^https:\/\/storage\.test\/creamery\/[0-9a-f-]{36}\.jpg$/);
    const [, body, options] = upload.mock.calls[0]!;
    expect(options.contentType).toBe('image/jpeg');
    expect(body.type).toBe('image/jpeg');
    // As supabase-js's storage sends it: the project's key and the signed-in admin's token.
    expect(storageClients).toHaveBeenCalledWith('http://127.0.0.1:54321/storage/v1', {
      apikey: 'anon-key',
      Authorization: 'Bearer admin-token',
    });
  });
});
