/**
 * The query parameter of the preview banner's link to the published page: a request carrying it
 * is answered without draft mode (proxy.ts), while the reviewer's other tabs stay in preview.
 */
export const PUBLISHED_VIEW_PARAM = 'published';

/** The page a person sees when a preview link cannot turn preview on. */
export const PREVIEW_LINK_NOT_VALID_PATH = '/preview-link-not-valid';

export const PREVIEW_LINK_PROBLEMS = ['wrong', 'missing', 'not-configured'] as const;
export type PreviewLinkProblem = (typeof PREVIEW_LINK_PROBLEMS)[number];
