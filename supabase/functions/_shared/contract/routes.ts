// Every endpoint's wire shape, declared once for both sides: its method, its path (Hono syntax,
// `:name` for a parameter), the schemas of its path, query, headers and body, its success status
// and the schema of its answer. The api spreads one into each endpoint it mounts (routes/, with
// the roles, docs, limits and handler); the app calls it with callEndpoint (src/lib/api-client.ts).
// Each is its own export so a screen's chunk carries only the schemas of the calls it makes.
import type { HookRoute, Route } from './route.ts';
import { MemberCard, ReplaceMemberCardRequest } from './cards.ts';
import {
  AdminDrawsResponse,
  CreateDrawRequest,
  CreateDrawResponse,
  DrawParams,
  MyDrawsResponse,
  PublicDraw,
  PublicDrawsResponse,
  RunDrawRequest,
  RunDrawResponse,
} from './draws.ts';
import { FunderReportResponse, VillagePopulationRequest, VillagePopulationResponse } from './funder-report.ts';
import { NudgeSettings, NudgeSettingsRequest } from './nudges.ts';
import { MyReferral, ReferralCodeCheck, ReferralCodeParams, ReferralSettings, ReferralSettingsRequest } from './referrals.ts';
import { AdminWalletStatus, GoogleSaveLink, PkpassFile, WalletConfig } from './wallet.ts';
import {
  CheckRedemptionCodeQuery,
  CheckRedemptionCodeResponse,
  CustomerRewardParams,
  MeResponse,
  MyVisitsQuery,
  MyVisitsResponse,
  RedeemCodeRequest,
  RedeemCodeResponse,
  RedeemRewardRequest,
  RedeemRewardResponse,
  ReportRedemptionResponse,
  ScanCardRequest,
  StartRedemptionRequest,
  StartRedemptionResponse,
} from './account.ts';
import {
  AdminCatalogue,
  ArchiveBusinessRequest,
  BusinessParams,
  CatalogueBusiness,
  CatalogueChanges,
  CatalogueChangesQuery,
  CatalogueReward,
  CreateBusinessRequest,
  CreateRewardRequest,
  ReplaceRewardRequest,
  RetireRewardRequest,
  RewardParams,
  RewardWordingRequest,
  RewardExpiryRequest,
  UpdateBusinessRequest,
} from './admin-catalogue.ts';
import {
  AdminCustomerDetail,
  CounterPeopleResponse,
  UndoRedemptionRequest,
  UndoRedemptionResponse,
} from './admin-customer.ts';
import { CsvFile, CustomersExportQuery, VisitsExportQuery } from './admin-exports.ts';
import {
  AdminKiosksResponse,
  AdminLocationsQuery,
  AdminLocationsResponse,
  AdminRewardsQuery,
  AdminRewardsResponse,
  AdminStaffResponse,
  ContactMessagesResponse,
  GrantStaffRequest,
  GrantStaffResponse,
  KioskParams,
  LocationParams,
  MessagesQuery,
  NameKioskRequest,
  NameKioskResponse,
  NamePendingStaffRequest,
  NamePendingStaffResponse,
  NameStaffRequest,
  NameStaffResponse,
  PersonRequest,
  RevokeKioskResponse,
  RevokeStaffResponse,
  StaffPhoneRequest,
} from './admin-programme.ts';
import { VisitSeriesResponse } from './admin-series.ts';
import {
  ActivityQuery,
  ActivityResponse,
  AdjustPointsRequest,
  AdjustPointsResponse,
  AdminCustomersResponse,
  CustomerParams,
  CustomersCountQuery,
  CustomersCountResponse,
  CustomersQuery,
  Flag,
  FlagParams,
  FlagsQuery,
  MetricsQuery,
  MetricsResponse,
  TopLocationsQuery,
  TopLocationsResponse,
  VelocityFlagsResponse,
  VisitParams,
  VoidVisitRequest,
  VoidVisitResponse,
} from './admin.ts';
import {
  LogoutResponse,
  SendCodeRequest,
  SendCodeResponse,
  VerifyCodeRequest,
  VerifyCodeResponse,
  VerifySessionRequest,
  VerifySessionResponse,
} from './auth.ts';
import {
  CampaignParams,
  CampaignPreviewRequest,
  CampaignPreviewResponse,
  CampaignResponse,
  CampaignsResponse,
  CreateCampaignRequest,
} from './campaigns.ts';
import {
  BusinessReportQuery,
  BusinessReportResponse,
  BusinessSettlementResponse,
  CrossShoppingQuery,
  CrossShoppingResponse,
  MonthQuery,
  SettlementResponse,
} from './coalition.ts';
import { EmptyQuery, IdempotencyHeaders } from './common.ts';
import {
  ContactMessageRequest,
  ContactMessageResponse,
  CreateCustomerRequest,
  CreateCustomerResponse,
} from './customers.ts';
import { DemoModeResponse, SimulateScanRequest } from './demo.ts';
import {
  EnrolKioskRequest,
  KioskSessionResponse,
  OpenKioskSessionRequest,
  SetEnrolmentCodeParams,
  SetEnrolmentCodeRequest,
  SetEnrolmentCodeResponse,
} from './kiosk.ts';
import { LocationList } from './locations.ts';
import {
  AdminPhoneRequest,
  AdminReasonRequest,
  AdminRenameRequest,
  ChangeMyPhoneRequest,
  ChangeMyPhoneResponse,
  ConfirmMyPhoneRequest,
  ConfirmMyPhoneResponse,
  DeleteMyAccountRequest,
  DeleteMyAccountResponse,
  MemberRecord,
  MyDataExport,
  MyDetails,
  SetMySmsConsentRequest,
  UpdateMyNameRequest,
} from './member-records.ts';
import {
  AdminAdminsResponse,
  AdminOwnersResponse,
  AuditQuery,
  AuditResponse,
  GrantAdminResponse,
  GrantOwnerResponse,
  HandleMessageRequest,
  HandleMessageResponse,
  MessageParams,
  OwnersQuery,
  RemoveAdminResponse,
  RevokeOwnerResponse,
} from './people.ts';
import {
  ProgrammeContent,
  ProgrammeResponse,
  SettingsResponse,
  TextSettingsResponse,
  TierPreviewQuery,
  TierPreviewResponse,
  TiersResponse,
  UpdateContentRequest,
  UpdateSettingsRequest,
  UpdateTextSettingsRequest,
  UpdateTiersRequest,
} from './programme-settings.ts';
import {
  ApproveVisitRequest,
  ApproveVisitResponse,
  CounterSearchQuery,
  CounterSearchResponse,
  RedeemableRewardsQuery,
  RedeemableRewardsResponse,
  StartCheckinRequest,
  StartCheckinResponse,
} from './visits.ts';

