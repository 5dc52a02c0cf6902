// Every endpoint's wire shape, declared once for both sides: its method and path (endpoints.ts,
// by the same name: the app sends a request knowing only those), the schemas of its path, query,
// headers and body, its success status and the schema of its answer. The api spreads one into
// each endpoint it mounts (routes/, with the roles, docs, limits and handler); the app's
// callEndpoint (src/lib/api-client.ts) parses an answer with the schema found here.
import * as endpoints from './endpoints.ts';
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
  ...endpoints.adminActivity,
  query: ActivityQuery,
  status: 200,
  response: ActivityResponse,
} as const satisfies Route;

export const adjustPoints = {
  ...endpoints.adjustPoints,
  params: CustomerParams,
  body: AdjustPointsRequest,
  status: 200,
  response: AdjustPointsResponse,
} as const satisfies Route;

export const adminAdmins = {
  ...endpoints.adminAdmins,
  status: 200,
  response: AdminAdminsResponse,
} as const satisfies Route;

export const grantAdmin = {
  ...endpoints.grantAdmin,
  body: StaffPhoneRequest,
  status: 200,
  response: GrantAdminResponse,
} as const satisfies Route;

export const removeAdmin = {
  ...endpoints.removeAdmin,
  body: PersonRequest,
  status: 200,
  response: RemoveAdminResponse,
} as const satisfies Route;

export const adminAudit = {
  ...endpoints.adminAudit,
  query: AuditQuery,
  status: 200,
  response: AuditResponse,
} as const satisfies Route;

export const businessSettlement = {
  ...endpoints.businessSettlement,
  params: LocationParams,
  query: MonthQuery,
  status: 200,
  response: BusinessSettlementResponse,
} as const satisfies Route;

export const adminCampaigns = {
  ...endpoints.adminCampaigns,
  query: EmptyQuery,
  status: 200,
  response: CampaignsResponse,
} as const satisfies Route;

export const previewCampaign = {
  ...endpoints.previewCampaign,
  body: CampaignPreviewRequest,
  status: 200,
  response: CampaignPreviewResponse,
} as const satisfies Route;

export const createCampaign = {
  ...endpoints.createCampaign,
  body: CreateCampaignRequest,
  status: 201,
  response: CampaignResponse,
} as const satisfies Route;

export const cancelCampaign = {
  ...endpoints.cancelCampaign,
  params: CampaignParams,
  status: 200,
  response: CampaignResponse,
} as const satisfies Route;

export const adminCatalogue = {
  ...endpoints.adminCatalogue,
  status: 200,
  response: AdminCatalogue,
} as const satisfies Route;

export const adminCatalogueChanges = {
  ...endpoints.adminCatalogueChanges,
  query: CatalogueChangesQuery,
  status: 200,
  response: CatalogueChanges,
} as const satisfies Route;

export const createBusiness = {
  ...endpoints.createBusiness,
  body: CreateBusinessRequest,
  status: 201,
  response: CatalogueBusiness,
} as const satisfies Route;

export const updateBusiness = {
  ...endpoints.updateBusiness,
  params: BusinessParams,
  body: UpdateBusinessRequest,
  status: 200,
  response: CatalogueBusiness,
} as const satisfies Route;

export const archiveBusiness = {
  ...endpoints.archiveBusiness,
  params: BusinessParams,
  body: ArchiveBusinessRequest,
  status: 200,
  response: CatalogueBusiness,
} as const satisfies Route;

export const unarchiveBusiness = {
  ...endpoints.unarchiveBusiness,
  params: BusinessParams,
  body: ArchiveBusinessRequest,
  status: 200,
  response: CatalogueBusiness,
} as const satisfies Route;

export const createReward = {
  ...endpoints.createReward,
  body: CreateRewardRequest,
  status: 201,
  response: CatalogueReward,
} as const satisfies Route;

export const updateReward = {
  ...endpoints.updateReward,
  params: RewardParams,
  body: RewardWordingRequest,
  status: 200,
  response: CatalogueReward,
} as const satisfies Route;

export const setRewardExpiry = {
  ...endpoints.setRewardExpiry,
  params: RewardParams,
  body: RewardExpiryRequest,
  status: 200,
  response: CatalogueReward,
} as const satisfies Route;

export const retireReward = {
  ...endpoints.retireReward,
  params: RewardParams,
  body: RetireRewardRequest,
  status: 200,
  response: CatalogueReward,
} as const satisfies Route;

