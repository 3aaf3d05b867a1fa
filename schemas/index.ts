import { documentTypes } from './documents';
import { objectTypes } from './objects';
import { singletonTypes } from './singletons';

/** Every schema type of the Studio: singletons first, then documents, then reusable objects. */
export const schemaTypes = [...singletonTypes, ...documentTypes, ...objectTypes];

export {
  FIXED_DOCUMENT_TYPES,
  PAGE_HERO_PAGES,
  PAGE_HERO_TYPE,
  SINGLETON_TYPES,
  pageHeroId,
} from './singletons';
export type { PageHeroPage, SingletonType } from './singletons';
