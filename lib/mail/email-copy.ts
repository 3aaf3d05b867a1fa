import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { copyFrom, type Copy, type CopyPage, textsDocumentId } from '@/lib/copy/catalogue';
import { type Perspective, queryBundledDataset } from '@/lib/content/bundled';
import { textsQuery } from '@/lib/content/queries';

/**
 * The words of the emails the server sends: an emails' texts document, as published. An email
 * never quotes a draft, whoever's request queues it (an editor in preview mode included); only
 * the emails' preview page (lib/mail/previews.ts) reads the drafts, inside `withEmailDrafts`.
 *
 * Inside the site (Next.js defines NEXT_RUNTIME in its server code) the read is the pages' own
 * (lib/content/fetch.ts): the Content Lake through its cache and last good copy, else the bundled
 * dataset, so queueing an email never waits long. Scripts (the seed, run before the site starts)
 * and unit tests cannot load Next.js's request modules: they read the bundled dataset.
 */

const perspectiveOfEmails = new AsyncLocalStorage<Perspective>();

/** Runs `compose` with the emails' texts read as drafts: the Studio's preview of the emails. */
export function withEmailDrafts<T>(compose: () => Promise<T>): Promise<T> {
  return perspectiveOfEmails.run('drafts', compose);
}

export async function emailCopy<P extends CopyPage>(page: P): Promise<Copy<P>> {
  const id = textsDocumentId(page);
  const perspective = perspectiveOfEmails.getStore() ?? 'published';
  let document: unknown = null;
  try {
    if (process.env.NEXT_RUNTIME) {
      // Imported here, not above: the read brings in Next.js's request modules.
      const { contentFetch } = await import('@/lib/content/fetch');
      document = await contentFetch({ query: textsQuery, params: { id }, tags: [id], perspective });
    } else {
      document = await queryBundledDataset(textsQuery, { id }, perspective);
    }
  } catch (error) {
    // The spec's words: an email is never held back for want of its texts.
    console.error(
      `Failed to load the texts of '${page}'; the email uses the built-in texts`,
      error,
    );
  }
  return copyFrom(page, document);
}
