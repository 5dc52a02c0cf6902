// A real PNG of one colour (pngjs writes it: signature, chunks and their CRCs), for the suites that
// upload an image and check it is stored and drawn as sent.
import { PNG } from 'pngjs';

/** A `size`×`size` RGB PNG filled with `rgb`. */
export function solidPng(size: number, rgb: [number, number, number] = [200, 60, 40]): Buffer {
  const image = new PNG({ width: size, height: size });
  for (let pixel = 0; pixel < size * size; pixel++) image.data.set([...rgb, 255], pixel * 4);
  // colorType 2: RGB, no alpha channel in the file.
  return PNG.sync.write(image, { colorType: 2 });
}
