import { z } from 'zod';

/**
 * The variables the browser may see, and the helpers every environment schema uses. Together
 * with ./server.ts the one place that reads the environment. Every variable is optional: unset
 * means the embedded default (PGlite database, bundled Sanity dataset, EmailJS unconfigured).
 *
 * Client code imports this module only: the server's schema (./server.ts) is server-only, so not
 * even the names of the server's variables reach a browser chunk.
 */

export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const optionalUrl = optionalText.pipe(z.url().optional());

export const optionalPositiveInt = optionalText.pipe(
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().positive())
    .optional(),
);

export const optionalNonNegativeInt = optionalText.pipe(
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().nonnegative())
    .optional(),
);

const publicSchema = z.object({
  NEXT_PUBLIC_SITE_URL: optionalUrl,
});

export type PublicEnv = z.infer<typeof publicSchema>;

export function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
}

export function parseEnv<T extends z.ZodType>(
  schema: T,
  values: Record<string, string | undefined>,
) {
  const result = schema.safeParse(values);
  if (!result.success) {
    throw new Error(`Invalid environment configuration: ${formatIssues(result.error)}`);
  }
  return result.data as z.infer<T>;
}

/**
 * Variables the browser may see. Next.js inlines `process.env.NEXT_PUBLIC_*` only when written
 * out literally, so each one is named here.
 */
export const publicEnv: PublicEnv = parseEnv(publicSchema, {
  NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL,
});

/** The port `next start` and `npm start` use when PORT is unset. */
const DEFAULT_PORT = 3000;

/**
 * The site's public address from its settings: NEXT_PUBLIC_SITE_URL when set, else this server
 * on localhost at the port it listens on (PORT).
 */
export function siteUrlFrom(configured: string | undefined, port: string | undefined): string {
  if (configured) return new URL(configured).origin;
  const portNumber = Number(port);
  const listening =
    Number.isInteger(portNumber) && portNumber > 0 && portNumber < 65_536
      ? portNumber
      : DEFAULT_PORT;
  return `http://localhost:${listening}`;
}

/**
 * The one source of the site's public address, for every absolute link the server makes: links
 * in emails (the registrant's, the console's invitations and resets), the door's QR code,
 * calendar files, `manage_url`, the setup link, the sitemap and the pages' metadata. PORT is read
 * at each call: `next start` sets it once it listens.
 */
export function siteUrl(): string {
  return siteUrlFrom(publicEnv.NEXT_PUBLIC_SITE_URL, process.env.PORT);
}
