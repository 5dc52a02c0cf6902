// Member cards (the QR a member shows, printed on a paper card; 22_member_cards.sql).
import { z } from 'zod';
import { Timestamp, Uuid } from './common.ts';

/** A member card's QR value: 'customer:{id}', or 'customer:{id}:{code}' once a card was replaced. */
export const MEMBER_CARD = /^customer:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(:[0-9a-fA-F]{12})?$/;

export const MemberCard = z.object({
  customerId: Uuid,
  name: z.string(),
  qr: z.string().describe("The card's QR value: 'customer:{id}', or 'customer:{id}:{code}' once a lost card was replaced"),
  version: z.number().int().min(1).describe('1 for the first card; each replacement adds one'),
  issuedAt: Timestamp.nullable().describe('When the current card replaced a lost one (null: the first card)'),
});
export type MemberCard = z.infer<typeof MemberCard>;

export const ReplaceMemberCardRequest = z.strictObject({
  reason: z.string().trim().max(500).optional().describe("Why (kept in the audit log; 'Card lost' when left out)"),
});
export type ReplaceMemberCardRequest = z.input<typeof ReplaceMemberCardRequest>;
