// The pass preview (scripts/wallet/preview-pass.ts) draws what the signed pass.json says: every
// front and back field's label and value, the programme's name and colours, and a QR of the
// barcode's message. The screenshot itself is made by the script, not here.
import { describe, expect, it } from 'vitest';
import { passPreviewHtml, previewPassJson, SAMPLE_CARD } from '../../scripts/wallet/preview-pass.ts';

describe('the wallet pass preview', () => {
  it("shows the pass's fields, colours and barcode message", () => {
    const card = { ...SAMPLE_CARD, name: 'Tom <& Jerry>', points: 37, visited: 5, businesses: 7 };
    const pass = previewPassJson(card);
    const html = passPreviewHtml(pass);

    const { headerFields = [], primaryFields = [], secondaryFields = [], auxiliaryFields = [], backFields = [] } = pass.storeCard;
    const fields = [...headerFields, ...primaryFields, ...secondaryFields, ...auxiliaryFields, ...backFields];
    expect(fields.length).toBeGreaterThanOrEqual(7);
    const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    for (const field of fields) {
      expect(html, field.key).toContain(`>${escape(String(field.value))}<`);
      expect(html, field.key).toContain(`>${escape(field.label ?? '')}<`);
    }
    // The member's values as the card carries them; markup in a name stays text.
    expect(html).toContain('>37<');
    expect(html).toContain('>5 of 7<');
    expect(html).toContain('>Tom &lt;&amp; Jerry&gt;<');
    expect(html).not.toContain('Tom <& Jerry>');

    expect(html).toContain(`>${pass.logoText}<`);
    expect(html).toContain(`background: ${pass.backgroundColor}`);
    expect(html).toContain(`color: ${pass.labelColor}`);
    expect(pass.barcodes[0]!.message).toBe(SAMPLE_CARD.qr);
    expect(html).toContain(`data-message="${SAMPLE_CARD.qr}"`);
    expect(html).toMatch(/<svg[^>]*>[\s\S]*<path/);
  });
});
