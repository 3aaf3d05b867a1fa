/** Site-wide constants of the spec (sections 1, 2 and 9). */

import type { Copy } from '../copy/catalogue';

export const SITE_NAME = 'TCSA';
export const SITE_TITLE = 'TELFER CHINESE STUDENT ASSOCIATION';
export const SITE_DESCRIPTION =
  'The Telfer Chinese Student Association: academic guidance, cultural experiences and networking for Chinese business students. Find events, join the club, meet alumni and work with us.';

/** Viewport width at and below which the phone layout applies. */
export const MOBILE_BREAKPOINT_PX = 600;
/** Scroll distance past which the navigation bar changes style. */
export const NAVBAR_SCROLL_THRESHOLD_PX = 50;

/** A link of the navigation bar or footer: its path and the site-wide text that names it. */
export type NavLink = { href: string; copyKey: keyof Copy<'site'> };

export const NAV_LINKS: readonly NavLink[] = [
  { href: '/', copyKey: 'navHome' },
  { href: '/events', copyKey: 'navEvents' },
  { href: '/alumni', copyKey: 'navAlumni' },
  { href: '/joinus', copyKey: 'navJoinUs' },
  { href: '/membership', copyKey: 'navMembership' },
  { href: '/resources', copyKey: 'navResources' },
  { href: '/services', copyKey: 'navServices' },
  { href: '/partnerships', copyKey: 'navPartnerships' },
];

export const FOOTER_LINKS: readonly NavLink[] = [
  { href: '/', copyKey: 'footerHome' },
  ...NAV_LINKS.slice(1),
  { href: '/privacy-policy', copyKey: 'footerPrivacy' },
];

/** The footer's line when the site settings have no footer text: the spec's '© 2025 TCSA'. */
export const FOOTER_COPYRIGHT = '© 2025 TCSA';
export type SocialPlatform = 'short-video' | 'chat' | 'lifestyle';

export type SocialBadge = {
  platform: SocialPlatform;
  /** Accessible name of the account, e.g. "TCSA on Douyin". */
  label: string;
  handle: string;
  /** Profile page; empty when the account has no public page to open. */
  link: string;
};

/** The club's accounts until the site settings in the content source say otherwise. */
export const DEFAULT_SOCIAL_BADGES: readonly SocialBadge[] = [
  {
    platform: 'short-video',
    label: 'TCSA on Douyin',
    handle: '@tcsa_telfer',
    link: 'https://www.douyin.com/user/tcsa_telfer',
  },
  { platform: 'chat', label: 'TCSA on WeChat', handle: 'TCSA_Telfer', link: '' },
  {
    platform: 'lifestyle',
    label: 'TCSA on Xiaohongshu',
    handle: '@TCSA渥大',
    link: 'https://www.xiaohongshu.com/user/profile/tcsa_telfer',
  },
];