export const adminActivity = {
  method: 'get',
  path: '/api/admin/activity',
  query: ActivityQuery,
  status: 200,
  response: ActivityResponse,
} as const satisfies Route;

export const adjustPoints = {
  method: 'post',
  path: '/api/admin/customers/:customerId/adjust-points',
  params: CustomerParams,
  body: AdjustPointsRequest,
  status: 200,
  response: AdjustPointsResponse,
} as const satisfies Route;

export const adminAdmins = {
  method: 'get',
  path: '/api/admin/admins',
  status: 200,
  response: AdminAdminsResponse,
} as const satisfies Route;

export const grantAdmin = {
  method: 'post',
  path: '/api/admin/admins',
  body: StaffPhoneRequest,
  status: 200,
  response: GrantAdminResponse,
} as const satisfies Route;

export const removeAdmin = {
  method: 'post',
  path: '/api/admin/admins/remove',
  body: PersonRequest,
  status: 200,
  response: RemoveAdminResponse,
} as const satisfies Route;

export const adminAudit = {
  method: 'get',
  path: '/api/admin/audit',
  query: AuditQuery,
  status: 200,
  response: AuditResponse,
} as const satisfies Route;

export const businessSettlement = {
  method: 'get',
  path: '/api/admin/locations/:locationId/settlement',
  params: LocationParams,
  query: MonthQuery,
  status: 200,
  response: BusinessSettlementResponse,
} as const satisfies Route;

