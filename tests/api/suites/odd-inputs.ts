// Every endpoint walked with odd but well-typed inputs (dates of year 1 and 9999, huge numbers,
// NUL and zero-width characters, quotes, unknown ids): each answer is a 2xx or 4xx, never a 5xx.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CallerKind } from '../../../supabase/functions/_shared/caller.ts';
import { SMS_OPT_OUT_TEXT } from '../../../supabase/functions/_shared/contract.ts';
import { endpoints } from '../../../supabase/functions/_shared/endpoints.ts';
import { createKiosk, createMember, createOwner, createStaff, nextPhone } from '../../support/api-factories.ts';
import type { DatabaseKind } from '../../support/api-harness.ts';
import { useHarness } from './harness.ts';

type Json = Record<string, unknown>;
interface Base {
  as: CallerKind;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Json;
  headers?: Record<string, string>;
}

const SOME_ID = randomUUID();
const ODD_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\u200b\u200b', '0', '-1', '2147483648', '1e309', 'NaN', 'null', 'true',
  '0001-01-01', '9999-12-31', '2020-02-30', "' or '1'='1", '%', '\\', '../../etc/passwd', '😀'.repeat(40),
  'x'.repeat(129), 'customer:', `customer:${SOME_ID}`, '00000000-0000-0000-0000-000000000000',
];
const ODD_NUMBERS = [0, -1, 0.5, 2147483648, Number.MAX_SAFE_INTEGER, 1e308];

