// The admin CSV exports: their queries and the columns of each file.
import { z } from 'zod';
import { checkRange, customerFilterFields, rangeFields } from './admin.ts';
import { LocationId } from './common.ts';

export const CustomersExportQuery = z
  .strictObject({ ...customerFilterFields, range: customerFilterFields.range.unwrap().default('all') })
  .superRefine(checkRange);
export const VisitsExportQuery = z.strictObject({ location: LocationId.optional(), ...rangeFields }).superRefine(checkRange);

/** Result column of the SQL function → CSV header, in file order. */
export const CUSTOMER_EXPORT_COLUMNS = [
  { key: 'id', title: 'Customer ID' },
  { key: 'name', title: 'Name' },
  { key: 'phone', title: 'Phone' },
  { key: 'email', title: 'Email' },
  { key: 'total_points', title: 'Points' },
  { key: 'tier', title: 'Status' },
  { key: 'total_visits', title: 'Total Visits' },
  { key: 'last_visit_at', title: 'Last Visit' },
  { key: 'joined_at', title: 'Joined' },
  { key: 'signup_channel', title: 'Joined Via' },
  { key: 'signup_location_id', title: 'Joined At Location' },
  { key: 'sms_consent', title: 'SMS Consent' },
  { key: 'email_consent', title: 'Email Consent' },
  { key: 'sms_consent_wording', title: 'SMS Consent Wording' },
  { key: 'sms_consent_scope', title: 'SMS Consent Scope' },
  { key: 'sms_consent_given_at', title: 'SMS Consent Given At' },
  { key: 'sms_consent_pending', title: 'SMS Consent Pending Confirmation' },
] as const;

export const VISIT_EXPORT_COLUMNS = [
  { key: 'visit_id', title: 'Visit ID' },
  { key: 'visited_at', title: 'Visited At' },
  { key: 'location_id', title: 'Location ID' },
  { key: 'business_name', title: 'Business' },
  { key: 'customer_id', title: 'Customer ID' },
  { key: 'customer_name', title: 'Customer' },
  { key: 'points', title: 'Points' },
  { key: 'approved_via', title: 'Approved Via' },
  { key: 'status', title: 'Status' },
  { key: 'voided_at', title: 'Voided At' },
  { key: 'void_reason', title: 'Void Reason' },
] as const;

export const CsvFile = z.string().describe('text/csv; charset=utf-8 with a UTF-8 byte order mark, CRLF lines, a header row');
