import { z } from 'zod';
import * as alumni from '@/app/api/alumni/route';
import * as alumniHeroImage from '@/app/api/alumniHeroImage/route';
import * as benefitBgImages from '@/app/api/benefitBgImages/route';
import * as circularGalleryImages from '@/app/api/circularGalleryImages/route';
import * as designs from '@/app/api/designs/route';
import * as eventHeroImage from '@/app/api/eventHeroImage/route';
import * as events from '@/app/api/events/route';
import * as homeHeroMedia from '@/app/api/homeHeroMedia/route';
import * as joinUsHeroImage from '@/app/api/joinUsHeroImage/route';
import * as members from '@/app/api/members/route';
import * as openPositions from '@/app/api/openPositions/route';
import * as resourceCarouselImages from '@/app/api/resourceCarouselImages/route';
import * as resourceHeroImage from '@/app/api/resourceHeroImage/route';
import * as resources from '@/app/api/resources/route';
import * as servicesBgImages from '@/app/api/servicesBgImages/route';
import * as servicesHeroImage from '@/app/api/servicesHeroImage/route';
import * as sponsorImages from '@/app/api/sponsorImages/route';
import * as sponsors from '@/app/api/sponsors/route';
import * as telferAlumni from '@/app/api/telferAlumni/route';
import {
  alumnusSchema,
  benefitBgImageSchema,
  designSchema,
  eventSchema,
  galleryItemSchema,
  heroImageSchema,
  homeHeroMediaSchema,
  imageRecordSchema,
  memberSchema,
  openPositionSchema,
  resourceSchema,
  sponsorImageSchema,
  sponsorSchema,
} from '@/lib/api/contract';
import type { ListSource } from '@/lib/api/sources';

/** Every list endpoint of spec section 7: its handler and the shape of one item. */
export const LIST_ENDPOINTS: {
  source: ListSource;
  GET: () => Promise<Response>;
  item: z.ZodType;
  /** Fewest items the seed content provides. */
  min: number;
}[] = [
  { source: 'members', GET: members.GET, item: memberSchema, min: 15 },
  {
    source: 'circularGalleryImages',
    GET: circularGalleryImages.GET,
    item: galleryItemSchema,
    min: 8,
  },
  { source: 'sponsorImages', GET: sponsorImages.GET, item: sponsorImageSchema, min: 4 },
  { source: 'sponsors', GET: sponsors.GET, item: sponsorSchema, min: 4 },
  { source: 'homeHeroMedia', GET: homeHeroMedia.GET, item: homeHeroMediaSchema, min: 1 },
  { source: 'events', GET: events.GET, item: eventSchema, min: 8 },
  { source: 'eventHeroImage', GET: eventHeroImage.GET, item: heroImageSchema, min: 1 },
  { source: 'benefitBgImages', GET: benefitBgImages.GET, item: benefitBgImageSchema, min: 3 },
  { source: 'joinUsHeroImage', GET: joinUsHeroImage.GET, item: heroImageSchema, min: 1 },
  { source: 'openPositions', GET: openPositions.GET, item: openPositionSchema, min: 3 },
  { source: 'alumni', GET: alumni.GET, item: alumnusSchema, min: 3 },
  { source: 'telferAlumni', GET: telferAlumni.GET, item: alumnusSchema, min: 3 },
  { source: 'alumniHeroImage', GET: alumniHeroImage.GET, item: heroImageSchema, min: 1 },
  { source: 'servicesBgImages', GET: servicesBgImages.GET, item: imageRecordSchema, min: 4 },
  { source: 'servicesHeroImage', GET: servicesHeroImage.GET, item: heroImageSchema, min: 1 },
  {
    source: 'resourceCarouselImages',
    GET: resourceCarouselImages.GET,
    item: imageRecordSchema,
    min: 3,
  },
  { source: 'resources', GET: resources.GET, item: resourceSchema, min: 4 },
  { source: 'resourceHeroImage', GET: resourceHeroImage.GET, item: heroImageSchema, min: 1 },
  { source: 'designs', GET: designs.GET, item: designSchema, min: 4 },
];
