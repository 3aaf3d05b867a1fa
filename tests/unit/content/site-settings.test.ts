import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '@/lib/content';
import { jsonForScript, organizationJsonLd, socialBadgesFrom } from '@/lib/content/site-settings';
import { DEFAULT_SOCIAL_BADGES } from '@/lib/site/constants';

const SETTINGS: SiteSettings = {
  title: 'TELFER CHINESE STUDENT ASSOCIATION',
  welcomeMessage: 'Welcome to TCSA.',
  contactEmail: 'tcsa.telfer@gmail.com',
  footerText: '© 2025 TCSA',
  shareImage: null,
  socialAccounts: [
    {
      _id: 'a',
      platform: 'short-video',
      label: 'TCSA on Douyin',
      handle: '@tcsa_telfer',
      link: 'https://www.douyin.com/user/tcsa_telfer',
    },
    { _id: 'b', platform: 'chat', label: 'TCSA on WeChat', handle: 'TCSA_Telfer', link: '' },
  ],
};

describe('site settings in the shell', () => {
  it('the footer badges follow the settings, in order', () => {
    expect(socialBadgesFrom(SETTINGS)).toEqual([
      {
        platform: 'short-video',
        label: 'TCSA on Douyin',
        handle: '@tcsa_telfer',
        link: 'https://www.douyin.com/user/tcsa_telfer',
      },
      { platform: 'chat', label: 'TCSA on WeChat', handle: 'TCSA_Telfer', link: '' },
    ]);
  });

  it('the built-in badges stand in when the settings are missing or list none', () => {
    expect(socialBadgesFrom(null)).toBe(DEFAULT_SOCIAL_BADGES);
    expect(socialBadgesFrom({ ...SETTINGS, socialAccounts: [] })).toBe(DEFAULT_SOCIAL_BADGES);
  });

  it('the organization data names the contact email and only the profiles that have a page', () => {
    expect(organizationJsonLd(SETTINGS, 'https://tcsa.example')).toMatchObject({
      '@type': 'Organization',
      name: 'TELFER CHINESE STUDENT ASSOCIATION',
      email: 'tcsa.telfer@gmail.com',
      sameAs: ['https://www.douyin.com/user/tcsa_telfer'],
    });
  });

  it('inline JSON cannot close its script element', () => {
    expect(jsonForScript({ text: '</script><script>alert(1)</script>' })).not.toContain(
      '</script>',
    );
  });
});
