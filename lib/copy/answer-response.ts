import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { answerInCopyWords, type AnswerTexts } from './answers';
import type { CopyKey } from './catalogue';
import { getCopy } from './read';

/**
 * The route's answer with its words taken from the Studio (lib/copy/answers.ts): same status,
 * headers and JSON fields. An answer that is not JSON, or copy that cannot be read, stays as the
 * endpoint said it. `keys`: the only texts the endpoint's answers may be (all when not given).
 */
export async function inCopyWords(
  response: Response,
  keys?: readonly CopyKey<'answers'>[],
): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return response;
  try {
    const body: unknown = await response.clone().json();
    const copy = await getCopy('answers');
    const texts: AnswerTexts = keys
      ? Object.fromEntries(keys.map((key) => [key, copy[key]]))
      : copy;
    const translated = answerInCopyWords(body, texts);
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify(translated), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  } catch (error) {
    unstable_rethrow(error);
    console.error('The answer could not be said in the Studio words; sent as it was', error);
    return response;
  }
}
