import { DEFAULT_SOCIAL_BADGES, type SocialBadge } from '../site/constants';
import type { SiteSettings } from './read';

/**
 * The footer's badges from the site settings, in their order; the built-in accounts when the
 * settings are missing or list none.
 */
export function socialBadgesFrom(settings: SiteSettings | null): readonly SocialBadge[] {
  const accounts = (settings?.socialAccounts ?? []).filter((account) => account !== null);
  if (accounts.length === 0) return DEFAULT_SOCIAL_BADGES;
  return accounts.map(({ platform, label, handle, link }) => ({ platform, label, handle, link }));
}

/**
 * schema.org data about the club for search engines: its name, welcome line, contact email and
 * public social profiles.
 */
export function organizationJsonLd(settings: SiteSettings, url: string): Record<string, unknown> {
  const profiles = settings.socialAccounts
    .filter((account) => account !== null)
    .map((account) => account.link)
    .filter((link) => link !== '');
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: settings.title,
    alternateName: 'TCSA',
    description: settings.welcomeMessage,
    email: settings.contactEmail,
    url,
    ...(profiles.length > 0 ? { sameAs: profiles } : {}),
  };
}

/** JSON for an inline `<script type="application/ld+json">`, safe against `</script>` in copy. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
