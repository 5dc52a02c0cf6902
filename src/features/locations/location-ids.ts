// The six participating businesses' location ids (slugs, as seeded): they name the kiosk landing and join routes.
export const LOCATION_IDS = [
  'chatterbox',
  'creamery',
  'joanies',
  'museum',
  'snackco',
  'broken-bridge',
] as const;
export type LocationSlug = (typeof LOCATION_IDS)[number];
