// The operator's member records: correct a name or a phone with a reason, suspend
// and unsuspend, forget on request. Each writes one audit row in the same transaction.
import { routes } from '../../contract.ts';
import { endpoint } from '../../endpoint.ts';
import { BAD_INPUT, NOT_SIGNED_IN } from '../texts.ts';

const FORGOTTEN = 'The member was forgotten (nothing changes any more).';

export const renameMember = endpoint({
  ...routes.renameMember, tag: 'Admin', roles: ['admin'],
  summary: 'Correct a member\'s name, with a reason',
  description: 'Audited as `member.rename` (the reason; never the names: a later forget must leave none behind).',
  errors: {
    400: `${BAD_INPUT} Or the name is unchanged, or the reason shorter than 3 characters.`, 401: NOT_SIGNED_IN,
    403: 'Not an admin.', 404: 'Unknown customer.', 409: FORGOTTEN,
  },
  handler: ({ call, params, body }) =>
    call('app.admin_rename_customer', { p_customer_id: params.customerId, p_name: body.name, p_reason: body.reason }),
});

export const changeMemberPhone = endpoint({
  ...routes.changeMemberPhone, tag: 'Admin', roles: ['admin'],
  summary: 'Correct a member\'s phone (an admin correction with a reason)',
  description:
    'For a member who lost their number. The member\'s sign-in with the old phone ends; they sign in again ' +
    'with the new phone. Audited as `member.phone_change` (last 4 digits only).',
  errors: {
    400: `${BAD_INPUT} Or the phone is unchanged.`, 401: NOT_SIGNED_IN, 403: 'Not an admin.',
    404: 'Unknown customer.', 409: `Another member has this phone number. Or: ${FORGOTTEN}`,
  },
  handler: ({ call, params, body }) =>
    call('app.admin_change_customer_phone', { p_customer_id: params.customerId, p_phone: body.phone, p_reason: body.reason }),
});

export const suspendMember = endpoint({
  ...routes.suspendMember, tag: 'Admin', roles: ['admin'],
  summary: 'Suspend a member: no check-ins, no redemptions, the reason kept',
  description:
    'Every check-in start, visit, redemption code and redemption of a suspended member is refused (403 "This ' +
    'membership is suspended. Please speak to the programme\'s operator."). Audited as `member.suspend`.',
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown customer.',
    409: `Already suspended. Or: ${FORGOTTEN}`,
  },
  handler: ({ call, params, body }) =>
    call('app.admin_suspend_customer', { p_customer_id: params.customerId, p_suspend: true, p_reason: body.reason }),
});

export const unsuspendMember = endpoint({
  ...routes.unsuspendMember, tag: 'Admin', roles: ['admin'],
  summary: 'Lift a member\'s suspension, with a reason',
  description: 'Audited as `member.unsuspend`.',
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown customer.',
    409: `Not suspended. Or: ${FORGOTTEN}`,
  },
  handler: ({ call, params, body }) =>
    call('app.admin_suspend_customer', { p_customer_id: params.customerId, p_suspend: false, p_reason: body.reason }),
});

export const forgetMember = endpoint({
  ...routes.forgetMember, tag: 'Admin', roles: ['admin'],
  summary: 'Forget a member on request (erase name, phone, email and consents)',
  description:
    'The same erasure as the member\'s own "Delete my account": the name becomes "Forgotten member", phone and ' +
    'email are erased, consents off and their wording erased, the member\'s sign-in ends. Visits, ledger, ' +
    'rewards and settlement keep their numbers. The member leaves the Customers list, its search and exports, ' +
    'and the counter\'s search; the phone may join again. Audited as `member.forget`.',
  errors: {
    400: BAD_INPUT, 401: NOT_SIGNED_IN, 403: 'Not an admin.', 404: 'Unknown customer.', 409: 'Already forgotten.',
  },
  handler: ({ call, params, body }) =>
    call('app.admin_forget_customer', { p_customer_id: params.customerId, p_reason: body.reason }),
});
