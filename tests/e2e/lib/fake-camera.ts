// A fake camera for Chromium: a Y4M video (what --use-file-for-fake-video-capture plays, in a
// loop) whose every frame shows one QR code, drawn from qrcode.react's own encoder (the one the
// app draws member codes with), black on white, with a wide quiet zone. Nothing is fetched.
import { writeFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QRCodeSVG } from 'qrcode.react';

/** The QR modules of `value` (true = dark), read back from the SVG path qrcode.react renders. */
export function qrModules(value: string): boolean[][] {
  const svg = renderToStaticMarkup(createElement(QRCodeSVG, { value, level: 'M' }));
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  if (!size) throw new Error('qrcode.react drew no viewBox');
  const dark = /<path fill="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, run] of dark.matchAll(/M(\d+)[ ,](\d+) ?h(\d+)v1H\d+z/g)) {
    for (let i = 0; i < Number(run); i++) grid[Number(y)]![Number(x) + i] = true;
  }
  return grid;
}

/**
 * Writes a 640×480 Y4M (4:2:0) of `frames` identical frames showing `value` as a QR code:
 * Y = 16 for dark modules, 235 for light ones; U = V = 128 (no colour).
 */
export function writeQrVideo(path: string, value: string, frames = 10) {
  const width = 640;
  const height = 480;
  const modules = qrModules(value);
  // qr-scanner decodes the centre square of 2/3 of the shorter side (320 px here): the code is kept
  // to half the height (240 px), so the region holds all of it with 40 px of quiet zone around.
  const scale = Math.floor(height / 2 / modules.length);
  const side = modules.length * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (modules[Math.floor(y / scale)]![Math.floor(x / scale)])
        luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array<Buffer>(frames).fill(frame)]));
}
