import 'server-only';
import { z } from 'zod';
import { parseTrustedProxyHops } from '@/lib/http/client-address.mjs';
import {
  type PublicEnv,
  optionalNonNegativeInt,
  optionalPositiveInt,
  optionalText,
  parseEnv,
  publicEnv,
} from './public';

/** Server-only variables, secrets included; never imported by client code (see ./public.ts). */

const serverFields = z.object({
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  PGLITE_DATA_DIR: optionalText,
  /**
   * Other origins whose pages may post to the API (Django's setting of the same name), comma
   * separated with their scheme: `https://app.example.org,https://club.example.org`.
   */
  CSRF_TRUSTED_ORIGINS: optionalText.pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .url({
              protocol: /^https?$/,
              error: 'each trusted origin is a URL with its scheme, e.g. https://app.example.org',
            })
            .transform((origin) => new URL(origin).origin),
        ),
      )
      .optional(),
  ),
  /** Event registration attempts allowed per client address per minute (default 60; 0 turns the limit off). */
  REGISTRATION_RATE_LIMIT_PER_MINUTE: optionalNonNegativeInt,
  /**
   * Messages, service requests and job applications together, per client address per minute
   * (default 60; 0 turns the limit off).
   */
  SUBMISSION_RATE_LIMIT_PER_MINUTE: optionalNonNegativeInt,
  /**
   * How many proxies in front of the site append the client's address to X-Forwarded-For
   * (0 or unset: clients connect to the server directly, and the connection's address is
   * theirs). The server entry (scripts/serve.mjs) reads it to find the address the rate limits
   * count by; a wrong value lets clients choose their address (too high) or counts every client
   * as the proxy (too low).
   */
  TRUSTED_PROXY_HOPS: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseTrustedProxyHops(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * Folder of uploaded files (job application resumes); never served to visitors, so it must
   * lie outside public/. Default: `uploads` beside the PGlite data folder (.data/uploads).
   */
  UPLOADS_DIR: optionalText,
  /**
   * Folder of the archives `npm run db:backup` writes (default `backups`, in the site's folder);
   * the System page and `npm run doctor` read the newest one's age there.
   */
  BACKUP_DIR: optionalText,
  /**
   * An S3-compatible bucket for the uploaded files (resumes and the console's media) in place of
   * the uploads folder, so that several instances share them: the first five all set, or none
   * (README, 'More than one instance'). The bucket stays private; the site serves its objects.
   */
  S3_BUCKET: optionalText,
  /** The service's S3 address, e.g. https://<account id>.r2.cloudflarestorage.com. */
  S3_ENDPOINT: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL.' })
      .optional(),
  ),
  /** The bucket's region (`auto` on Cloudflare R2). */
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** `true` when the service wants the bucket in the path rather than the host name. */
  S3_FORCE_PATH_STYLE: optionalText.pipe(
    z
      .enum(['true', 'false', '1', '0'], { error: 'S3_FORCE_PATH_STYLE must be true or false.' })
      .transform((value) => value === 'true' || value === '1')
      .optional(),
  ),
  // EmailJS values are public (the browser sends them), but they are read at request time and
  // handed to the forms, so a deployment can set them without rebuilding.
  EMAILJS_PUBLIC_KEY: optionalText,
  EMAILJS_SERVICE_ID: optionalText,
  EMAILJS_CONTACT_TEMPLATE_ID: optionalText,
  EMAILJS_APPLICATION_ADMIN_TEMPLATE_ID: optionalText,
  EMAILJS_APPLICATION_REPLY_TEMPLATE_ID: optionalText,
  EMAILJS_REGISTRATION_ADMIN_TEMPLATE_ID: optionalText,
  EMAILJS_REGISTRATION_CONFIRM_TEMPLATE_ID: optionalText,
  EMAILJS_SERVICES_TEMPLATE_ID: optionalText,
  /** Comma-separated email addresses EmailJS refuses to send for (its block list). */
  EMAILJS_BLOCK_LIST: optionalText,
  /** Minimum milliseconds between two sends from one browser (EmailJS's rate limit). */
  EMAILJS_RATE_LIMIT_MS: optionalPositiveInt,
  /**
   * Signs the console's session cookies. Optional: without it the server makes one and keeps it
   * in the database (every instance on that database then shares it).
   */
  BETTER_AUTH_SECRET: optionalText.pipe(
    z
      .string()
      .min(32, 'BETTER_AUTH_SECRET must be at least 32 characters (openssl rand -hex 32).')
      .optional(),
  ),
  /**
   * The server's own email (waitlist promotions, reminders, console invitations), e.g.
   * smtps://user:password@smtp.example.org:465. Without it every email waits in the outbox.
   */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://.')
      .optional(),
  ),
  /** The sender of those emails, e.g. "TCSA <tcsa@example.org>": the club's address. */
  MAIL_FROM: optionalText,
  /**
   * Emails handed to the SMTP server per minute, across the outbox (default 60; 0: no limit).
   * Confirmations and sign-in links go first; messages to registrants and announcements follow
   * at this pace.
   */
  MAIL_PER_MINUTE: optionalNonNegativeInt,
  /** Lets a platform's scheduler call POST /api/cron/tick (Authorization: Bearer <secret>). */
  CRON_SECRET: optionalText.pipe(
    z.string().min(16, 'CRON_SECRET must be at least 16 characters.').optional(),
  ),
  SANITY_API_READ_TOKEN: optionalText,
  SANITY_PREVIEW_SECRET: optionalText,
  SANITY_REVALIDATE_SECRET: optionalText,
  /** Lets end-to-end tests make one data source fail or come back empty through a cookie. */
  TCSA_ENABLE_TEST_FAULTS: optionalText,
  /**
   * A test server's bundled dataset in place of studio/dataset/production.ndjson (a copy with
   * copy of the wrong shape planted in it); read only with TCSA_ENABLE_TEST_FAULTS=1.
   */
  TCSA_TEST_DATASET: optionalText,
});