export const replaceReward = {
  ...endpoints.replaceReward,
  params: RewardParams,
  body: ReplaceRewardRequest,
  status: 200,
  response: CatalogueReward,
} as const satisfies Route;

export const businessReport = {
  ...endpoints.businessReport,
  query: BusinessReportQuery,
  status: 200,
  response: BusinessReportResponse,
} as const satisfies Route;

export const crossShopping = {
  ...endpoints.crossShopping,
  query: CrossShoppingQuery,
  status: 200,
  response: CrossShoppingResponse,
} as const satisfies Route;

export const settlementCsv = {
  ...endpoints.settlementCsv,
  query: MonthQuery,
  status: 200,
  response: CsvFile,
  contentType: 'text/csv',
} as const satisfies Route;

export const settlement = {
  ...endpoints.settlement,
  query: MonthQuery,
  status: 200,
  response: SettlementResponse,
} as const satisfies Route;

export const updateContent = {
  ...endpoints.updateContent,
  body: UpdateContentRequest,
  status: 200,
  response: ProgrammeContent,
} as const satisfies Route;

export const counterPeople = {
  ...endpoints.counterPeople,
  params: LocationParams,
  status: 200,
  response: CounterPeopleResponse,
} as const satisfies Route;

export const adminCustomer = {
  ...endpoints.adminCustomer,
  params: CustomerParams,
  status: 200,
  response: AdminCustomerDetail,
} as const satisfies Route;

export const adminMemberCard = {
  ...endpoints.adminMemberCard,
  params: CustomerParams,
  status: 200,
  response: MemberCard,
} as const satisfies Route;

export const replaceMemberCard = {
  ...endpoints.replaceMemberCard,
  params: CustomerParams,
  body: ReplaceMemberCardRequest,
  status: 200,
  response: MemberCard,
} as const satisfies Route;

export const adminCustomersCount = {
  ...endpoints.adminCustomersCount,
  query: CustomersCountQuery,
  status: 200,
  response: CustomersCountResponse,
} as const satisfies Route;

export const adminCustomers = {
  ...endpoints.adminCustomers,
  query: CustomersQuery,
  status: 200,
  response: AdminCustomersResponse,
} as const satisfies Route;

export const dismissFlag = {
  ...endpoints.dismissFlag,
  params: FlagParams,
  status: 200,
  response: Flag,
} as const satisfies Route;

export const setEnrolmentCode = {
  ...endpoints.setEnrolmentCode,
  params: SetEnrolmentCodeParams,
  body: SetEnrolmentCodeRequest,
  status: 200,
  response: SetEnrolmentCodeResponse,
} as const satisfies Route;

export const exportCustomers = {
  ...endpoints.exportCustomers,
  query: CustomersExportQuery,
  status: 200,
  response: CsvFile,
  contentType: 'text/csv',
} as const satisfies Route;

export const exportVisits = {
  ...endpoints.exportVisits,
  query: VisitsExportQuery,
  status: 200,
  response: CsvFile,
  contentType: 'text/csv',
} as const satisfies Route;

export const velocityFlags = {
  ...endpoints.velocityFlags,
  query: FlagsQuery,
  status: 200,
  response: VelocityFlagsResponse,
} as const satisfies Route;

export const grantStaff = {
  ...endpoints.grantStaff,
  params: LocationParams,
  body: GrantStaffRequest,
  status: 200,
  response: GrantStaffResponse,
} as const satisfies Route;

export const handleMessage = {
  ...endpoints.handleMessage,
  params: MessageParams,
  body: HandleMessageRequest,
  status: 200,
  response: HandleMessageResponse,
} as const satisfies Route;

export const adminKiosks = {
  ...endpoints.adminKiosks,
  params: LocationParams,
  status: 200,
  response: AdminKiosksResponse,
} as const satisfies Route;

export const adminLocations = {
  ...endpoints.adminLocations,
  query: AdminLocationsQuery,
  status: 200,
  response: AdminLocationsResponse,
} as const satisfies Route;

export const renameMember = {
  ...endpoints.renameMember,
  params: CustomerParams,
  body: AdminRenameRequest,
  status: 200,
  response: MemberRecord,
} as const satisfies Route;

export const changeMemberPhone = {
  ...endpoints.changeMemberPhone,
  params: CustomerParams,
  body: AdminPhoneRequest,
  status: 200,
  response: MemberRecord,
} as const satisfies Route;