export const adminCampaigns = {
  method: 'get',
  path: '/api/admin/campaigns',
  query: EmptyQuery,
  status: 200,
  response: CampaignsResponse,
} as const satisfies Route;

export const previewCampaign = {
  method: 'post',
  path: '/api/admin/campaigns/preview',
  body: CampaignPreviewRequest,
  status: 200,
  response: CampaignPreviewResponse,
} as const satisfies Route;

export const createCampaign = {
  method: 'post',
  path: '/api/admin/campaigns',
  body: CreateCampaignRequest,
  status: 201,
  response: CampaignResponse,
} as const satisfies Route;

export const cancelCampaign = {
  method: 'post',
  path: '/api/admin/campaigns/:campaignId/cancel',
  params: CampaignParams,
  status: 200,
  response: CampaignResponse,
} as const satisfies Route;

export const adminCatalogue = {
  method: 'get',
  path: '/api/admin/catalogue',
  status: 200,
  response: AdminCatalogue,
} as const satisfies Route;

export const adminCatalogueChanges = {
  method: 'get',
  path: '/api/admin/catalogue/changes',
  query: CatalogueChangesQuery,
  status: 200,
  response: CatalogueChanges,
} as const satisfies Route;

export const createBusiness = {
  method: 'post',
  path: '/api/admin/businesses',
  body: CreateBusinessRequest,
  status: 201,
  response: CatalogueBusiness,
} as const satisfies Route;

export const updateBusiness = {
  method: 'put',
  path: '/api/admin/businesses/:locationId',
  params: BusinessParams,
  body: UpdateBusinessRequest,
  status: 200,
  response: CatalogueBusiness,
} as const satisfies Route;

export const archiveBusiness = {
  method: 'post',
  path: '/api/admin/businesses/:locationId/archive',
  params: BusinessParams,
  body: ArchiveBusinessRequest,
  status: 200,
  response: CatalogueBusiness,
} as const satisfies Route;

export const unarchiveBusiness = {
  method: 'post',
  path: '/api/admin/businesses/:locationId/unarchive',
  params: BusinessParams,
  body: ArchiveBusinessRequest,
  status: 200,
  response: CatalogueBusiness,
} as const satisfies Route;

export const createReward = {
  method: 'post',
  path: '/api/admin/rewards',
  body: CreateRewardRequest,
  status: 201,
  response: CatalogueReward,
} as const satisfies Route;

export const updateReward = {
  method: 'put',
  path: '/api/admin/rewards/:rewardId',
  params: RewardParams,
  body: RewardWordingRequest,
  status: 200,
  response: CatalogueReward,
} as const satisfies Route;

export const setRewardExpiry = {
  method: 'put',
  path: '/api/admin/rewards/:rewardId/expiry',
  params: RewardParams,
  body: RewardExpiryRequest,
  status: 200,
  response: CatalogueReward,
} as const satisfies Route;

export const retireReward = {
  method: 'post',
  path: '/api/admin/rewards/:rewardId/retire',
  params: RewardParams,
  body: RetireRewardRequest,
  status: 200,
  response: CatalogueReward,
} as const satisfies Route;

export const replaceReward = {
  method: 'post',
  path: '/api/admin/rewards/:rewardId/replace',
  params: RewardParams,
  body: ReplaceRewardRequest,
  status: 200,
  response: CatalogueReward,
} as const satisfies Route;

export const businessReport = {
  method: 'get',
  path: '/api/admin/coalition/business-report',
  query: BusinessReportQuery,
  status: 200,
  response: BusinessReportResponse,
} as const satisfies Route;

export const crossShopping = {
  method: 'get',
  path: '/api/admin/coalition/cross-shopping',
  query: CrossShoppingQuery,
  status: 200,
  response: CrossShoppingResponse,
} as const satisfies Route;

export const settlementCsv = {
  method: 'get',
  path: '/api/admin/coalition/settlement.csv',
  query: MonthQuery,
  status: 200,
  response: CsvFile,
  contentType: 'text/csv',
} as const satisfies Route;