/** The settings of an S3-compatible bucket that must all be given to use one. */
const S3_REQUIRED = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

export const serverSchema = serverFields.superRefine((env, context) => {
  // Half a bucket's settings would silently keep the files on one server's disk.
  const given = S3_REQUIRED.filter((name) => env[name] !== undefined);
  if (given.length === S3_REQUIRED.length) return;
  if (given.length > 0 || env.S3_FORCE_PATH_STYLE !== undefined) {
    const missing = S3_REQUIRED.filter((name) => env[name] === undefined);
    context.addIssue({
      code: 'custom',
      path: [missing[0]!],
      message: `${S3_REQUIRED.join(', ')} are set together or not at all; missing: ${missing.join(', ')}.`,
    });
  }
});

/**
 * The Sanity project the site reads its copy from and the Studio edits. Its values are public
 * (the Studio in the browser talks to the project) and keep the NEXT_PUBLIC_ names the README
 * documents, but they are read when the server runs, never baked into a build: one build serves
 * a site with a project and a site without one, and the Studio page hands them to the browser.
 */
export const sanityProjectSchema = z.object({
  NEXT_PUBLIC_SANITY_PROJECT_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]+$/, 'a Sanity project id has only lowercase letters, digits and dashes')
      .optional(),
  ),
  NEXT_PUBLIC_SANITY_DATASET: optionalText,
  NEXT_PUBLIC_SANITY_API_VERSION: optionalText,
});

export type ServerEnv = z.infer<typeof serverSchema> &
  z.infer<typeof sanityProjectSchema> &
  PublicEnv;

/**
 * A variable as the running server has it. Next.js writes the build's value in place of every
 * `process.env.NEXT_PUBLIC_…` it can name, in server code too; through a name it cannot see, the
 * value is the one the server starts with.
 */
function atRunTime(name: string): string | undefined {
  return process.env[name];
}

function runTimeValues(names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, atRunTime(name)]));
}

