// People and the record: admins and business owners granted by phone, contact
// messages marked handled, and the audit log.
import { z } from 'zod';
import { IsoDate, LocationId, Timestamp, Uuid } from './common.ts';

const GrantStatus = z
  .enum(['active', 'pending'])
  .describe('active: an Auth user with this phone has the role; pending: granted, the phone has not signed up yet');

export const AdminAccount = z.object({
  phone: z.string().describe('10 digits'),
  status: GrantStatus,
  userId: Uuid.nullable(),
  name: z.string().nullable(),
  lastSignInAt: Timestamp.nullable(),
  grantedAt: Timestamp.nullable().describe('null for admins set up outside this screen'),
  you: z.boolean().describe('the caller (who cannot remove themselves)'),
});
export const AdminAdminsResponse = z.array(AdminAccount);
export type AdminAccount = z.infer<typeof AdminAccount>;
export const GrantAdminResponse = z.object({
  phone: z.string(),
  status: GrantStatus,
  userId: Uuid.nullable(),
  grantedAt: Timestamp,
});
export const RemoveAdminResponse = z.object({
  phone: z.string().nullable(),
  userId: Uuid.nullable(),
  removed: z.literal(true),
  sessionsEnded: z.number().int().describe("the removed admin's sessions ended (their tokens are refused at once)"),
});

export const OwnersQuery = z.strictObject({ location: LocationId.optional() });
export const BusinessOwner = z.object({
  phone: z.string().describe('10 digits'),
  locationId: LocationId,
  businessName: z.string(),
  status: GrantStatus,
  userId: Uuid.nullable(),
  name: z.string().nullable(),
  lastSignInAt: Timestamp.nullable(),
  grantedAt: Timestamp.nullable(),
});
export const AdminOwnersResponse = z.array(BusinessOwner);
export type BusinessOwner = z.infer<typeof BusinessOwner>;
export const GrantOwnerResponse = z.object({
  phone: z.string(),
  locationId: LocationId,
  status: GrantStatus,
  userId: Uuid.nullable(),
  grantedAt: Timestamp,
});
export const RevokeOwnerResponse = z.object({
  phone: z.string().nullable(),
  userId: Uuid.nullable(),
  locationId: LocationId,
  revoked: z.literal(true),
  sessionsEnded: z.number().int(),
});

export const MessageParams = z.strictObject({ messageId: Uuid });
export const HandleMessageRequest = z.strictObject({
  handled: z.boolean().describe('true: mark handled; false: open again'),
});
export const HandleMessageResponse = z.object({
  id: Uuid,
  handledAt: Timestamp.nullable(),
  handledBy: Uuid.nullable(),
});

const filterText = (max: number) => z.string().trim().max(max).optional();
export const AuditQuery = z
  .strictObject({
    action: filterText(80).describe("an action ('staff.grant') or its kind ('staff')"),
    actor: filterText(40).describe("a role ('admin', 'owner', 'system', ...) or digits of the actor's phone"),
    target: filterText(200).describe("the target's id, or part of it (a phone, a visit id, a business id)"),
    location: LocationId.optional().describe("one business's rows; an owner must name their own"),
    from: IsoDate.optional().describe('first day (America/Chicago), included'),
    to: IsoDate.optional().describe('last day (America/Chicago), included'),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date is after the end date', path: ['from'] });
export const AuditEntry = z.object({
  id: z.number().int(),
  at: Timestamp,
  actorId: Uuid.nullable(),
  actorRole: z.enum(['admin', 'owner', 'staff', 'member', 'kiosk', 'system']),
  actorName: z.string().nullable().describe("the actor's name as their account has it now"),
  actorPhone: z
    .string()
    .nullable()
    .describe("10 digits, as it was then; null for an owner reading an admin's row (the operator by role and name only)"),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  locationId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
});
export const AuditResponse = z.object({
  total: z.number().int(),
  actions: z.array(z.string()).describe('the action names in the log (for the filter)'),
  entries: z.array(AuditEntry),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export type AuditResponse = z.infer<typeof AuditResponse>;
