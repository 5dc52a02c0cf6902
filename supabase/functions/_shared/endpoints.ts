// Every endpoint of the API, in the order the docs list them. Each is declared once, in its
// own file under routes/; app.ts mounts this list, openapi.ts and docs/ are built from it.
import { OpenApiDocument } from './contract.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { me } from './routes/me/me.ts';
import { myVisits } from './routes/me/my-visits.ts';
import { redeemReward } from './routes/rewards/redeem.ts';
import { redeemableRewards } from './routes/rewards/redeemable.ts';
import { startRedemption } from './routes/rewards/start-redemption.ts';
import { checkRedemptionCode } from './routes/rewards/check-redemption-code.ts';
import { redeemCode } from './routes/rewards/redeem-code.ts';
import { counterSearch } from './routes/staff/members.ts';
import { scanCard } from './routes/rewards/scan-card.ts';
import { reportRedemption } from './routes/me/report-redemption.ts';
import { myMemberCard } from './routes/me/card.ts';
import { adminMemberCard, replaceMemberCard } from './routes/admin/customer-card.ts';
import { adminNudges, updateNudges } from './routes/admin/nudges.ts';
import { adminReferrals, checkReferralCode, myReferral, updateReferrals } from './routes/referrals/referrals.ts';
import { funderReport, setVillagePopulation } from './routes/admin/coalition/funder-report.ts';
import { adminDraws, createDraw, myDraws, publicDraw, publicDraws, runDraw } from './routes/draws/draws.ts';
import { undoRedemption } from './routes/admin/undo-redemption.ts';
import {
  changeMyPhone,
  confirmMyPhone,
  deleteMyAccount,
  myDataExport,
  myDetails,
  setMySmsConsent,
  updateMyName,
} from './routes/me/my-data.ts';
import { changeMemberPhone, forgetMember, renameMember, suspendMember, unsuspendMember } from './routes/admin/member-records.ts';
import { adminActivity } from './routes/admin/activity.ts';
import { adjustPoints } from './routes/admin/adjust-points.ts';
import { adminCustomer } from './routes/admin/customer.ts';
import { adminCustomers } from './routes/admin/customers.ts';
import { adminCustomersCount } from './routes/admin/customers-count.ts';
import { dismissFlag } from './routes/admin/dismiss-flag.ts';
import { setEnrolmentCode } from './routes/admin/enrolment-code.ts';
import { exportCustomers } from './routes/admin/export-customers.ts';
import { exportVisits } from './routes/admin/export-visits.ts';
import { grantStaff } from './routes/admin/grant-staff.ts';
import { velocityFlags } from './routes/admin/flags.ts';
import { adminMetrics } from './routes/admin/metrics.ts';
import { adminKiosks } from './routes/admin/kiosks.ts';
import { adminLocations } from './routes/admin/locations.ts';
import { adminMessages } from './routes/admin/messages.ts';
import { adminCampaigns, cancelCampaign, createCampaign, previewCampaign } from './routes/admin/campaigns.ts';
import { adminAdmins, grantAdmin, removeAdmin } from './routes/admin/admins.ts';
import { adminAudit } from './routes/admin/audit.ts';
import { handleMessage } from './routes/admin/handle-message.ts';
import { adminOwners, grantOwner, revokeOwner } from './routes/admin/owners.ts';
import { businessSettlement } from './routes/admin/business-settlement.ts';
import { counterPeople } from './routes/admin/counter-people.ts';
import { nameKiosk, namePendingStaff, nameStaff, revokeKiosk } from './routes/admin/revoke-kiosk.ts';
import { revokeStaff } from './routes/admin/revoke-staff.ts';
import { adminRewards } from './routes/admin/rewards.ts';
import {
  adminCatalogue,
  adminCatalogueChanges,
  archiveBusiness,
  createBusiness,
  createReward,
  replaceReward,
  retireReward,
  unarchiveBusiness,
  updateBusiness,
  updateReward,
} from './routes/admin/catalogue.ts';
import { setRewardExpiry } from './routes/admin/reward-expiry.ts';
import { adminStaff } from './routes/admin/staff.ts';
import { adminTopLocations } from './routes/admin/top-locations.ts';
import { adminVisitSeries } from './routes/admin/visit-series.ts';
import { voidVisit } from './routes/admin/void-visit.ts';
import { logout } from './routes/auth/logout.ts';
import { sendCode } from './routes/auth/send-code.ts';
import { verifyCode } from './routes/auth/verify.ts';
import { verifySession } from './routes/auth/verify-session.ts';
import { approveVisit } from './routes/visits/approve.ts';
import { startCheckin } from './routes/checkin/start.ts';
import { businessReport } from './routes/admin/coalition/business-report.ts';
import { crossShopping } from './routes/admin/coalition/cross-shopping.ts';
import { settlementCsv } from './routes/admin/coalition/settlement-csv.ts';
import { settlement } from './routes/admin/coalition/settlement.ts';
import { submitContactMessage } from './routes/contact.ts';
import { demoStatus } from './routes/demo/status.ts';
import { simulateScan } from './routes/demo/simulate-scan.ts';
import { createCustomer } from './routes/customers/create.ts';
import { enrolKiosk } from './routes/kiosk/enrol.ts';
import { openKioskSession } from './routes/kiosk/open-session.ts';
import { locations } from './routes/locations.ts';
import { programme } from './routes/programme/programme.ts';
import { adminSettings, adminTextSettings, updateSettings, updateTextSettings } from './routes/admin/settings.ts';
import { tierPreview, updateTiers } from './routes/admin/tiers.ts';
import { updateContent } from './routes/admin/content.ts';
import { BAD_TOKEN, EVERYONE } from './routes/texts.ts';
import { adminWallet, walletConfig } from './routes/wallet/config.ts';
import { applePass, googleLink } from './routes/wallet/member.ts';