// A plausible request for each endpoint (logout is left out: it would end the caller's session).
const BASES: Record<string, Base> = {
  openKioskSession: { as: 'kiosk', body: { locationId: 'creamery', deviceFingerprint: 'fp' } },
  enrolKiosk: { as: 'kiosk', body: { code: 'abcdefgh' } },
  createCustomer: {
    as: 'anon',
    body: { name: 'Odd', phone: '3125550199', email: 'odd@example.com', smsConsent: true, emailConsent: false, locationId: 'creamery' },
  },
  submitContactMessage: { as: 'anon', body: { name: 'Odd', email: 'odd@example.com', subject: 'Hi', message: 'Hello' } },
  startCheckin: { as: 'kiosk', body: { locationId: 'creamery', phone: '3125550199' } },
  approveVisit: { as: 'staff', body: { token: `customer:${SOME_ID}`, locationId: 'creamery' }, headers: { 'idempotency-key': 'odd-key-0001' } },
  sendCode: { as: 'anon', body: { phone: '3125550198' } },
  verifyCode: { as: 'anon', body: { phone: '3125550198', code: '123456', name: 'Odd', email: 'odd@example.com', smsConsent: false, emailConsent: false } },
  verifySession: { as: 'anon', body: { phone: '3125550197', code: '123456' } },
  redeemReward: { as: 'member', body: { customerRewardId: SOME_ID, locationId: 'creamery' }, headers: { 'idempotency-key': 'odd-key-0002' } },
  redeemableRewards: { as: 'staff', query: { customerId: SOME_ID, locationId: 'creamery' } },
  counterSearch: { as: 'staff', query: { q: 'Odd' } },
  startRedemption: { as: 'member', body: { customerRewardId: SOME_ID } },
  checkRedemptionCode: { as: 'staff', query: { code: 'KTR472', locationId: 'creamery' } },
  redeemCode: { as: 'staff', body: { code: 'KTR472', locationId: 'creamery' }, headers: { 'idempotency-key': 'odd-key-0003' } },
  me: { as: 'member' },
  myMemberCard: { as: 'member' },
  myVisits: { as: 'member', query: { limit: '5' } },
  locations: { as: 'anon' },
  adminMetrics: { as: 'admin', query: { range: 'custom', from: '2026-01-01', to: '2026-01-31', location: 'creamery' } },
  adminActivity: { as: 'admin', query: { limit: '5' } },
  adminCustomers: {
    as: 'admin',
    query: { search: 'Odd', location: 'creamery', range: 'custom', from: '2026-01-01', to: '2026-01-31', limit: '5', page: '2', sort: 'name', order: 'asc' },
  },
  adminTopLocations: { as: 'admin', query: { range: 'custom', from: '2026-01-01', to: '2026-01-31', limit: '5' } },
  setEnrolmentCode: { as: 'admin', params: { locationId: 'museum' }, body: { code: 'abcdefgh' } },
  voidVisit: { as: 'admin', params: { visitId: SOME_ID }, body: { reason: 'Odd' } },
  adjustPoints: { as: 'admin', params: { customerId: SOME_ID }, body: { points: 5, reason: 'Odd' } },
  velocityFlags: { as: 'admin', query: { includeDismissed: 'true' } },
  dismissFlag: { as: 'admin', params: { flagId: SOME_ID } },
  demoStatus: { as: 'anon' },
  simulateScan: { as: 'member', body: { token: 'a'.repeat(64) } },
  openApi: { as: 'anon' },
  // The admin reads, exports and coalition views.
  adminCustomersCount: { as: 'admin', query: { search: 'Odd', location: 'creamery', range: 'all' } },
  adminCustomer: { as: 'admin', params: { customerId: SOME_ID } },
  adminMemberCard: { as: 'admin', params: { customerId: SOME_ID } },
  replaceMemberCard: { as: 'admin', params: { customerId: SOME_ID }, body: { reason: 'Lost' } },
  adminVisitSeries: { as: 'admin', query: { range: 'custom', from: '2026-01-01', to: '2026-01-31', location: 'creamery' } },
  adminRewards: { as: 'admin', query: { range: 'custom', from: '2026-01-01', to: '2026-01-31' } },
  adminLocations: { as: 'admin', query: { range: '30days' } },
  adminKiosks: { as: 'admin', params: { locationId: 'creamery' } },
  revokeKiosk: { as: 'admin', params: { kioskId: SOME_ID } },
  nameKiosk: { as: 'admin', params: { kioskId: SOME_ID }, body: { name: 'Front counter tablet' } },
  nameStaff: { as: 'admin', params: { locationId: 'creamery' }, body: { userId: SOME_ID, name: 'Maria' } },
  namePendingStaff: { as: 'admin', params: { locationId: 'creamery' }, body: { phone: '3125550190', name: 'Maria' } },
  counterPeople: { as: 'owner', params: { locationId: 'creamery' } },
  reportRedemption: { as: 'member', params: { customerRewardId: SOME_ID } },
  scanCard: { as: 'staff', body: { token: `customer:${SOME_ID}`, locationId: 'creamery' } },
  undoRedemption: { as: 'admin', params: { customerRewardId: SOME_ID }, body: { reason: 'Odd' } },
  adminStaff: { as: 'admin', params: { locationId: 'creamery' } },
  grantStaff: { as: 'admin', params: { locationId: 'creamery' }, body: { phone: '3125550196' } },
  revokeStaff: { as: 'admin', params: { locationId: 'creamery' }, body: { phone: '3125550196' } },
  adminMessages: { as: 'admin', query: { limit: '5', page: '2' } },
  exportCustomers: { as: 'admin', query: { search: 'Odd', location: 'creamery', range: 'all' } },
  exportVisits: { as: 'admin', query: { range: 'custom', from: '2026-01-01', to: '2026-01-31', location: 'creamery' } },
  settlement: { as: 'admin', query: { month: '2026-01' } },
  settlementCsv: { as: 'admin', query: { month: '2026-01' } },
  crossShopping: { as: 'admin', query: { range: 'custom', from: '2026-01-01', to: '2026-01-31' } },
  businessReport: { as: 'admin', query: { location: 'creamery', month: '2026-01' } },
  funderReport: { as: 'admin', query: { month: '2026-01' } },
  setVillagePopulation: { as: 'admin', body: { villagePopulation: 1200 } },
  publicDraws: { as: 'anon' },
  publicDraw: { as: 'anon', params: { drawId: SOME_ID } },
  myDraws: { as: 'member' },
  adminDraws: { as: 'admin' },
  createDraw: {
    as: 'admin',
    body: { month: '2099-01', sponsorLocationId: 'creamery', prizeKind: 'voucher', prizeName: 'Odd prize', prizeDescription: 'Odd',
            prizeValueCents: 2500, minBusinesses: 2, maxEntries: 3 },
  },
  runDraw: { as: 'admin', params: { drawId: SOME_ID }, body: { seed: 'an odd seed of enough length' } },
  adminNudges: { as: 'admin' },
  updateNudges: { as: 'admin', body: { rewardWaitingDays: 7 } },
  setRewardExpiry: { as: 'admin', params: { rewardId: SOME_ID }, body: { expiresAfterDays: 30 } },
  myReferral: { as: 'member' },
  checkReferralCode: { as: 'anon', params: { code: 'ABC234' } },
  adminReferrals: { as: 'admin' },
  updateReferrals: { as: 'admin', body: { bonusPoints: 10, bonusesPerMonth: 5, flagJoinsPerDay: 3 } },
  // Campaigns.
  adminCampaigns: { as: 'admin' },
  previewCampaign: { as: 'admin', body: { message: 'Odd offer', segment: { locationId: 'creamery', tier: 'Silver' } } },
  createCampaign: {
    as: 'admin',
    body: { message: 'Odd offer', segment: { joinedSince: '2030-01-01' }, sendAt: '2030-01-01T10:00:00Z' },
  },
  cancelCampaign: { as: 'admin', params: { campaignId: SOME_ID } },
  // Tiers, limits and public content (the bases change nothing the other tests see).
  programme: { as: 'anon' },
  adminSettings: { as: 'admin' },
  updateSettings: { as: 'admin', body: { maxVisitsPerHour: 0 } },
  adminTextSettings: { as: 'admin' },
  updateTextSettings: { as: 'admin', body: { quietStart: '21:00', quietEnd: '09:00' } },
  tierPreview: { as: 'admin', query: { silver: '15', gold: '20' } },
  updateTiers: {
    as: 'admin',
    body: {
      Silver: { minPoints: 10, goalLabel: '$5 Off - Silver Status', rewardValueCents: 500, rewardName: '$5 Off Any Business', rewardDescription: '$5 off at any participating business, unlocked when you reach Silver status (10 points).' },
      Gold: { minPoints: 20, goalLabel: '$10 Off - Gold Status', rewardValueCents: 1000, rewardName: '$10 Off Any Business', rewardDescription: '$10 off at any participating business, unlocked when you reach Gold status (20 points).' },
    },
  },
  updateContent: {
    as: 'admin',
    body: { contact: { email: 'hello@villagerewards.example', phone: '(555) 010-0100', hours: 'Monday–Friday, 9 AM – 5 PM CT', responseTime: '1-2 business days' } },
  },
  // People, messages, the audit log, a business's settlement line.
  adminAdmins: { as: 'admin' },
  grantAdmin: { as: 'admin', body: { phone: '3125550195' } },
  removeAdmin: { as: 'admin', body: { phone: '3125550195' } },
  adminOwners: { as: 'admin', query: { location: 'creamery' } },
  grantOwner: { as: 'admin', params: { locationId: 'creamery' }, body: { phone: '3125550194' } },
  revokeOwner: { as: 'admin', params: { locationId: 'creamery' }, body: { phone: '3125550194' } },
  handleMessage: { as: 'admin', params: { messageId: SOME_ID }, body: { handled: true } },
  adminAudit: { as: 'owner', query: { action: 'staff', actor: 'admin', target: '312', location: 'creamery', from: '2026-01-01', to: '2026-01-31' } },
  businessSettlement: { as: 'owner', params: { locationId: 'creamery' }, query: { month: '2026-01' } },
  // The catalogue: on a business and a reward that do not exist, so nothing real changes.
  adminCatalogue: { as: 'admin' },
  adminCatalogueChanges: { as: 'admin', query: { limit: '5' } },
  createBusiness: {
    as: 'admin',
    body: { slug: 'odd-shop', businessName: 'Odd', kind: 'shop', description: '', address: '', hours: '', logoUrl: '', icon: 'store', color: 'green' },
  },
  updateBusiness: {
    as: 'admin',
    params: { locationId: 'no-such-shop' },
    body: { businessName: 'Odd', kind: 'shop', description: '', address: '', hours: '', logoUrl: '', icon: 'store', color: 'green' },
  },
  archiveBusiness: { as: 'admin', params: { locationId: 'no-such-shop' }, body: { reason: 'Odd' } },
  unarchiveBusiness: { as: 'admin', params: { locationId: 'no-such-shop' }, body: { reason: 'Odd' } },
  createReward: { as: 'admin', body: { locationId: 'no-such-shop', name: 'Odd', description: '' } },
  updateReward: { as: 'admin', params: { rewardId: SOME_ID }, body: { name: 'Odd', description: '' } },
  retireReward: { as: 'admin', params: { rewardId: SOME_ID }, body: { reason: 'Odd' } },
  replaceReward: { as: 'admin', params: { rewardId: SOME_ID }, body: { name: 'Odd', description: '', reason: 'Odd' } },
  // Member records and the member's own data (deletion last: it ends the member).
  renameMember: { as: 'admin', params: { customerId: SOME_ID }, body: { name: 'Odd', reason: 'Odd reason' } },
  changeMemberPhone: { as: 'admin', params: { customerId: SOME_ID }, body: { phone: '3125550195', reason: 'Odd reason' } },
  suspendMember: { as: 'admin', params: { customerId: SOME_ID }, body: { reason: 'Odd reason' } },
  unsuspendMember: { as: 'admin', params: { customerId: SOME_ID }, body: { reason: 'Odd reason' } },
  forgetMember: { as: 'admin', params: { customerId: SOME_ID }, body: { reason: 'Odd reason' } },
  myDetails: { as: 'member' },
  updateMyName: { as: 'member', body: { name: 'Odd' } },
  setMySmsConsent: { as: 'member', body: { smsConsent: false, wording: SMS_OPT_OUT_TEXT } },
  changeMyPhone: { as: 'member', body: { phone: '3125550194' } },
  confirmMyPhone: { as: 'member', body: { phone: '3125550194', code: '123456' } },
  myDataExport: { as: 'member' },
  deleteMyAccount: { as: 'member', body: { confirm: true } },
  walletConfig: { as: 'anon' },
  applePass: { as: 'member' },
  googleLink: { as: 'member' },
  adminWallet: { as: 'admin' },
};