export const settlement = {
  method: 'get',
  path: '/api/admin/coalition/settlement',
  query: MonthQuery,
  status: 200,
  response: SettlementResponse,
} as const satisfies Route;

export const updateContent = {
  method: 'put',
  path: '/api/admin/content',
  body: UpdateContentRequest,
  status: 200,
  response: ProgrammeContent,
} as const satisfies Route;

export const counterPeople = {
  method: 'get',
  path: '/api/admin/locations/:locationId/counter-people',
  params: LocationParams,
  status: 200,
  response: CounterPeopleResponse,
} as const satisfies Route;

export const adminCustomer = {
  method: 'get',
  path: '/api/admin/customers/:customerId',
  params: CustomerParams,
  status: 200,
  response: AdminCustomerDetail,
} as const satisfies Route;

export const adminMemberCard = {
  method: 'get',
  path: '/api/admin/customers/:customerId/card',
  params: CustomerParams,
  status: 200,
  response: MemberCard,
} as const satisfies Route;

export const replaceMemberCard = {
  method: 'post',
  path: '/api/admin/customers/:customerId/card',
  params: CustomerParams,
  body: ReplaceMemberCardRequest,
  status: 200,
  response: MemberCard,
} as const satisfies Route;

export const adminCustomersCount = {
  method: 'get',
  path: '/api/admin/customers/count',
  query: CustomersCountQuery,
  status: 200,
  response: CustomersCountResponse,
} as const satisfies Route;

export const adminCustomers = {
  method: 'get',
  path: '/api/admin/customers',
  query: CustomersQuery,
  status: 200,
  response: AdminCustomersResponse,
} as const satisfies Route;

export const dismissFlag = {
  method: 'post',
  path: '/api/admin/flags/:flagId/dismiss',
  params: FlagParams,
  status: 200,
  response: Flag,
} as const satisfies Route;

export const setEnrolmentCode = {
  method: 'put',
  path: '/api/admin/locations/:locationId/enrolment-code',
  params: SetEnrolmentCodeParams,
  body: SetEnrolmentCodeRequest,
  status: 200,
  response: SetEnrolmentCodeResponse,
} as const satisfies Route;

export const exportCustomers = {
  method: 'get',
  path: '/api/admin/exports/customers.csv',
  query: CustomersExportQuery,
  status: 200,
  response: CsvFile,
  contentType: 'text/csv',
} as const satisfies Route;

export const exportVisits = {
  method: 'get',
  path: '/api/admin/exports/visits.csv',
  query: VisitsExportQuery,
  status: 200,
  response: CsvFile,
  contentType: 'text/csv',
} as const satisfies Route;

export const velocityFlags = {
  method: 'get',
  path: '/api/admin/flags',
  query: FlagsQuery,
  status: 200,
  response: VelocityFlagsResponse,
} as const satisfies Route;

export const grantStaff = {
  method: 'post',
  path: '/api/admin/locations/:locationId/staff',
  params: LocationParams,
  body: GrantStaffRequest,
  status: 200,
  response: GrantStaffResponse,
} as const satisfies Route;

export const handleMessage = {
  method: 'post',
  path: '/api/admin/messages/:messageId/handled',
  params: MessageParams,
  body: HandleMessageRequest,
  status: 200,
  response: HandleMessageResponse,
} as const satisfies Route;

export const adminKiosks = {
  method: 'get',
  path: '/api/admin/locations/:locationId/kiosks',
  params: LocationParams,
  status: 200,
  response: AdminKiosksResponse,
} as const satisfies Route;

export const adminLocations = {
  method: 'get',
  path: '/api/admin/locations',
  query: AdminLocationsQuery,
  status: 200,
  response: AdminLocationsResponse,
} as const satisfies Route;

export const renameMember = {
  method: 'post',
  path: '/api/admin/customers/:customerId/name',
  params: CustomerParams,
  body: AdminRenameRequest,
  status: 200,
  response: MemberRecord,
} as const satisfies Route;

export const changeMemberPhone = {
  method: 'post',
  path: '/api/admin/customers/:customerId/phone',
  params: CustomerParams,
  body: AdminPhoneRequest,
  status: 200,
  response: MemberRecord,
} as const satisfies Route;