let document: unknown;

// The document describes this very list, so it is declared here, where the list is.
const openApi = endpoint({
  method: 'get', path: '/api/openapi.json', tag: 'Meta', roles: EVERYONE,
  summary: 'This API\'s OpenAPI 3.1 document',
  status: 200, response: OpenApiDocument,
  errors: { 400: 'A query parameter was sent; this document takes none.', 401: BAD_TOKEN },
  handler: () => (document ??= buildOpenApiDocument(endpoints)),
});

export const endpoints: Record<string, Endpoint> = {
  openKioskSession,
  enrolKiosk,
  createCustomer,
  submitContactMessage,
  startCheckin,
  approveVisit,
  sendCode,
  verifyCode,
  verifySession,
  logout,
  redeemReward,
  redeemableRewards,
  counterSearch,
  scanCard,
  reportRedemption,
  startRedemption,
  checkRedemptionCode,
  redeemCode,
  me,
  myMemberCard,
  myVisits,
  myDraws,
  myDetails,
  updateMyName,
  setMySmsConsent,
  changeMyPhone,
  confirmMyPhone,
  myDataExport,
  deleteMyAccount,
  walletConfig,
  applePass,
  googleLink,
  locations,
  programme,
  publicDraws,
  publicDraw,
  adminMetrics,
  adminActivity,
  adminCustomers,
  // Before the detail route: 'count' would otherwise be read as a customer id.
  adminCustomersCount,
  adminCustomer,
  adminMemberCard,
  replaceMemberCard,
  adminTopLocations,
  setEnrolmentCode,
  voidVisit,
  undoRedemption,
  adjustPoints,
  renameMember,
  changeMemberPhone,
  suspendMember,
  unsuspendMember,
  forgetMember,
  velocityFlags,
  dismissFlag,
  demoStatus,
  simulateScan,
  adminVisitSeries,
  adminRewards,
  adminLocations,
  adminKiosks,
  revokeKiosk,
  nameKiosk,
  nameStaff,
  namePendingStaff,
  adminStaff,
  grantStaff,
  revokeStaff,
  adminAdmins,
  grantAdmin,
  removeAdmin,
  adminOwners,
  grantOwner,
  revokeOwner,
  adminMessages,
  adminCampaigns,
  // Before any :campaignId route: 'preview' is not an id.
  previewCampaign,
  createCampaign,
  cancelCampaign,
  handleMessage,
  adminNudges,
  updateNudges,
  myReferral,
  checkReferralCode,
  adminReferrals,
  updateReferrals,
  adminDraws,
  createDraw,
  runDraw,
  adminAudit,
  adminCatalogue,
  adminCatalogueChanges,
  createBusiness,
  updateBusiness,
  archiveBusiness,
  unarchiveBusiness,
  createReward,
  updateReward,
  setRewardExpiry,
  retireReward,
  replaceReward,
  exportCustomers,
  exportVisits,
  settlement,
  settlementCsv,
  crossShopping,
  businessReport,
  funderReport,
  setVillagePopulation,
  adminSettings,
  updateSettings,
  adminTextSettings,
  updateTextSettings,
  tierPreview,
  updateTiers,
  updateContent,
  adminWallet,
  businessSettlement,
  counterPeople,
  openApi,
};

export const endpointList: Endpoint[] = Object.values(endpoints);