// The base, then the base with one field at a time replaced by each odd value of its type.
function variants(base: Base): Base[] {
  const out: Base[] = [base];
  for (const part of ['params', 'query', 'body', 'headers'] as const) {
    for (const [key, value] of Object.entries(base[part] ?? {})) {
      const odd: unknown[] =
        typeof value === 'number' ? ODD_NUMBERS : typeof value === 'boolean' ? [!value] : ODD_STRINGS;
      for (const replacement of odd) {
        // Headers carry bytes only: a header value of NUL or beyond Latin-1 cannot even be sent.
        if (part === 'headers' && typeof replacement === 'string' && /[^\x20-\xff]/.test(replacement)) continue;
        out.push({ ...base, [part]: { ...base[part], [key]: replacement } });
      }
    }
  }
  return out;
}

export function oddInputsSuite(kind: DatabaseKind) {
  describe(`odd inputs (${kind})`, { timeout: 300_000 }, () => {
    const h = useHarness(kind);

    it('lists a plausible request for every endpoint but logout', () => {
      expect(Object.keys(BASES).sort()).toEqual(Object.keys(endpoints).filter((id) => id !== 'logout').sort());
    });

    it('never answers 5xx, whoever calls with whatever well-typed value', async () => {
      const tokens: Record<CallerKind, string | undefined> = {
        anon: undefined,
        kiosk: (await createKiosk(h(), 'creamery')).token,
        member: (await createMember(h(), { phone: nextPhone() })).token,
        staff: await createStaff(h(), 'creamery'),
        owner: await createOwner(h(), 'creamery'),
        admin: await h().adminToken(),
      };
      const failures: string[] = [];
      for (const [id, base] of Object.entries(BASES)) {
        const endpoint = endpoints[id]!;
        for (const variant of variants(base)) {
          let path: string = endpoint.path;
          for (const [name, value] of Object.entries(variant.params ?? {})) path = path.replace(`:${name}`, encodeURIComponent(value));
          const query = variant.query ? `?${new URLSearchParams(variant.query)}` : '';
          const response = await h().call(endpoint.method.toUpperCase(), `${path}${query}`, {
            token: tokens[variant.as],
            body: variant.body,
            headers: variant.headers,
          });
          if (response.status >= 500) failures.push(`${id} ${JSON.stringify(variant)} → ${response.status}`);
        }
      }
      expect(failures).toEqual([]);
    });
  });
}
