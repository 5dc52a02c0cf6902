// How many SMS a text is sent as, as carriers count them: a text of GSM-7 characters only takes
// 160 in one message and 153 per part when split; one character outside GSM-7 (an emoji, a
// curly quote) makes the whole text UCS-2, 70 in one message and 67 per part. Each part is
// billed, so the campaign preview says how many a text costs per member.

// GSM 03.38's basic table (without the escape) and its extension table (two septets each).
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** How many messages the text is sent as. */
  segments: number;
  /** Septets (GSM-7) or UTF-16 units (UCS-2) the text takes. */
  units: number;
}

/** Fills parts of `capacity` units greedily without splitting a character. */
function parts(costs: number[], capacity: number): number {
  let count = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > capacity) {
      count += 1;
      used = 0;
    }
    used += cost;
  }
  return count;
}

export function smsSegments(text: string): SmsSegments {
  const characters = [...text];
  const gsm = characters.every((c) => GSM_BASIC.has(c) || GSM_EXTENDED.has(c));
  // A GSM extension character is an escape and the character; an astral character (most emoji)
  // is two UTF-16 units, which a split never separates.
  const costs = characters.map((c) => (gsm ? (GSM_EXTENDED.has(c) ? 2 : 1) : c.length));
  const units = costs.reduce((sum, cost) => sum + cost, 0);
  const [single, part] = gsm ? [160, 153] : [70, 67];
  return { encoding: gsm ? 'GSM-7' : 'UCS-2', segments: units <= single ? 1 : parts(costs, part), units };
}
