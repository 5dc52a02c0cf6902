// Every endpoint the app may call, by the name routes.ts gives it: its method and its path (Hono
// syntax, `:name` for a parameter) and nothing else. routes.ts adds each one's schemas; the app
// names these when it calls (src/lib/api-client.ts), so a request goes out, and a screen paints,
// without zod or the schemas, which load beside the first request (docs/FRONTEND.md). No zod here.
// (The api's list of the endpoints it mounts, with roles and handlers, is ../endpoints.ts.)
import type { Endpoint } from './route.ts';

export const adminActivity = {
  method: 'get',
  path: '/api/admin/activity',
} as const satisfies Endpoint;

export const adjustPoints = {
  method: 'post',
  path: '/api/admin/customers/:customerId/adjust-points',
} as const satisfies Endpoint;

export const adminAdmins = { method: 'get', path: '/api/admin/admins' } as const satisfies Endpoint;

export const grantAdmin = { method: 'post', path: '/api/admin/admins' } as const satisfies Endpoint;

export const removeAdmin = {
  method: 'post',
  path: '/api/admin/admins/remove',
} as const satisfies Endpoint;

export const adminAudit = { method: 'get', path: '/api/admin/audit' } as const satisfies Endpoint;

export const businessSettlement = {
  method: 'get',
  path: '/api/admin/locations/:locationId/settlement',
} as const satisfies Endpoint;

export const adminCampaigns = {
  method: 'get',
  path: '/api/admin/campaigns',
} as const satisfies Endpoint;

export const previewCampaign = {
  method: 'post',
  path: '/api/admin/campaigns/preview',
} as const satisfies Endpoint;

export const createCampaign = {
  method: 'post',
  path: '/api/admin/campaigns',
} as const satisfies Endpoint;

export const cancelCampaign = {
  method: 'post',
  path: '/api/admin/campaigns/:campaignId/cancel',
} as const satisfies Endpoint;

export const adminCatalogue = {
  method: 'get',
  path: '/api/admin/catalogue',
} as const satisfies Endpoint;

export const adminCatalogueChanges = {
  method: 'get',
  path: '/api/admin/catalogue/changes',
} as const satisfies Endpoint;

export const createBusiness = {
  method: 'post',
  path: '/api/admin/businesses',
} as const satisfies Endpoint;

export const updateBusiness = {
  method: 'put',
  path: '/api/admin/businesses/:locationId',
} as const satisfies Endpoint;

export const archiveBusiness = {
  method: 'post',
  path: '/api/admin/businesses/:locationId/archive',
} as const satisfies Endpoint;

export const unarchiveBusiness = {
  method: 'post',
  path: '/api/admin/businesses/:locationId/unarchive',
} as const satisfies Endpoint;

export const createReward = {
  method: 'post',
  path: '/api/admin/rewards',
} as const satisfies Endpoint;

export const updateReward = {
  method: 'put',
  path: '/api/admin/rewards/:rewardId',
} as const satisfies Endpoint;

export const setRewardExpiry = {
  method: 'put',
  path: '/api/admin/rewards/:rewardId/expiry',
} as const satisfies Endpoint;

export const retireReward = {
  method: 'post',
  path: '/api/admin/rewards/:rewardId/retire',
} as const satisfies Endpoint;

export const replaceReward = {
  method: 'post',
  path: '/api/admin/rewards/:rewardId/replace',
} as const satisfies Endpoint;

export const businessReport = {
  method: 'get',
  path: '/api/admin/coalition/business-report',
} as const satisfies Endpoint;

export const crossShopping = {
  method: 'get',
  path: '/api/admin/coalition/cross-shopping',
} as const satisfies Endpoint;

export const settlementCsv = {
  method: 'get',
  path: '/api/admin/coalition/settlement.csv',
} as const satisfies Endpoint;

export const settlement = {
  method: 'get',
  path: '/api/admin/coalition/settlement',
} as const satisfies Endpoint;

export const updateContent = {
  method: 'put',
  path: '/api/admin/content',
} as const satisfies Endpoint;

export const counterPeople = {
  method: 'get',
  path: '/api/admin/locations/:locationId/counter-people',
} as const satisfies Endpoint;

export const adminCustomer = {
  method: 'get',
  path: '/api/admin/customers/:customerId',
} as const satisfies Endpoint;

export const adminMemberCard = {
  method: 'get',
  path: '/api/admin/customers/:customerId/card',
} as const satisfies Endpoint;

export const replaceMemberCard = {
  method: 'post',
  path: '/api/admin/customers/:customerId/card',
} as const satisfies Endpoint;

export const adminCustomersCount = {
  method: 'get',
  path: '/api/admin/customers/count',
} as const satisfies Endpoint;

export const adminCustomers = {
  method: 'get',
  path: '/api/admin/customers',
} as const satisfies Endpoint;

export const dismissFlag = {
  method: 'post',
  path: '/api/admin/flags/:flagId/dismiss',
} as const satisfies Endpoint;

export const setEnrolmentCode = {
  method: 'put',
  path: '/api/admin/locations/:locationId/enrolment-code',
} as const satisfies Endpoint;

