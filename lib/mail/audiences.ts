/**
 * The groups of an event's registrants a message can go to, and how the console names them.
 * Kept apart from event-messages.ts (server only) so the console's forms can use them.
 */

export const AUDIENCES = ['confirmed', 'waitlisted', 'submitted', 'everyone'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** How the form names each group. */
export const AUDIENCE_LABELS: Record<Audience, string> = {
  confirmed: 'Confirmed (and checked in)',
  waitlisted: 'On the waitlist',
  submitted: 'Awaiting review',
  everyone: 'Everyone registered (not cancelled or declined)',
};

export function isAudience(value: unknown): value is Audience {
  return typeof value === 'string' && (AUDIENCES as readonly string[]).includes(value);
}

const people = (n: number) => (n === 1 ? 'person' : 'people');
const registrants = (n: number) => (n === 1 ? 'registrant' : 'registrants');

/** '12 confirmed registrants', '1 person on the waitlist', '3 people awaiting review'. */
export function audiencePhrase(audience: string, n: number): string {
  switch (audience) {
    case 'confirmed':
      return `${n} confirmed ${registrants(n)}`;
    case 'waitlisted':
      return `${n} ${people(n)} on the waitlist`;
    case 'submitted':
      return `${n} ${people(n)} awaiting review`;
    case 'active':
      return `${n} ${registrants(n)} (confirmed, on the waitlist or awaiting review)`;
    default:
      return `${n} ${registrants(n)}`;
  }
}

/** What of an event changed, in the order the emails name them. */
export type EventChange = 'date' | 'time' | 'place';

export function isEventChange(value: unknown): value is EventChange {
  return value === 'date' || value === 'time' || value === 'place';
}

/** 'date', 'date and time', 'date, time and place'. */
export function changeWords(changed: readonly EventChange[]): string {
  const words = (['date', 'time', 'place'] as const).filter((part) => changed.includes(part));
  if (words.length <= 1) return words[0] ?? 'details';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** 'The date changed. Notify the 8 registrants?' */
export function offerQuestion(offer: { changed: readonly EventChange[]; registrants: number }) {
  const what = changeWords(offer.changed);
  return offer.registrants === 1
    ? `The ${what} changed. Notify the 1 registrant?`
    : `The ${what} changed. Notify the ${offer.registrants} registrants?`;
}

/** 'Email the 8 registrants', on the offer's button. */
export function notifyButtonWords(registrants: number): string {
  return registrants === 1 ? 'Email the 1 registrant' : `Email the ${registrants} registrants`;
}
