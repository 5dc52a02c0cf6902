// Debian's Chromium, headless, as the browser suites (tests/support/browser-app.ts) and the
// bench's Lighthouse (scripts/bench/frontend.ts) start it. CHROMIUM_PATH overrides the binary.
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser suites' binary: Debian's chromium-headless-shell when it is installed (the same
 * Blink and V8 without the full browser around them; Playwright's own choice for headless runs),
 * which took about 40% less CPU for the same suites here (65 against 108 CPU-seconds for
 * public-site and checkin-flows). Else, or when CHROMIUM_PATH names one, that Chromium.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

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