export const suspendMember = {
  ...endpoints.suspendMember,
  params: CustomerParams,
  body: AdminReasonRequest,
  status: 200,
  response: MemberRecord,
} as const satisfies Route;

export const unsuspendMember = {
  ...endpoints.unsuspendMember,
  params: CustomerParams,
  body: AdminReasonRequest,
  status: 200,
  response: MemberRecord,
} as const satisfies Route;

export const forgetMember = {
  ...endpoints.forgetMember,
  params: CustomerParams,
  body: AdminReasonRequest,
  status: 200,
  response: MemberRecord,
} as const satisfies Route;

export const adminMessages = {
  ...endpoints.adminMessages,
  query: MessagesQuery,
  status: 200,
  response: ContactMessagesResponse,
} as const satisfies Route;

export const adminMetrics = {
  ...endpoints.adminMetrics,
  query: MetricsQuery,
  status: 200,
  response: MetricsResponse,
} as const satisfies Route;

export const adminOwners = {
  ...endpoints.adminOwners,
  query: OwnersQuery,
  status: 200,
  response: AdminOwnersResponse,
} as const satisfies Route;

export const grantOwner = {
  ...endpoints.grantOwner,
  params: LocationParams,
  body: StaffPhoneRequest,
  status: 200,
  response: GrantOwnerResponse,
} as const satisfies Route;

export const revokeOwner = {
  ...endpoints.revokeOwner,
  params: LocationParams,
  body: PersonRequest,
  status: 200,
  response: RevokeOwnerResponse,
} as const satisfies Route;

export const revokeKiosk = {
  ...endpoints.revokeKiosk,
  params: KioskParams,
  status: 200,
  response: RevokeKioskResponse,
} as const satisfies Route;

export const nameKiosk = {
  ...endpoints.nameKiosk,
  params: KioskParams,
  body: NameKioskRequest,
  status: 200,
  response: NameKioskResponse,
} as const satisfies Route;

export const nameStaff = {
  ...endpoints.nameStaff,
  params: LocationParams,
  body: NameStaffRequest,
  status: 200,
  response: NameStaffResponse,
} as const satisfies Route;

export const namePendingStaff = {
  ...endpoints.namePendingStaff,
  params: LocationParams,
  body: NamePendingStaffRequest,
  status: 200,
  response: NamePendingStaffResponse,
} as const satisfies Route;

export const revokeStaff = {
  ...endpoints.revokeStaff,
  params: LocationParams,
  body: PersonRequest,
  status: 200,
  response: RevokeStaffResponse,
} as const satisfies Route;

export const adminRewards = {
  ...endpoints.adminRewards,
  query: AdminRewardsQuery,
  status: 200,
  response: AdminRewardsResponse,
} as const satisfies Route;

export const adminSettings = {
  ...endpoints.adminSettings,
  status: 200,
  response: SettingsResponse,
} as const satisfies Route;

export const updateSettings = {
  ...endpoints.updateSettings,
  body: UpdateSettingsRequest,
  status: 200,
  response: SettingsResponse,
} as const satisfies Route;

export const adminTextSettings = {
  ...endpoints.adminTextSettings,
  status: 200,
  response: TextSettingsResponse,
} as const satisfies Route;

export const updateTextSettings = {
  ...endpoints.updateTextSettings,
  body: UpdateTextSettingsRequest,
  status: 200,
  response: TextSettingsResponse,
} as const satisfies Route;

export const adminStaff = {
  ...endpoints.adminStaff,
  params: LocationParams,
  status: 200,
  response: AdminStaffResponse,
} as const satisfies Route;

export const tierPreview = {
  ...endpoints.tierPreview,
  query: TierPreviewQuery,
  status: 200,
  response: TierPreviewResponse,
} as const satisfies Route;

export const updateTiers = {
  ...endpoints.updateTiers,
  body: UpdateTiersRequest,
  status: 200,
  response: TiersResponse,
} as const satisfies Route;

export const adminTopLocations = {
  ...endpoints.adminTopLocations,
  query: TopLocationsQuery,
  status: 200,
  response: TopLocationsResponse,
} as const satisfies Route;

export const undoRedemption = {
  ...endpoints.undoRedemption,
  params: CustomerRewardParams,
  body: UndoRedemptionRequest,
  status: 200,
  response: UndoRedemptionResponse,
} as const satisfies Route;

export const adminVisitSeries = {
  ...endpoints.adminVisitSeries,
  query: MetricsQuery,
  status: 200,
  response: VisitSeriesResponse,
} as const satisfies Route;

