import { inject } from 'vitest';

/** An event of the seeded database, as the site's API lists it. */
export type SeededEvent = { id: number; title: string; capacity: number | null };

export async function seededEvent(title: string): Promise<SeededEvent> {
  const answer = await fetch(new URL('/api/events/', inject('siteURL')));
  const events = (await answer.json()) as SeededEvent[];
  const event = events.find((candidate) => candidate.title === title);
  if (!event) throw new Error(`The seed has no event "${title}"`);
  return event;
}

/**
 * Registers someone through the site's API, as another visitor's browser would (its own CSRF
 * token and client address): used to fill an event's places before the browser registers.
 */
export async function registerThroughApi(
  eventId: number,
  person: { first_name: string; last_name: string; email: string },
  address: string,
): Promise<number> {
  const site = inject('siteURL');
  const tokenAnswer = await fetch(new URL('/api/csrf/', site), {
    headers: { 'x-forwarded-for': address },
  });
  const { csrfToken } = (await tokenAnswer.json()) as { csrfToken: string };
  const answer = await fetch(new URL(`/api/events/${eventId}/register/`, site), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrftoken': csrfToken,
      cookie: `csrftoken=${csrfToken}`,
      origin: site,
      'x-forwarded-for': address,
    },
    body: JSON.stringify(person),
  });
  return answer.status;
}