export const suspendMember = {
  method: 'post',
  path: '/api/admin/customers/:customerId/suspend',
  params: CustomerParams,
  body: AdminReasonRequest,
  status: 200,
  response: MemberRecord,
} as const satisfies Route;

export const unsuspendMember = {
  method: 'post',
  path: '/api/admin/customers/:customerId/unsuspend',
  params: CustomerParams,
  body: AdminReasonRequest,
  status: 200,
  response: MemberRecord,
} as const satisfies Route;

export const forgetMember = {
  method: 'post',
  path: '/api/admin/customers/:customerId/forget',
  params: CustomerParams,
  body: AdminReasonRequest,
  status: 200,
  response: MemberRecord,
} as const satisfies Route;

export const adminMessages = {
  method: 'get',
  path: '/api/admin/messages',
  query: MessagesQuery,
  status: 200,
  response: ContactMessagesResponse,
} as const satisfies Route;

export const adminMetrics = {
  method: 'get',
  path: '/api/admin/metrics',
  query: MetricsQuery,
  status: 200,
  response: MetricsResponse,
} as const satisfies Route;

export const adminOwners = {
  method: 'get',
  path: '/api/admin/owners',
  query: OwnersQuery,
  status: 200,
  response: AdminOwnersResponse,
} as const satisfies Route;

export const grantOwner = {
  method: 'post',
  path: '/api/admin/locations/:locationId/owners',
  params: LocationParams,
  body: StaffPhoneRequest,
  status: 200,
  response: GrantOwnerResponse,
} as const satisfies Route;

export const revokeOwner = {
  method: 'post',
  path: '/api/admin/locations/:locationId/owners/revoke',
  params: LocationParams,
  body: PersonRequest,
  status: 200,
  response: RevokeOwnerResponse,
} as const satisfies Route;

export const revokeKiosk = {
  method: 'post',
  path: '/api/admin/kiosks/:kioskId/revoke',
  params: KioskParams,
  status: 200,
  response: RevokeKioskResponse,
} as const satisfies Route;

export const nameKiosk = {
  method: 'put',
  path: '/api/admin/kiosks/:kioskId/name',
  params: KioskParams,
  body: NameKioskRequest,
  status: 200,
  response: NameKioskResponse,
} as const satisfies Route;

export const nameStaff = {
  method: 'put',
  path: '/api/admin/locations/:locationId/staff/name',
  params: LocationParams,
  body: NameStaffRequest,
  status: 200,
  response: NameStaffResponse,
} as const satisfies Route;

export const namePendingStaff = {
  method: 'put',
  path: '/api/admin/locations/:locationId/staff/pending-name',
  params: LocationParams,
  body: NamePendingStaffRequest,
  status: 200,
  response: NamePendingStaffResponse,
} as const satisfies Route;

export const revokeStaff = {
  method: 'post',
  path: '/api/admin/locations/:locationId/staff/revoke',
  params: LocationParams,
  body: PersonRequest,
  status: 200,
  response: RevokeStaffResponse,
} as const satisfies Route;

export const adminRewards = {
  method: 'get',
  path: '/api/admin/rewards',
  query: AdminRewardsQuery,
  status: 200,
  response: AdminRewardsResponse,
} as const satisfies Route;

export const adminSettings = {
  method: 'get',
  path: '/api/admin/settings',
  status: 200,
  response: SettingsResponse,
} as const satisfies Route;

export const updateSettings = {
  method: 'put',
  path: '/api/admin/settings',
  body: UpdateSettingsRequest,
  status: 200,
  response: SettingsResponse,
} as const satisfies Route;

export const adminTextSettings = {
  method: 'get',
  path: '/api/admin/text-settings',
  status: 200,
  response: TextSettingsResponse,
} as const satisfies Route;

export const updateTextSettings = {
  method: 'put',
  path: '/api/admin/text-settings',
  body: UpdateTextSettingsRequest,
  status: 200,
  response: TextSettingsResponse,
} as const satisfies Route;

export const adminStaff = {
  method: 'get',
  path: '/api/admin/locations/:locationId/staff',
  params: LocationParams,
  status: 200,
  response: AdminStaffResponse,
} as const satisfies Route;

