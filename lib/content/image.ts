import { createImageUrlBuilder, type SanityImageSource } from '@sanity/image-url';
import { sanityProject } from './project';

/**
 * Image URLs that work in both modes. With a project, Sanity's image pipeline on its CDN
 * (resized, best format). Offline, `@sanity/image-url` would still build `cdn.sanity.io`
 * addresses, so the asset id is mapped to the file bundled beside the dataset, which the site
 * serves itself (see `app/content-assets/`).
 */

/** Where the site serves the images of the bundled dataset (`studio/dataset/images/`). */
export const OFFLINE_ASSET_BASE_PATH = '/content-assets';

/** File names of the bundled images: `<sha1>-<width>x<height>.<ext>`, as `sanity dataset export` writes them. */
export const OFFLINE_ASSET_FILE_PATTERN = /^[A-Za-z0-9_-]+\.(png|jpe?g|webp|gif|svg|avif)$/;

type ImageUrlBuilder = ReturnType<typeof createImageUrlBuilder>;
let cachedBuilder: { key: string; builder: ImageUrlBuilder | null } | undefined;

/** Sanity's image pipeline for the configured project, or null offline. */
function imageBuilder(): ImageUrlBuilder | null {
  const project = sanityProject();
  const key = project ? `${project.projectId}\u0000${project.dataset}` : '';
  if (cachedBuilder?.key !== key) {
    cachedBuilder = {
      key,
      builder: project
        ? createImageUrlBuilder({ projectId: project.projectId, dataset: project.dataset })
        : null,
    };
  }
  return cachedBuilder.builder;
}

const ASSET_ID_PATTERN = /^image-([A-Za-z0-9_]+-\d+x\d+)-([a-z0-9]+)$/;

function assetIdOf(source: SanityImageSource): string | undefined {
  if (typeof source === 'string') return source;
  if ('_ref' in source && typeof source._ref === 'string') return source._ref;
  if ('_id' in source && typeof source._id === 'string') return source._id;
  if ('asset' in source && source.asset && typeof source.asset === 'object') {
    const asset = source.asset as { _ref?: unknown; _id?: unknown };
    if (typeof asset._ref === 'string') return asset._ref;
    if (typeof asset._id === 'string') return asset._id;
  }
  return undefined;
}

/** The offline address of a bundled image, from its asset id. */
export function offlineImageUrl(source: SanityImageSource): string | null {
  const match = ASSET_ID_PATTERN.exec(assetIdOf(source) ?? '');
  if (!match) return null;
  return `${OFFLINE_ASSET_BASE_PATH}/${match[1]}.${match[2]}`;
}

export type ImageSize = { width?: number; height?: number };

/**
 * The URL of an image field's picture, at most `width` × `height` pixels (the offline files
 * are served as they are). Null when the field has no image.
 */
export function imageUrl(
  source: SanityImageSource | null | undefined,
  size: ImageSize = {},
): string | null {
  if (!source) return null;
  const builder = imageBuilder();
  if (!builder) return offlineImageUrl(source);
  let image = builder.image(source).auto('format').fit('max');
  if (size.width) image = image.width(size.width);
  if (size.height) image = image.height(size.height);
  return image.url();
}
