// The six participating businesses' ids (slugs), as seeded: they name the kiosk landing routes.
export const BUSINESS_IDS = [
  'chatterbox',
  'creamery',
  'joanies',
  'museum',
  'snackco',
  'broken-bridge',
] as const;
export type BusinessId = (typeof BUSINESS_IDS)[number];