export const tierPreview = {
  method: 'get',
  path: '/api/admin/tiers/preview',
  query: TierPreviewQuery,
  status: 200,
  response: TierPreviewResponse,
} as const satisfies Route;

export const updateTiers = {
  method: 'put',
  path: '/api/admin/tiers',
  body: UpdateTiersRequest,
  status: 200,
  response: TiersResponse,
} as const satisfies Route;

export const adminTopLocations = {
  method: 'get',
  path: '/api/admin/top-locations',
  query: TopLocationsQuery,
  status: 200,
  response: TopLocationsResponse,
} as const satisfies Route;

export const undoRedemption = {
  method: 'post',
  path: '/api/admin/rewards/:customerRewardId/undo-redemption',
  params: CustomerRewardParams,
  body: UndoRedemptionRequest,
  status: 200,
  response: UndoRedemptionResponse,
} as const satisfies Route;

export const adminVisitSeries = {
  method: 'get',
  path: '/api/admin/visits/daily',
  query: MetricsQuery,
  status: 200,
  response: VisitSeriesResponse,
} as const satisfies Route;

export const voidVisit = {
  method: 'post',
  path: '/api/admin/visits/:visitId/void',
  params: VisitParams,
  body: VoidVisitRequest,
  status: 200,
  response: VoidVisitResponse,
} as const satisfies Route;

export const logout = {
  method: 'post',
  path: '/api/auth/logout',
  status: 200,
  response: LogoutResponse,
} as const satisfies Route;

export const sendCode = {
  method: 'post',
  path: '/api/auth/send-code',
  body: SendCodeRequest,
  status: 200,
  response: SendCodeResponse,
} as const satisfies Route;

export const verifySession = {
  method: 'post',
  path: '/api/auth/verify-session',
  body: VerifySessionRequest,
  status: 200,
  response: VerifySessionResponse,
} as const satisfies Route;

export const verifyCode = {
  method: 'post',
  path: '/api/auth/verify',
  body: VerifyCodeRequest,
  status: 200,
  response: VerifyCodeResponse,
} as const satisfies Route;

export const startCheckin = {
  method: 'post',
  path: '/api/checkin/start',
  body: StartCheckinRequest,
  status: 201,
  response: StartCheckinResponse,
} as const satisfies Route;

export const submitContactMessage = {
  method: 'post',
  path: '/api/contact',
  body: ContactMessageRequest,
  status: 201,
  response: ContactMessageResponse,
} as const satisfies Route;

export const createCustomer = {
  method: 'post',
  path: '/api/customers',
  body: CreateCustomerRequest,
  status: 201,
  response: CreateCustomerResponse,
} as const satisfies Route;

export const simulateScan = {
  method: 'post',
  path: '/api/demo/simulate-scan',
  body: SimulateScanRequest,
  status: 200,
  response: ApproveVisitResponse,
} as const satisfies Route;

export const demoStatus = {
  method: 'get',
  path: '/api/demo',
  status: 200,
  response: DemoModeResponse,
} as const satisfies Route;

export const enrolKiosk = {
  method: 'post',
  path: '/api/kiosk/enrol',
  body: EnrolKioskRequest,
  status: 200,
  response: KioskSessionResponse,
} as const satisfies Route;

export const openKioskSession = {
  method: 'post',
  path: '/api/kiosk/session',
  body: OpenKioskSessionRequest,
  status: 200,
  response: KioskSessionResponse,
} as const satisfies Route;

export const locations = {
  method: 'get',
  path: '/api/locations',
  status: 200,
  response: LocationList,
} as const satisfies Route;

export const me = {
  method: 'get',
  path: '/api/me',
  status: 200,
  response: MeResponse,
} as const satisfies Route;

export const myMemberCard = {
  method: 'get',
  path: '/api/me/card',
  status: 200,
  response: MemberCard,
} as const satisfies Route;

export const myDetails = {
  method: 'get',
  path: '/api/me/details',
  status: 200,
  response: MyDetails,
} as const satisfies Route;

