/** Site-wide constants of the spec (sections 1, 2 and 9). */

export const SITE_NAME = 'TCSA';
export const SITE_TITLE = 'TELFER CHINESE STUDENT ASSOCIATION';
export const SITE_DESCRIPTION =
  'The Telfer Chinese Student Association: academic guidance, cultural experiences and networking for Chinese business students. Find events, join the club, meet alumni and work with us.';

/** Viewport width at and below which the phone layout applies. */
export const MOBILE_BREAKPOINT_PX = 600;
/** Scroll distance past which the navigation bar changes style. */
export const NAVBAR_SCROLL_THRESHOLD_PX = 50;

export type NavLink = { href: string; label: string };

export const NAV_LINKS: readonly NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/events', label: 'Events' },
  { href: '/alumni', label: 'Alumni' },
  { href: '/joinus', label: 'Join Us' },
  { href: '/resources', label: 'Resources' },
  { href: '/services', label: 'Services' },
  { href: '/partnerships', label: 'Partnerships' },
];

export const FOOTER_LINKS: readonly NavLink[] = [
  { href: '/', label: 'TCSA' },
  { href: '/events', label: 'Events' },
  { href: '/alumni', label: 'Alumni' },
  { href: '/joinus', label: 'Join Us' },
  { href: '/resources', label: 'Resources' },
  { href: '/services', label: 'Services' },
  { href: '/partnerships', label: 'Partnerships' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
];

export const FOOTER_COPYRIGHT = '© 2025 TCSA';
export const FOOTER_TERMS = 'Terms of Service';

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
