// The audit log in words: what each action, kind of record and field is called on the Audit tab
// of the admin's and the owner's views, instead of the names the database stores
// ("member.phone_change", "customer_reward", "minVisitIntervalMinutes"). An action or field not
// listed here is still readable: its name is split into words.

const ACTIONS: Record<string, string> = {
  'admin.bootstrap': 'First admin set up',
  'admin.grant': 'Admin added',
  'admin.remove': 'Admin removed',
  'owner.grant': 'Owner added',
  'owner.revoke': 'Owner removed',
  'owner.applied': 'Owner access taken up at sign-in',
  'staff.grant': 'Staff added',
  'staff.revoke': 'Staff removed',
  'staff.applied': 'Staff access taken up at sign-in',
  'business.create': 'Business added',
  'business.update': 'Business changed',
  'business.archive': 'Business archived',
  'business.unarchive': 'Business brought back',
  'campaign.start': 'Campaign sent',
  'campaign.send': 'Campaign sent',
  'campaign.schedule': 'Campaign scheduled',
  'campaign.cancel': 'Campaign cancelled',
  'content.update': 'Public text changed',
  'flag.dismiss': 'Flag dismissed',
  'kiosk.enrolment_code_set': 'Kiosk enrolment code set',
  'kiosk.revoke': 'Kiosk removed',
  'kiosk.rename': 'Kiosk named',
  'staff_device.rename': 'Staff phone named',
  'member.forget': 'Member forgotten',
  'member.phone_change': 'Member’s phone changed',
  'member.rename': 'Member renamed',
  'member.suspend': 'Member suspended',
  'member.unsuspend': 'Member’s suspension lifted',
  'message.handle': 'Message marked handled',
  'message.reopen': 'Message reopened',
  'points.adjust': 'Points adjusted',
  'reward.create': 'Reward added',
  'reward.update': 'Reward changed',
  'reward.replace': 'Reward replaced',
  'reward.retire': 'Reward retired',
  'reward.redeem_without_member': 'Reward redeemed without the member present',
  'reward.undo_redemption': 'Redemption undone',
  'settings.update': 'Settings changed',
  'settings.referrals': '“Bring a neighbour” changed',
  'tier.update': 'Tiers changed',
  'visit.approve_by_search': 'Visit approved from a name or phone search',
  'visit.void': 'Visit voided',
};

const TARGETS: Record<string, string> = {
  phone: 'phone',
  customer: 'member',
  customer_reward: 'member’s reward',
  reward: 'reward',
  location: 'business',
  kiosk: 'kiosk',
  visit: 'visit',
  campaign: 'campaign',
  content: 'public text',
  settings: 'settings',
  tiers: 'tiers',
  redemption_flag: 'redemption flag',
  velocity_flag: 'visits flag',
  referral_flag: 'invitations flag',
  contact_message: 'message',
};

const FIELDS: Record<string, string> = {
  minVisitIntervalMinutes: 'Minutes between visits at one business',
  minVisitGapAnywhereMinutes: 'Minutes between visits anywhere',
  maxVisitsPerHour: 'Visits per hour',
  velocityFlagVisits: 'Visits in one day that flag a member',
  signInCodesPerDay: 'Sign-in codes per phone per day',
  signInCodeMaxFailures: 'Wrong tries per sign-in code',
  timeZone: 'Time zone',
  quietStart: 'Quiet hours start',
  quietEnd: 'Quiet hours end',
  marketingTextsPerWeek: 'Offers texted per member per week',
  siteUrl: 'Site address in texts',
  textsSiteUrl: 'Site address in texts',
  smsPartPriceCents: 'Price of one text part (cents)',
  bonusPoints: 'Neighbour bonus (points each)',
  bonusesPerMonth: 'Neighbour bonuses per member per month',
  flagJoinsPerDay: 'Neighbours in one day that flag a member',
  smsConsent: 'Texts allowed',
  smsConsentPending: 'Texts waiting for the phone’s YES',
  emailConsent: 'Emails allowed',
  customerId: 'Member',
  locationId: 'Business',
  redeemedLocationId: 'Redeemed at',
  redeemedAt: 'Redeemed',
  redeemedBy: 'Redeemed by',
  visitId: 'Visit',
  userId: 'User',
  totalPoints: 'Total points',
  pointsAdjusted: 'Points adjusted',
  pointsReversed: 'Points taken back',
  rewardsClawedBack: 'Rewards taken back',
  rewardsRevoked: 'Rewards withdrawn',
  kiosksUnenrolled: 'Kiosks unenrolled',
  sessionsEnded: 'Sign-ins ended',
  enrolmentCodeSet: 'Enrolment code set',
  enrolledAt: 'Enrolled',
  dismissedAt: 'Dismissed',
  forgottenAt: 'Forgotten',
  suspendedAt: 'Suspended',
  suspensionReason: 'Reason for suspension',
  handledAt: 'Handled',
  nameLength: 'Length of name',
  minPoints: 'Points needed',
  goalLabel: 'Goal',
  businessName: 'Business name',
  welcomeReward: 'Welcome reward',
};

/** "member.phone_change" → "Phone change" when it has no label of its own. */
function words(name: string): string {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function actionLabel(action: string): string {
  return ACTIONS[action] ?? words(action);
}

export function targetLabel(targetType: string): string {
  return TARGETS[targetType] ?? words(targetType).toLowerCase();
}

export function fieldLabel(field: string): string {
  return FIELDS[field] ?? words(field);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A stored value as a person reads it: Yes/No, a date and time, "—" for nothing, a list. */
export function valueLabel(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return ISO_TIME.test(value) ? new Date(value).toLocaleString() : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(valueLabel).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${fieldLabel(key)}: ${valueLabel(inner)}`)
      .join('; ');
  }
  return String(value);
}
