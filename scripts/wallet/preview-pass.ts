// A picture of the member's Apple Wallet card, drawn from the pass.json the api function signs
// (passJson in supabase/functions/_shared/wallet/apple-pass.ts): the programme's name and colours,
// the store card's header, primary, secondary and auxiliary fields, the QR of the pass's barcode
// message, and the back fields below. Wallet's own layout is Apple's; this is close enough to see
// what a member gets without an iPhone.
//
//   node --import tsx scripts/wallet/preview-pass.ts [--card card.json] [--out docs/wallet-pass-preview.png]
//
// --card: a card as private.wallet_card_json returns it (e.g. the result of
// `select app.wallet_card_by_serial('…')`); without it, a sample member whose printed card was replaced.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { QRCodeSVG } from 'qrcode.react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../dev/chromium.ts';
import { passJson, type WalletCard } from '../../supabase/functions/_shared/wallet/apple-pass.ts';

interface PassField { key: string; label?: string; value: string | number }
interface PassBarcode { format: string; message: string; altText?: string }
/** The parts of pass.json the preview draws. */
export interface PreviewPass {
  organizationName: string;
  logoText?: string;
  backgroundColor: string;
  foregroundColor: string;
  labelColor: string;
  barcodes: PassBarcode[];
  storeCard: {
    headerFields?: PassField[];
    primaryFields?: PassField[];
    secondaryFields?: PassField[];
    auxiliaryFields?: PassField[];
    backFields?: PassField[];
  };
}

export const SAMPLE_CARD: WalletCard = {
  customerId: '5f0c2a9e-3b7d-4e61-9a0f-2c4b8d1e7a35',
  serial: '0b8f6d2c-41a7-4c3e-9f15-7e2d9a6b3c08',
  authToken: '0'.repeat(64),
  name: 'Margaret Oduya',
  points: 15,
  tier: { name: 'Silver', minPoints: 10 },
  nextGoal: { target: 20, label: '$10 Off - Gold Status', pointsNeeded: 5 },
  visited: 4,
  businesses: 6,
  rewardsWaiting: 1,
  qr: 'customer:5f0c2a9e-3b7d-4e61-9a0f-2c4b8d1e7a35:3fa91c07d2e4',
  updateTag: 42,
  updatedAt: '2026-11-28T10:00:00.000Z',
};

const PREVIEW_CONFIG = {
  passTypeId: 'pass.org.village.rewards',
  teamId: 'PREVIEW000',
  webServiceUrl: 'https://example.invalid/functions/v1/api/wallet/apple',
};

/** The pass.json the api function would sign for a card. */
export function previewPassJson(card: WalletCard = SAMPLE_CARD): PreviewPass {
  return passJson(card, PREVIEW_CONFIG);
}

const escapeHtml = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function fieldsRow(fields: PassField[] | undefined, kind: string): string {
  if (!fields?.length) return '';
  const cells = fields
    .map((f) => `<div class="field" data-key="${escapeHtml(f.key)}"><div class="label">${escapeHtml(f.label ?? '')}</div>` +
      `<div class="value">${escapeHtml(f.value)}</div></div>`)
    .join('');
  return `<div class="row ${kind}">${cells}</div>`;
}

/** A standalone HTML page showing the pass as a store card (front) and its back fields. */
export function passPreviewHtml(pass: PreviewPass): string {
  const card = pass.storeCard;
  const barcode = pass.barcodes[0];
  const qr = barcode
    ? renderToStaticMarkup(createElement(QRCodeSVG, { value: barcode.message, size: 168, level: 'M', marginSize: 0, title: barcode.altText ?? 'QR code' }))
    : '';
  const back = (card.backFields ?? [])
    .map((f) => `<dt>${escapeHtml(f.label ?? '')}</dt><dd>${escapeHtml(f.value)}</dd>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(pass.organizationName)} pass preview</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; background: #e9e6df; }
  .preview { padding: 24px; background: #e9e6df; font-family: -apple-system, "Helvetica Neue", "DejaVu Sans", Arial, sans-serif; }
  .pass { width: 342px; margin: 0 auto; border-radius: 14px; padding: 14px 16px 18px; background: ${pass.backgroundColor};
          color: ${pass.foregroundColor}; box-shadow: 0 6px 20px rgba(0,0,0,.25); }
  .top { display: flex; justify-content: space-between; align-items: center; min-height: 32px; }
  .logo { font-size: 19px; font-weight: 600; }
  .label { color: ${pass.labelColor}; font-size: 11px; font-weight: 600; letter-spacing: .04em; text-transform: uppercase; }
  .value { font-size: 16px; margin-top: 2px; }
  .row { display: flex; gap: 12px; margin-top: 14px; }
  .row .field { flex: 1 1 0; min-width: 0; }
  .row.auxiliary .field:last-child, .row.secondary .field:last-child { text-align: right; }
  .row.header { margin-top: 0; } .row.header .field { text-align: right; }
  .row.primary { margin: 12px -16px 0; padding: 16px; background: rgba(0,0,0,.18); }
  .row.primary .value { font-size: 44px; font-weight: 300; line-height: 1.05; }
  .barcode { margin: 20px auto 0; width: 196px; padding: 14px 14px 8px; background: #fff; border-radius: 6px; text-align: center; color: #111; }
  .barcode svg { display: block; margin: 0 auto; }
  .barcode .alt { font-size: 11px; margin-top: 6px; }
  .back { width: 342px; margin: 18px auto 0; padding: 12px 16px; background: #fff; border-radius: 14px; color: #222; font-size: 13px; }
  .back h2 { font-size: 12px; color: #666; margin: 0 0 6px; text-transform: uppercase; letter-spacing: .04em; }
  .back dl { margin: 0; } .back dt { font-weight: 600; margin-top: 8px; } .back dd { margin: 2px 0 0; }
</style></head>
<body>
<main class="preview">
  <div class="pass" role="img" aria-label="${escapeHtml(pass.organizationName)} member card">
    <div class="top"><div class="logo">${escapeHtml(pass.logoText ?? '')}</div>${fieldsRow(card.headerFields, 'header')}</div>
    ${fieldsRow(card.primaryFields, 'primary')}
    ${fieldsRow(card.secondaryFields, 'secondary')}
    ${fieldsRow(card.auxiliaryFields, 'auxiliary')}
    ${barcode ? `<div class="barcode" data-message="${escapeHtml(barcode.message)}">${qr}<div class="alt">${escapeHtml(barcode.altText ?? '')}</div></div>` : ''}
  </div>
  ${back ? `<section class="back"><h2>Back of the card</h2><dl>${back}</dl></section>` : ''}
</main>
</body></html>`;
}

async function screenshot(html: string, out: string): Promise<void> {
  const { chromium } = await import('playwright-core');
  const dir = mkdtempSync(join(tmpdir(), 'pass-preview-'));
  const page = join(dir, 'pass.html');
  writeFileSync(page, html);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 }, deviceScaleFactor: 2 });
    const tab = await context.newPage();
    await tab.goto(pathToFileURL(page).href);
    await tab.locator('main.preview').screenshot({ path: out });
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const option = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const cardFile = option('--card');
  const out = option('--out') ?? 'docs/wallet-pass-preview.png';
  const card = cardFile ? (JSON.parse(readFileSync(cardFile, 'utf8')) as WalletCard) : SAMPLE_CARD;
  await screenshot(passPreviewHtml(previewPassJson(card)), out);
  console.log(`Wrote ${out}`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
