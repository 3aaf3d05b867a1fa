import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { cache } from 'react';
import { contentFetch } from '../content/fetch';
import { textsQuery } from '../content/queries';
import { copyFrom, textsDocumentId, type Copy, type CopyPage } from './catalogue';

/**
 * A page's texts: the editor's words (drafts in preview), the spec's for any field left empty,
 * and the spec's for all of them when the content cannot be read. Copy never takes a page down.
 * One read per page and request, however many components ask.
 */
export const getCopy: <P extends CopyPage>(page: P) => Promise<Copy<P>> = cache(
  async <P extends CopyPage>(page: P): Promise<Copy<P>> => {
    const id = textsDocumentId(page);
    let document: unknown = null;
    try {
      document = await contentFetch({ query: textsQuery, params: { id }, tags: [id] });
    } catch (error) {
      unstable_rethrow(error);
      console.error(`Failed to load the texts of '${page}'; showing the built-in texts`, error);
    }
    return copyFrom(page, document);
  },
);