export const updateMyName = {
  method: 'post',
  path: '/api/me/name',
  body: UpdateMyNameRequest,
  status: 200,
  response: MyDetails,
} as const satisfies Route;

export const setMySmsConsent = {
  method: 'post',
  path: '/api/me/sms-consent',
  body: SetMySmsConsentRequest,
  status: 200,
  response: MyDetails,
} as const satisfies Route;

export const changeMyPhone = {
  method: 'post',
  path: '/api/me/phone',
  body: ChangeMyPhoneRequest,
  status: 200,
  response: ChangeMyPhoneResponse,
} as const satisfies Route;

export const confirmMyPhone = {
  method: 'post',
  path: '/api/me/phone/verify',
  body: ConfirmMyPhoneRequest,
  status: 200,
  response: ConfirmMyPhoneResponse,
} as const satisfies Route;

export const myDataExport = {
  method: 'get',
  path: '/api/me/export',
  status: 200,
  response: MyDataExport,
} as const satisfies Route;

export const deleteMyAccount = {
  method: 'post',
  path: '/api/me/delete',
  body: DeleteMyAccountRequest,
  status: 200,
  response: DeleteMyAccountResponse,
} as const satisfies Route;

export const myVisits = {
  method: 'get',
  path: '/api/me/visits',
  query: MyVisitsQuery,
  status: 200,
  response: MyVisitsResponse,
} as const satisfies Route;

export const reportRedemption = {
  method: 'post',
  path: '/api/me/rewards/:customerRewardId/not-me',
  params: CustomerRewardParams,
  status: 200,
  response: ReportRedemptionResponse,
} as const satisfies Route;

export const programme = {
  method: 'get',
  path: '/api/programme',
  status: 200,
  response: ProgrammeResponse,
} as const satisfies Route;

export const checkRedemptionCode = {
  method: 'get',
  path: '/api/rewards/redemption-code',
  query: CheckRedemptionCodeQuery,
  status: 200,
  response: CheckRedemptionCodeResponse,
} as const satisfies Route;

export const redeemCode = {
  method: 'post',
  path: '/api/rewards/redeem-code',
  headers: IdempotencyHeaders,
  body: RedeemCodeRequest,
  status: 200,
  response: RedeemCodeResponse,
} as const satisfies Route;

export const redeemReward = {
  method: 'post',
  path: '/api/rewards/redeem',
  headers: IdempotencyHeaders,
  body: RedeemRewardRequest,
  status: 200,
  response: RedeemRewardResponse,
} as const satisfies Route;

export const redeemableRewards = {
  method: 'get',
  path: '/api/rewards/redeemable',
  query: RedeemableRewardsQuery,
  status: 200,
  response: RedeemableRewardsResponse,
} as const satisfies Route;

export const scanCard = {
  method: 'post',
  path: '/api/rewards/scan-card',
  body: ScanCardRequest,
  status: 200,
  response: RedeemableRewardsResponse,
} as const satisfies Route;

export const startRedemption = {
  method: 'post',
  path: '/api/rewards/redemption-code',
  body: StartRedemptionRequest,
  status: 201,
  response: StartRedemptionResponse,
} as const satisfies Route;

export const counterSearch = {
  method: 'get',
  path: '/api/staff/members',
  query: CounterSearchQuery,
  status: 200,
  response: CounterSearchResponse,
} as const satisfies Route;

export const approveVisit = {
  method: 'post',
  path: '/api/visits/approve',
  headers: IdempotencyHeaders,
  body: ApproveVisitRequest,
  status: 200,
  response: ApproveVisitResponse,
} as const satisfies Route;

// Wallet cards (docs/WALLET.md).

export const walletConfig = {
  method: 'get',
  path: '/api/wallet/config',
  status: 200,
  response: WalletConfig,
} as const satisfies Route;

export const adminWallet = {
  method: 'get',
  path: '/api/admin/wallet',
  status: 200,
  response: AdminWalletStatus,
} as const satisfies Route;

export const walletApplePass = {
  method: 'get',
  path: '/api/wallet/apple/pass',
  status: 200,
  response: PkpassFile,
  contentType: 'application/vnd.apple.pkpass',
} as const satisfies Route;

