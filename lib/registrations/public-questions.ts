import 'server-only';
import { unstable_cache } from 'next/cache';
import type { EventQuestionDto } from '@/lib/api/contract';
import { CACHE_SECONDS, DATA_SOURCES } from '@/lib/api/sources';
import { getDb } from '@/lib/db/client';
import { currentReadGeneration } from '@/lib/publish/read-generation';
import { activeQuestions } from './event-questions';

/**
 * The questions of an event as the event page and GET /api/events/{id}/ show them, cached like
 * the event itself (the events' tag, which the console's question changes publish, and the read
 * generation), so a page view costs no extra query. The registration reads them afresh, under
 * the event's lock (intake.ts).
 */
const cachedQuestions = unstable_cache(
  async (_generation: string, eventId: number): Promise<EventQuestionDto[]> =>
    (await activeQuestions(await getDb(), eventId)).map((question) => ({ ...question })),
  ['tcsa-db', 'event-questions'],
  { tags: [DATA_SOURCES.event.tag], revalidate: CACHE_SECONDS },
);

export function publicQuestions(eventId: number): Promise<EventQuestionDto[]> {
  return cachedQuestions(currentReadGeneration(), eventId);
}
