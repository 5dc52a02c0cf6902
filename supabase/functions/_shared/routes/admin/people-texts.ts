// How the removal endpoints name a person, said once for the three of them.
export const PERSON_DESCRIPTION =
  'Names the person by `userId` (an active row of the list: it reaches them whatever their phone is now) or by ' +
  '`phone` (a pending grant, or whoever has that phone now). A name that finds nobody with the role is a 404, ' +
  'never a removal.';
export const PERSON_400 = 'Or neither (or both) of userId and phone, or the phone is not a 10-digit US number.';
