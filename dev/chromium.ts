// Debian's Chromium, headless, as the browser suites (tests/support/browser-app.ts) and the
// bench's Lighthouse (scripts/bench/frontend.ts) start it. CHROMIUM_PATH overrides the binary.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