let cachedServerEnv: ServerEnv | undefined;

/**
 * Server-only variables, secrets included. Calling this in the browser is a bug: the secrets
 * are not there, and must never be.
 */
export function getServerEnv(): ServerEnv {
  if (typeof window !== 'undefined') {
    throw new Error(
      'getServerEnv() was called in the browser; server variables stay on the server.',
    );
  }
  cachedServerEnv ??= {
    ...publicEnv,
    ...parseEnv(sanityProjectSchema, runTimeValues(Object.keys(sanityProjectSchema.shape))),
    ...parseEnv(serverSchema, {
      DATABASE_URL: process.env.DATABASE_URL,
      PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR,
      CSRF_TRUSTED_ORIGINS: process.env.CSRF_TRUSTED_ORIGINS,
      REGISTRATION_RATE_LIMIT_PER_MINUTE: process.env.REGISTRATION_RATE_LIMIT_PER_MINUTE,
      SUBMISSION_RATE_LIMIT_PER_MINUTE: process.env.SUBMISSION_RATE_LIMIT_PER_MINUTE,
      TRUSTED_PROXY_HOPS: process.env.TRUSTED_PROXY_HOPS,
      UPLOADS_DIR: process.env.UPLOADS_DIR,
      BACKUP_DIR: process.env.BACKUP_DIR,
      S3_BUCKET: process.env.S3_BUCKET,
      S3_ENDPOINT: process.env.S3_ENDPOINT,
      S3_REGION: process.env.S3_REGION,
      S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: process.env.S3_FORCE_PATH_STYLE,
      EMAILJS_PUBLIC_KEY: process.env.EMAILJS_PUBLIC_KEY,
      EMAILJS_SERVICE_ID: process.env.EMAILJS_SERVICE_ID,
      EMAILJS_CONTACT_TEMPLATE_ID: process.env.EMAILJS_CONTACT_TEMPLATE_ID,
      EMAILJS_APPLICATION_ADMIN_TEMPLATE_ID: process.env.EMAILJS_APPLICATION_ADMIN_TEMPLATE_ID,
      EMAILJS_APPLICATION_REPLY_TEMPLATE_ID: process.env.EMAILJS_APPLICATION_REPLY_TEMPLATE_ID,
      EMAILJS_REGISTRATION_ADMIN_TEMPLATE_ID: process.env.EMAILJS_REGISTRATION_ADMIN_TEMPLATE_ID,
      EMAILJS_REGISTRATION_CONFIRM_TEMPLATE_ID:
        process.env.EMAILJS_REGISTRATION_CONFIRM_TEMPLATE_ID,
      EMAILJS_SERVICES_TEMPLATE_ID: process.env.EMAILJS_SERVICES_TEMPLATE_ID,
      EMAILJS_BLOCK_LIST: process.env.EMAILJS_BLOCK_LIST,
      EMAILJS_RATE_LIMIT_MS: process.env.EMAILJS_RATE_LIMIT_MS,
      BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET,
      SMTP_URL: process.env.SMTP_URL,
      MAIL_FROM: process.env.MAIL_FROM,
      MAIL_PER_MINUTE: process.env.MAIL_PER_MINUTE,
      CRON_SECRET: process.env.CRON_SECRET,
      SANITY_API_READ_TOKEN: process.env.SANITY_API_READ_TOKEN,
      SANITY_PREVIEW_SECRET: process.env.SANITY_PREVIEW_SECRET,
      SANITY_REVALIDATE_SECRET: process.env.SANITY_REVALIDATE_SECRET,
      TCSA_ENABLE_TEST_FAULTS: process.env.TCSA_ENABLE_TEST_FAULTS,
      TCSA_TEST_DATASET: process.env.TCSA_TEST_DATASET,
    }),
  };
  return cachedServerEnv;
}

/** Forget the parsed server variables; tests use it after changing `process.env`. */
export function resetServerEnvForTests(): void {
  cachedServerEnv = undefined;
}
