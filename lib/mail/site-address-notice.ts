import 'server-only';
import { siteUrl } from '@/lib/env/public';
import { getServerEnv, type ServerEnv } from '@/lib/env/server';

/**
 * What the server says at start when it sends email (SMTP_URL) without a public address
 * (NEXT_PUBLIC_SITE_URL): every link in its emails would point at this computer. Null when the
 * settings are consistent.
 */
export function emailLinksNotice(
  env: Pick<ServerEnv, 'SMTP_URL' | 'NEXT_PUBLIC_SITE_URL'>,
  address: string,
): string | null {
  if (!env.SMTP_URL || env.NEXT_PUBLIC_SITE_URL) return null;
  return [
    `Server email is on (SMTP_URL) but NEXT_PUBLIC_SITE_URL is not set, so the links in the site's emails (manage and check-in links, calendar files, invitations, password resets) point to ${address}, which works only on this computer.`,
    "Set NEXT_PUBLIC_SITE_URL to the site's public address, for example https://tcsa.example.org.",
  ].join('\n');
}

const state = globalThis as typeof globalThis & { __tcsaEmailLinksNoticeShown?: boolean };

/** Prints the notice once per process, at the server's start. */
export function warnWhenEmailLinksNeedSiteUrl(): void {
  if (state.__tcsaEmailLinksNoticeShown) return;
  state.__tcsaEmailLinksNoticeShown = true;
  const notice = emailLinksNotice(getServerEnv(), siteUrl());
  if (notice) console.warn(notice);
}
