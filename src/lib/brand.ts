// The programme's name and the words the whole app shares.
export const PROGRAMME_NAME = 'Village Rewards';

/** "<screen> · Village Rewards", the document title of every screen. */
export function pageTitle(screen: string): string {
  return `${screen} · ${PROGRAMME_NAME}`;
}
