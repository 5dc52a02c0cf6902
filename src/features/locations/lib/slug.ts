// Which first path segments can be a business's landing (/creamery, /hardware-store): the rule
// the api applies when a business is added, without zod (the kiosk's first chunk reads it).
export { isBusinessSlug, RESERVED_SLUGS } from '../../../../supabase/functions/_shared/contract/slugs.ts';
