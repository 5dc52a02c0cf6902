// The programme's name and the words the whole app shares.
export const PROGRAMME_NAME = 'Village Rewards';

/** "<screen> · Village Rewards", the document title of every screen. */
export function pageTitle(screen: string): string {
  return `${screen} · ${PROGRAMME_NAME}`;
}

/** How the public reaches the programme's team (SPEC §2 Contact): one place to change them. */
export const CONTACT = {
  email: 'hello@villagerewards.example',
  phone: '(555) 010-0100',
  hours: 'Monday–Friday, 9 AM – 5 PM CT',
  responseTime: '1-2 business days',
};
