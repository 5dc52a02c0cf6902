// A village as data: the one file `npm run deploy` loads into a new project (villages/example.json
// shows its shape). Each part is checked by the same schema the API checks an admin's change
// with (supabase/functions/_shared/contract), so a file that passes here is one the database's
// own functions accept; the few parts of a whole programme (time zone, first admin, the app's
// address) are checked here.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  ContactContent,
  CreateBusinessRequest,
  FeaturedContent,
  Phone,
  PrivacyContent,
  RewardWordingRequest,
  TestimonialsContent,
  UpdateSettingsRequest,
  UpdateTiersRequest,
} from '../../supabase/functions/_shared/contract.ts';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

export const VillageBusiness = CreateBusinessRequest.extend({
  welcomeReward: RewardWordingRequest.describe('the reward a member unlocks on a first visit here'),
});

export const Village = z.strictObject({
  $schema: z.string().optional(),
  programmeName: z.string().trim().min(1, 'Give the programme a name').max(60, 'The programme name: at most 60 characters'),
  timeZone: z.string().refine(isTimeZone, 'The time zone is a name such as America/Chicago'),
  siteUrl: z
    .url('The app\'s address is a full https:// address')
    .refine((url) => url.startsWith('https://'), 'The app\'s address starts with https://')
    .describe('where members open the app: CORS, the texts\' links and Auth\'s site URL'),
  firstAdmin: z.strictObject({ phone: Phone }),
  businesses: z
    .array(VillageBusiness)
    .min(1, 'List at least one business')
    .max(50)
    .refine((list) => new Set(list.map((b) => b.slug)).size === list.length, 'Two businesses share one web address name'),
  tiers: UpdateTiersRequest,
  content: z
    .strictObject({
      featured: FeaturedContent.optional(),
      testimonials: TestimonialsContent.optional(),
      contact: ContactContent.optional(),
      privacy: PrivacyContent.optional(),
    })
    .default({}),
  settings: UpdateSettingsRequest.optional(),
});
export type Village = z.infer<typeof Village>;

const TYPE_WORDS: Record<string, string> = {
  string: 'text', number: 'a number', boolean: 'true or false', array: 'a list', object: 'a group of fields',
};

/** Where a problem is, in words: "businesses › 2 › icon: Choose…". */
function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.map((part) => (typeof part === 'number' ? String(part + 1) : String(part))).join(' › ');
  const message =
    issue.code === 'invalid_value' ? `choose one of ${issue.values.map(String).join(', ')}`
    : issue.code === 'invalid_type' ? `expected ${TYPE_WORDS[issue.expected] ?? issue.expected}`
    : issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}`
    : issue.message;
  return where ? `${where}: ${message}` : message;
}

export function parseVillage(data: unknown): { village: Village } | { problems: string[] } {
  const result = Village.safeParse(data);
  if (result.success) {
    const featured = result.data.content.featured?.businesses ?? [];
    const slugs = new Set(result.data.businesses.map((b) => b.slug));
    const unknown = featured.filter((slug) => !slugs.has(slug));
    if (unknown.length) return { problems: [`content › featured › businesses: ${unknown.join(', ')} is not one of the businesses`] };
    return { village: result.data };
  }
  return { problems: result.error.issues.map(describeIssue) };
}

/** Reads and checks a village file; throws an Error whose message lists every problem in words. */
export function readVillageFile(path: string): Village {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : 'it is not valid JSON';
    throw new Error(`The village file ${path} cannot be read: ${reason}.`, { cause: error });
  }
  const parsed = parseVillage(data);
  if ('problems' in parsed) {
    throw new Error(`The village file ${path} has ${parsed.problems.length} problem(s):\n  - ${parsed.problems.join('\n  - ')}`);
  }
  return parsed.village;
}