export const voidVisit = {
  ...endpoints.voidVisit,
  params: VisitParams,
  body: VoidVisitRequest,
  status: 200,
  response: VoidVisitResponse,
} as const satisfies Route;

export const logout = {
  ...endpoints.logout,
  status: 200,
  response: LogoutResponse,
} as const satisfies Route;

export const sendCode = {
  ...endpoints.sendCode,
  body: SendCodeRequest,
  status: 200,
  response: SendCodeResponse,
} as const satisfies Route;

export const verifySession = {
  ...endpoints.verifySession,
  body: VerifySessionRequest,
  status: 200,
  response: VerifySessionResponse,
} as const satisfies Route;

export const verifyCode = {
  ...endpoints.verifyCode,
  body: VerifyCodeRequest,
  status: 200,
  response: VerifyCodeResponse,
} as const satisfies Route;

export const startCheckin = {
  ...endpoints.startCheckin,
  body: StartCheckinRequest,
  status: 201,
  response: StartCheckinResponse,
} as const satisfies Route;

export const submitContactMessage = {
  ...endpoints.submitContactMessage,
  body: ContactMessageRequest,
  status: 201,
  response: ContactMessageResponse,
} as const satisfies Route;

export const createCustomer = {
  ...endpoints.createCustomer,
  body: CreateCustomerRequest,
  status: 201,
  response: CreateCustomerResponse,
} as const satisfies Route;

export const simulateScan = {
  ...endpoints.simulateScan,
  body: SimulateScanRequest,
  status: 200,
  response: ApproveVisitResponse,
} as const satisfies Route;

export const demoStatus = {
  ...endpoints.demoStatus,
  status: 200,
  response: DemoModeResponse,
} as const satisfies Route;

export const enrolKiosk = {
  ...endpoints.enrolKiosk,
  body: EnrolKioskRequest,
  status: 200,
  response: KioskSessionResponse,
} as const satisfies Route;

export const openKioskSession = {
  ...endpoints.openKioskSession,
  body: OpenKioskSessionRequest,
  status: 200,
  response: KioskSessionResponse,
} as const satisfies Route;

export const locations = {
  ...endpoints.locations,
  status: 200,
  response: LocationList,
} as const satisfies Route;

export const me = {
  ...endpoints.me,
  status: 200,
  response: MeResponse,
} as const satisfies Route;

export const myMemberCard = {
  ...endpoints.myMemberCard,
  status: 200,
  response: MemberCard,
} as const satisfies Route;

export const myDetails = {
  ...endpoints.myDetails,
  status: 200,
  response: MyDetails,
} as const satisfies Route;

export const updateMyName = {
  ...endpoints.updateMyName,
  body: UpdateMyNameRequest,
  status: 200,
  response: MyDetails,
} as const satisfies Route;

export const setMySmsConsent = {
  ...endpoints.setMySmsConsent,
  body: SetMySmsConsentRequest,
  status: 200,
  response: MyDetails,
} as const satisfies Route;

export const changeMyPhone = {
  ...endpoints.changeMyPhone,
  body: ChangeMyPhoneRequest,
  status: 200,
  response: ChangeMyPhoneResponse,
} as const satisfies Route;

export const confirmMyPhone = {
  ...endpoints.confirmMyPhone,
  body: ConfirmMyPhoneRequest,
  status: 200,
  response: ConfirmMyPhoneResponse,
} as const satisfies Route;

export const myDataExport = {
  ...endpoints.myDataExport,
  status: 200,
  response: MyDataExport,
} as const satisfies Route;

export const deleteMyAccount = {
  ...endpoints.deleteMyAccount,
  body: DeleteMyAccountRequest,
  status: 200,
  response: DeleteMyAccountResponse,
} as const satisfies Route;

export const myVisits = {
  ...endpoints.myVisits,
  query: MyVisitsQuery,
  status: 200,
  response: MyVisitsResponse,
} as const satisfies Route;

export const reportRedemption = {
  ...endpoints.reportRedemption,
  params: CustomerRewardParams,
  status: 200,
  response: ReportRedemptionResponse,
} as const satisfies Route;

export const programme = {
  ...endpoints.programme,
  status: 200,
  response: ProgrammeResponse,
} as const satisfies Route;

export const checkRedemptionCode = {
  ...endpoints.checkRedemptionCode,
  query: CheckRedemptionCodeQuery,
  status: 200,
  response: CheckRedemptionCodeResponse,
} as const satisfies Route;

