// A file is the image its first bytes say, whatever its name or declared type.
import { imageTypeOf } from './image-bytes.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('imageTypeOf', () => {
  it('knows a real PNG, a JPEG start and a WebP container', () => {
    expect(imageTypeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...bytes('IHDR')]))).toBe('image/png');
    expect(imageTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]))).toBe('image/jpeg');
    expect(imageTypeOf(Uint8Array.from([...bytes('RIFF'), 0x24, 0, 0, 0, ...bytes('WEBPVP8 ')]))).toBe('image/webp');
  });

  it('refuses text, HTML, SVG, a ZIP, a RIFF that is not WebP, and too few bytes', () => {
    for (const file of [
      bytes('just some text, saved as fake.png'),
      bytes('<!doctype html><script>alert(1)</script>'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 0, 0]),
      Uint8Array.from([...bytes('RIFF'), 0x24, 0, 0, 0, ...bytes('WAVEfmt ')]),
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47]),
      new Uint8Array(0),
    ]) {
      expect(imageTypeOf(file)).toBeNull();
    }
  });
});