export const exportCustomers = {
  method: 'get',
  path: '/api/admin/exports/customers.csv',
} as const satisfies Endpoint;

export const exportVisits = {
  method: 'get',
  path: '/api/admin/exports/visits.csv',
} as const satisfies Endpoint;

export const velocityFlags = {
  method: 'get',
  path: '/api/admin/flags',
} as const satisfies Endpoint;

export const grantStaff = {
  method: 'post',
  path: '/api/admin/locations/:locationId/staff',
} as const satisfies Endpoint;

export const handleMessage = {
  method: 'post',
  path: '/api/admin/messages/:messageId/handled',
} as const satisfies Endpoint;

export const adminKiosks = {
  method: 'get',
  path: '/api/admin/locations/:locationId/kiosks',
} as const satisfies Endpoint;

export const adminLocations = {
  method: 'get',
  path: '/api/admin/locations',
} as const satisfies Endpoint;

export const renameMember = {
  method: 'post',
  path: '/api/admin/customers/:customerId/name',
} as const satisfies Endpoint;

export const changeMemberPhone = {
  method: 'post',
  path: '/api/admin/customers/:customerId/phone',
} as const satisfies Endpoint;

export const suspendMember = {
  method: 'post',
  path: '/api/admin/customers/:customerId/suspend',
} as const satisfies Endpoint;

export const unsuspendMember = {
  method: 'post',
  path: '/api/admin/customers/:customerId/unsuspend',
} as const satisfies Endpoint;

export const forgetMember = {
  method: 'post',
  path: '/api/admin/customers/:customerId/forget',
} as const satisfies Endpoint;

export const adminMessages = {
  method: 'get',
  path: '/api/admin/messages',
} as const satisfies Endpoint;

export const adminMetrics = {
  method: 'get',
  path: '/api/admin/metrics',
} as const satisfies Endpoint;

export const adminOwners = { method: 'get', path: '/api/admin/owners' } as const satisfies Endpoint;

export const grantOwner = {
  method: 'post',
  path: '/api/admin/locations/:locationId/owners',
} as const satisfies Endpoint;

export const revokeOwner = {
  method: 'post',
  path: '/api/admin/locations/:locationId/owners/revoke',
} as const satisfies Endpoint;

export const revokeKiosk = {
  method: 'post',
  path: '/api/admin/kiosks/:kioskId/revoke',
} as const satisfies Endpoint;

export const nameKiosk = {
  method: 'put',
  path: '/api/admin/kiosks/:kioskId/name',
} as const satisfies Endpoint;

export const nameStaff = {
  method: 'put',
  path: '/api/admin/locations/:locationId/staff/name',
} as const satisfies Endpoint;

export const namePendingStaff = {
  method: 'put',
  path: '/api/admin/locations/:locationId/staff/pending-name',
} as const satisfies Endpoint;

export const revokeStaff = {
  method: 'post',
  path: '/api/admin/locations/:locationId/staff/revoke',
} as const satisfies Endpoint;

export const adminRewards = {
  method: 'get',
  path: '/api/admin/rewards',
} as const satisfies Endpoint;

export const adminSettings = {
  method: 'get',
  path: '/api/admin/settings',
} as const satisfies Endpoint;

export const updateSettings = {
  method: 'put',
  path: '/api/admin/settings',
} as const satisfies Endpoint;

export const adminTextSettings = {
  method: 'get',
  path: '/api/admin/text-settings',
} as const satisfies Endpoint;

export const updateTextSettings = {
  method: 'put',
  path: '/api/admin/text-settings',
} as const satisfies Endpoint;

export const adminStaff = {
  method: 'get',
  path: '/api/admin/locations/:locationId/staff',
} as const satisfies Endpoint;

export const tierPreview = {
  method: 'get',
  path: '/api/admin/tiers/preview',
} as const satisfies Endpoint;

export const updateTiers = { method: 'put', path: '/api/admin/tiers' } as const satisfies Endpoint;

export const adminTopLocations = {
  method: 'get',
  path: '/api/admin/top-locations',
} as const satisfies Endpoint;

export const undoRedemption = {
  method: 'post',
  path: '/api/admin/rewards/:customerRewardId/undo-redemption',
} as const satisfies Endpoint;

export const adminVisitSeries = {
  method: 'get',
  path: '/api/admin/visits/daily',
} as const satisfies Endpoint;

export const voidVisit = {
  method: 'post',
  path: '/api/admin/visits/:visitId/void',
} as const satisfies Endpoint;

export const logout = { method: 'post', path: '/api/auth/logout' } as const satisfies Endpoint;

export const sendCode = { method: 'post', path: '/api/auth/send-code' } as const satisfies Endpoint;

export const verifySession = {
  method: 'post',
  path: '/api/auth/verify-session',
} as const satisfies Endpoint;

export const verifyCode = { method: 'post', path: '/api/auth/verify' } as const satisfies Endpoint;

export const startCheckin = {
  method: 'post',
  path: '/api/checkin/start',
} as const satisfies Endpoint;