export const redeemCode = {
  ...endpoints.redeemCode,
  headers: IdempotencyHeaders,
  body: RedeemCodeRequest,
  status: 200,
  response: RedeemCodeResponse,
} as const satisfies Route;

export const redeemReward = {
  ...endpoints.redeemReward,
  headers: IdempotencyHeaders,
  body: RedeemRewardRequest,
  status: 200,
  response: RedeemRewardResponse,
} as const satisfies Route;

export const redeemableRewards = {
  ...endpoints.redeemableRewards,
  query: RedeemableRewardsQuery,
  status: 200,
  response: RedeemableRewardsResponse,
} as const satisfies Route;

export const scanCard = {
  ...endpoints.scanCard,
  body: ScanCardRequest,
  status: 200,
  response: RedeemableRewardsResponse,
} as const satisfies Route;

export const startRedemption = {
  ...endpoints.startRedemption,
  body: StartRedemptionRequest,
  status: 201,
  response: StartRedemptionResponse,
} as const satisfies Route;

export const counterSearch = {
  ...endpoints.counterSearch,
  query: CounterSearchQuery,
  status: 200,
  response: CounterSearchResponse,
} as const satisfies Route;

export const approveVisit = {
  ...endpoints.approveVisit,
  headers: IdempotencyHeaders,
  body: ApproveVisitRequest,
  status: 200,
  response: ApproveVisitResponse,
} as const satisfies Route;

// Wallet cards (docs/WALLET.md).

export const walletConfig = {
  ...endpoints.walletConfig,
  status: 200,
  response: WalletConfig,
} as const satisfies Route;

export const adminWallet = {
  ...endpoints.adminWallet,
  status: 200,
  response: AdminWalletStatus,
} as const satisfies Route;

export const walletApplePass = {
  ...endpoints.walletApplePass,
  status: 200,
  response: PkpassFile,
  contentType: 'application/vnd.apple.pkpass',
} as const satisfies Route;

export const walletGoogleLink = {
  ...endpoints.walletGoogleLink,
  status: 200,
  response: GoogleSaveLink,
} as const satisfies Route;


// The prize draws, the reward reminders and the funder's report.
export const publicDraws = {
  ...endpoints.publicDraws,
  query: EmptyQuery,
  status: 200,
  response: PublicDrawsResponse,
} as const satisfies Route;

export const publicDraw = {
  ...endpoints.publicDraw,
  params: DrawParams,
  query: EmptyQuery,
  status: 200,
  response: PublicDraw,
} as const satisfies Route;

export const myDraws = {
  ...endpoints.myDraws,
  query: EmptyQuery,
  status: 200,
  response: MyDrawsResponse,
} as const satisfies Route;

export const adminDraws = {
  ...endpoints.adminDraws,
  query: EmptyQuery,
  status: 200,
  response: AdminDrawsResponse,
} as const satisfies Route;

export const createDraw = {
  ...endpoints.createDraw,
  body: CreateDrawRequest,
  status: 201,
  response: CreateDrawResponse,
} as const satisfies Route;

export const runDraw = {
  ...endpoints.runDraw,
  params: DrawParams,
  body: RunDrawRequest,
  status: 200,
  response: RunDrawResponse,
} as const satisfies Route;

export const adminNudges = {
  ...endpoints.adminNudges,
  query: EmptyQuery,
  status: 200,
  response: NudgeSettings,
} as const satisfies Route;

export const updateNudges = {
  ...endpoints.updateNudges,
  body: NudgeSettingsRequest,
  status: 200,
  response: NudgeSettings,
} as const satisfies Route;

export const funderReport = {
  ...endpoints.funderReport,
  query: MonthQuery,
  status: 200,
  response: FunderReportResponse,
} as const satisfies Route;

export const setVillagePopulation = {
  ...endpoints.setVillagePopulation,
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
  ...endpoints.myReferral,
  status: 200,
  response: MyReferral,
} as const satisfies Route;

export const checkReferralCode = {
  ...endpoints.checkReferralCode,
  params: ReferralCodeParams,
  status: 200,
  response: ReferralCodeCheck,
} as const satisfies Route;

export const adminReferrals = {
  ...endpoints.adminReferrals,
  query: EmptyQuery,
  status: 200,
  response: ReferralSettings,
} as const satisfies Route;

export const updateReferrals = {
  ...endpoints.updateReferrals,
  body: ReferralSettingsRequest,
  status: 200,
  response: ReferralSettings,
} as const satisfies Route;
