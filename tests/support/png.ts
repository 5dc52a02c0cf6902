// A real PNG of one colour, built byte by byte (signature, IHDR, IDAT, IEND with their CRCs), for
// the suites that upload an image and check it is stored and drawn as sent.
import { deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  let crc = ~0;
  for (const byte of body) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  const end = Buffer.alloc(4);
  end.writeUInt32BE(~crc >>> 0);
  return Buffer.concat([length, body, end]);
}

/** A `size`×`size` RGB PNG filled with `rgb`. */
export function solidPng(size: number, rgb: [number, number, number] = [200, 60, 40]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const row = Buffer.from([0, ...Array.from({ length: size }, () => rgb).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