export const walletGoogleLink = {
  method: 'get',
  path: '/api/wallet/google/link',
  status: 200,
  response: GoogleSaveLink,
} as const satisfies Route;


// The prize draws, the reward reminders and the funder's report.
export const publicDraws = {
  method: 'get',
  path: '/api/draws',
  query: EmptyQuery,
  status: 200,
  response: PublicDrawsResponse,
} as const satisfies Route;

export const publicDraw = {
  method: 'get',
  path: '/api/draws/:drawId',
  params: DrawParams,
  query: EmptyQuery,
  status: 200,
  response: PublicDraw,
} as const satisfies Route;

export const myDraws = {
  method: 'get',
  path: '/api/me/draws',
  query: EmptyQuery,
  status: 200,
  response: MyDrawsResponse,
} as const satisfies Route;

export const adminDraws = {
  method: 'get',
  path: '/api/admin/draws',
  query: EmptyQuery,
  status: 200,
  response: AdminDrawsResponse,
} as const satisfies Route;

export const createDraw = {
  method: 'post',
  path: '/api/admin/draws',
  body: CreateDrawRequest,
  status: 201,
  response: CreateDrawResponse,
} as const satisfies Route;

export const runDraw = {
  method: 'post',
  path: '/api/admin/draws/:drawId/run',
  params: DrawParams,
  body: RunDrawRequest,
  status: 200,
  response: RunDrawResponse,
} as const satisfies Route;

export const adminNudges = {
  method: 'get',
  path: '/api/admin/nudges',
  query: EmptyQuery,
  status: 200,
  response: NudgeSettings,
} as const satisfies Route;

export const updateNudges = {
  method: 'put',
  path: '/api/admin/nudges',
  body: NudgeSettingsRequest,
  status: 200,
  response: NudgeSettings,
} as const satisfies Route;

export const funderReport = {
  method: 'get',
  path: '/api/admin/funder-report',
  query: MonthQuery,
  status: 200,
  response: FunderReportResponse,
} as const satisfies Route;

export const setVillagePopulation = {
  method: 'put',
  path: '/api/admin/funder-report/population',
  body: VillagePopulationRequest,
  status: 200,
  response: VillagePopulationResponse,
} as const satisfies Route;

// The hooks (mounted before the caller is identified: each checks its own signature or secret).

/** Supabase Auth's Send SMS hook (Standard Webhooks signature). */
export const hookSendSms = {
  method: 'post',
  path: '/api/hooks/send-sms',
} as const satisfies HookRoute;

/** The texts' schedule drains the outbox (x-drain-secret). */
export const hookTextsDrain = {
  method: 'post',
  path: '/api/hooks/texts/drain',
} as const satisfies HookRoute;

/** Twilio's delivery status callback (X-Twilio-Signature). */
export const hookTwilioStatus = {
  method: 'post',
  path: '/api/hooks/twilio/status',
} as const satisfies HookRoute;

/** Twilio's incoming message webhook: STOP, START, HELP (X-Twilio-Signature). */
export const hookTwilioInbound = {
  method: 'post',
  path: '/api/hooks/twilio/inbound',
} as const satisfies HookRoute;

/** The wallet pushes' schedule drains their outbox (x-drain-secret). */
export const hookWalletDrain = {
  method: 'post',
  path: '/api/hooks/wallet/drain',
} as const satisfies HookRoute;

export const myReferral = {
  method: 'get',
  path: '/api/me/referral',
  status: 200,
  response: MyReferral,
} as const satisfies Route;

export const checkReferralCode = {
  method: 'get',
  path: '/api/referrals/:code',
  params: ReferralCodeParams,
  status: 200,
  response: ReferralCodeCheck,
} as const satisfies Route;

export const adminReferrals = {
  method: 'get',
  path: '/api/admin/referrals',
  query: EmptyQuery,
  status: 200,
  response: ReferralSettings,
} as const satisfies Route;

export const updateReferrals = {
  method: 'put',
  path: '/api/admin/referrals',
  body: ReferralSettingsRequest,
  status: 200,
  response: ReferralSettings,
} as const satisfies Route;
