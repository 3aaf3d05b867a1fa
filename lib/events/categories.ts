/** What kind of event it is: shown on the cards and the member events page. */
export const EVENT_CATEGORIES = [
  'Networking',
  'Office tour',
  'Workshop',
  'Career talk',
  'Case competition',
  'Social',
  'Volunteering',
  'Other',
] as const;

export type EventCategory = (typeof EVENT_CATEGORIES)[number];
