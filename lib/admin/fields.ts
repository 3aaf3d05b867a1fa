import 'server-only';
import { z } from 'zod';
import { requiredLine, requiredText } from '@/lib/api/contract';
import { MEDIA_URL_PREFIX } from '@/lib/media/kinds';
import { isMediaName } from '@/lib/media/store';

/**
 * The pieces of the console's forms, as zod schemas over what a form posts (always strings).
 * An empty optional field is stored as null; every message names the field as its label does.
 */

const emptyToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

export function optionalLine(label: string, max: number) {
  return z.preprocess(emptyToNull, requiredLine(label, max).nullable());
}

export function optionalText(label: string, max: number) {
  return z.preprocess(emptyToNull, requiredText(label, max).nullable());
}

export function optionalCount(label: string) {
  return z.preprocess(
    emptyToNull,
    z.coerce
      .number({ error: `${label} must be a whole number.` })
      .int(`${label} must be a whole number.`)
      .min(1, `${label} must be at least 1, or left empty for no limit.`)
      .max(100_000, `${label} must be at most 100000.`)
      .nullable(),
  );
}

/** 'YYYY-MM-DD' from a date input. */
export function optionalDate(label: string) {
  return z.preprocess(
    emptyToNull,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date such as 2026-03-14.`)
      .refine((value) => {
        const [year, month, day] = value.split('-').map(Number) as [number, number, number];
        const date = new Date(Date.UTC(year, month - 1, day));
        return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
      }, `${label} is not a day of the calendar.`)
      .nullable(),
  );
}

/** 'HH:MM' (24-hour) from a time input. */
export function optionalTime(label: string) {
  return z.preprocess(
    emptyToNull,
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time such as 18:30.`)
      .nullable(),
  );
}

/** 'YYYY-MM-DDTHH:MM' from a date-and-time input (the club's wall clock). */
export function optionalDateTime(label: string) {
  return z.preprocess(
    emptyToNull,
    z
      .string()
      .regex(
        /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/,
        `${label} must be a date and time such as 2026-03-14 18:30.`,
      )
      .nullable(),
  );
}

/** A checkbox: present ('on') or absent. */
export function checkbox() {
  return z.preprocess((value) => value === 'on' || value === 'true', z.boolean());
}

/** A whole number that falls back to `fallback` when left empty. */
export function countWithDefault(label: string, fallback: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? fallback : value),
    z.coerce
      .number({ error: `${label} must be a whole number.` })
      .int(`${label} must be a whole number.`)
      .min(0, `${label} cannot be negative.`)
      .max(max, `${label} must be at most ${max}.`),
  );
}

/** A web address a visitor will open: http or https only. */
export function optionalLink(label: string, max = 500) {
  return z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(max, `${label} must be at most ${max} characters.`)
      .refine((value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'https:' || url.protocol === 'http:';
        } catch {
          return false;
        }
      }, `${label} must be a full web address starting with https://.`)
      .nullable(),
  );
}

export function requiredLink(label: string, max = 500) {
  return z.preprocess(
    (value) => (value === '' ? undefined : value),
    optionalLink(label, max).refine((value) => value !== null, `${label} is required.`),
  );
}

/**
 * A picture or video field: what the upload route stored (`/files/<hash>.webp`), or the value the
 * record had already (a seeded `/media/...` file), never an address typed by hand.
 */
export function mediaValue(label: string, current: string | null) {
  return z.preprocess(
    emptyToNull,
    z
      .string()
      .refine(
        (value) =>
          value === current ||
          (value.startsWith(MEDIA_URL_PREFIX) && isMediaName(value.slice(MEDIA_URL_PREFIX.length))),
        `${label}: upload the file again; this value was not made by the upload.`,
      )
      .nullable(),
  );
}

export function requiredMedia(label: string, current: string | null) {
  return mediaValue(label, current).refine((value) => value !== null, `${label} is required.`);
}
