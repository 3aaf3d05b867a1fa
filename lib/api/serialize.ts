import type { MemberWithDepartment } from '@/lib/db/queries';
import type {
  Alumnus,
  Design,
  Event,
  EventRegistration,
  GalleryItem,
  HomeHeroMedia,
  ImageRecord,
  OpenPosition,
  PageHeroImage,
  Resource,
  Sponsor,
} from '@/lib/db/schema';
import { clubDate, clubTime } from '@/lib/db/time';
import { emptyEventRoom, type PoolRoom } from '@/lib/registrations/pools';
import type {
  AlumnusDto,
  BenefitBgImageDto,
  DesignDto,
  EventDto,
  GalleryItemDto,
  HeroImageDto,
  HomeHeroMediaDto,
  ImageRecordDto,
  MemberDto,
  OpenPositionDto,
  RegistrationDto,
  ResourceDto,
  SponsorDto,
  SponsorImageDto,
} from './contract';

/**
 * Rows to the JSON contract: the one place that decides how each entity is written, used by the
 * route handlers and by the pages' reads alike.
 */

/**
 * An event's answer. `room` is whether a newcomer can take each pool's place (lib/db/queries.ts
 * `eventRooms`); the default, for answers that say no status (an email's schedule, a preview
 * before any registration), is an event nobody has registered for yet.
 */
export function toEventDto(row: Event, room: PoolRoom = emptyEventRoom(row)): EventDto {
  const date = row.startsAt ? clubDate(row.startsAt) : null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    date,
    start_date: date,
    start_time: row.startsAt ? clubTime(row.startsAt) : null,
    starts_at: row.startsAt ? row.startsAt.toISOString() : null,
    duration: row.duration,
    location: row.location,
    organizer: row.organizer,
    poster_img: row.posterImg,
    thumbnail_link: row.thumbnailLink,
    capacity: row.capacity,
    // A members-only event keeps every place but the staff ones for members.
    member_places:
      row.membersOnly && row.capacity !== null ? row.capacity - row.staffPlaces : row.memberPlaces,
    staff_places: row.staffPlaces,
    members_only: row.membersOnly,
    member_registration_opens_at:
      (row.memberRegistrationOpensAt ?? row.registrationOpensAt)?.toISOString() ?? null,
    registration_opens_at: row.membersOnly
      ? null
      : (row.registrationOpensAt?.toISOString() ?? null),
    registration_closes_at: row.registrationClosesAt?.toISOString() ?? null,
    requires_deposit: row.requiresDeposit,
    requires_selection: row.requiresReview,
    category: row.category,
    waitlist_enabled: row.waitlistEnabled,
    member_places_available: room.member,
    public_places_available: room.public,
  };
}

export function toMemberDto(row: MemberWithDepartment): MemberDto {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    quote: row.quote,
    pfp_img: row.pfpImg,
    position: row.position,
    reports_to: row.reportsTo,
    department: row.departmentName === null ? null : { name: row.departmentName },
  };
}

export function toGalleryItemDto(row: GalleryItem): GalleryItemDto {
  return { id: row.id, image: row.image, text: row.text };
}

export function toSponsorImageDto(row: Sponsor): SponsorImageDto {
  return { id: row.id, name: row.name, logo_img: row.logoImg, link: row.link };
}

export function toSponsorDto(row: Sponsor): SponsorDto {
  return {
    id: row.id,
    name: row.name,
    logo_img: row.logoImg,
    description: row.description,
    Link: row.link,
    link: row.link,
    instagram: row.instagram,
  };
}

export function toHomeHeroMediaDto(row: HomeHeroMedia): HomeHeroMediaDto {
  return { id: row.id, video: row.video, image: row.image };
}

export function toHeroImageDto(row: PageHeroImage): HeroImageDto {
  return { id: row.id, image: row.image };
}

export function toBenefitBgImageDto(row: ImageRecord): BenefitBgImageDto {
  return { id: row.id, image: row.image };
}

export function toImageRecordDto(row: ImageRecord): ImageRecordDto {
  return { id: row.id, image: row.image, link: row.link, title: row.title };
}

export function toOpenPositionDto(row: OpenPosition): OpenPositionDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    posted_at: row.postedAt,
  };
}

export function toAlumnusDto(row: Alumnus): AlumnusDto {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    major: row.major,
    email: row.email,
    pfp_img: row.pfpImg,
  };
}

export function toResourceDto(row: Resource): ResourceDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    thumbnail_img: row.thumbnailImg,
    resource_url: row.resourceUrl,
  };
}

export function toDesignDto(row: Design): DesignDto {
  return { id: row.id, title: row.title, description: row.description, image: row.image };
}

export function toRegistrationDto(row: EventRegistration): RegistrationDto {
  return {
    id: row.id,
    event_id: row.eventId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    registered_at: row.createdAt.toISOString(),
  };
}