export const submitContactMessage = {
  method: 'post',
  path: '/api/contact',
} as const satisfies Endpoint;

export const createCustomer = {
  method: 'post',
  path: '/api/customers',
} as const satisfies Endpoint;

export const simulateScan = {
  method: 'post',
  path: '/api/demo/simulate-scan',
} as const satisfies Endpoint;

export const demoStatus = { method: 'get', path: '/api/demo' } as const satisfies Endpoint;

export const enrolKiosk = { method: 'post', path: '/api/kiosk/enrol' } as const satisfies Endpoint;

export const openKioskSession = {
  method: 'post',
  path: '/api/kiosk/session',
} as const satisfies Endpoint;

export const locations = { method: 'get', path: '/api/locations' } as const satisfies Endpoint;

export const me = { method: 'get', path: '/api/me' } as const satisfies Endpoint;

export const myMemberCard = { method: 'get', path: '/api/me/card' } as const satisfies Endpoint;

export const myDetails = { method: 'get', path: '/api/me/details' } as const satisfies Endpoint;

export const updateMyName = { method: 'post', path: '/api/me/name' } as const satisfies Endpoint;

export const setMySmsConsent = {
  method: 'post',
  path: '/api/me/sms-consent',
} as const satisfies Endpoint;

export const changeMyPhone = { method: 'post', path: '/api/me/phone' } as const satisfies Endpoint;

export const confirmMyPhone = {
  method: 'post',
  path: '/api/me/phone/verify',
} as const satisfies Endpoint;

export const myDataExport = { method: 'get', path: '/api/me/export' } as const satisfies Endpoint;

export const deleteMyAccount = {
  method: 'post',
  path: '/api/me/delete',
} as const satisfies Endpoint;

export const myVisits = { method: 'get', path: '/api/me/visits' } as const satisfies Endpoint;

export const reportRedemption = {
  method: 'post',
  path: '/api/me/rewards/:customerRewardId/not-me',
} as const satisfies Endpoint;

export const programme = { method: 'get', path: '/api/programme' } as const satisfies Endpoint;

export const checkRedemptionCode = {
  method: 'get',
  path: '/api/rewards/redemption-code',
} as const satisfies Endpoint;

export const redeemCode = {
  method: 'post',
  path: '/api/rewards/redeem-code',
} as const satisfies Endpoint;

export const redeemReward = {
  method: 'post',
  path: '/api/rewards/redeem',
} as const satisfies Endpoint;

export const redeemableRewards = {
  method: 'get',
  path: '/api/rewards/redeemable',
} as const satisfies Endpoint;

export const scanCard = {
  method: 'post',
  path: '/api/rewards/scan-card',
} as const satisfies Endpoint;

export const startRedemption = {
  method: 'post',
  path: '/api/rewards/redemption-code',
} as const satisfies Endpoint;

export const counterSearch = {
  method: 'get',
  path: '/api/staff/members',
} as const satisfies Endpoint;

export const approveVisit = {
  method: 'post',
  path: '/api/visits/approve',
} as const satisfies Endpoint;

export const walletConfig = {
  method: 'get',
  path: '/api/wallet/config',
} as const satisfies Endpoint;

export const adminWallet = { method: 'get', path: '/api/admin/wallet' } as const satisfies Endpoint;

export const walletApplePass = {
  method: 'get',
  path: '/api/wallet/apple/pass',
} as const satisfies Endpoint;

export const walletGoogleLink = {
  method: 'get',
  path: '/api/wallet/google/link',
} as const satisfies Endpoint;

export const publicDraws = { method: 'get', path: '/api/draws' } as const satisfies Endpoint;

export const publicDraw = { method: 'get', path: '/api/draws/:drawId' } as const satisfies Endpoint;

export const myDraws = { method: 'get', path: '/api/me/draws' } as const satisfies Endpoint;

export const adminDraws = { method: 'get', path: '/api/admin/draws' } as const satisfies Endpoint;

export const createDraw = { method: 'post', path: '/api/admin/draws' } as const satisfies Endpoint;

export const runDraw = {
  method: 'post',
  path: '/api/admin/draws/:drawId/run',
} as const satisfies Endpoint;

export const adminNudges = { method: 'get', path: '/api/admin/nudges' } as const satisfies Endpoint;

export const updateNudges = {
  method: 'put',
  path: '/api/admin/nudges',
} as const satisfies Endpoint;

export const funderReport = {
  method: 'get',
  path: '/api/admin/funder-report',
} as const satisfies Endpoint;

export const setVillagePopulation = {
  method: 'put',
  path: '/api/admin/funder-report/population',
} as const satisfies Endpoint;

export const myReferral = { method: 'get', path: '/api/me/referral' } as const satisfies Endpoint;

export const checkReferralCode = {
  method: 'get',
  path: '/api/referrals/:code',
} as const satisfies Endpoint;

export const adminReferrals = {
  method: 'get',
  path: '/api/admin/referrals',
} as const satisfies Endpoint;

export const updateReferrals = {
  method: 'put',
  path: '/api/admin/referrals',
} as const satisfies Endpoint;
