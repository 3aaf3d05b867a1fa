import type { SocialPlatform } from '@/lib/site/constants';

/** Simple marks for the three kinds of account in the footer (not the platforms' own logos). */
export function SocialIcon({ platform }: { platform: SocialPlatform }) {
  switch (platform) {
    case 'short-video':
      return (
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M14 3h3a4 4 0 0 0 4 4v3a7 7 0 0 1-4-1.3V15a6 6 0 1 1-6-6h1v3.2a2.8 2.8 0 1 0 2 2.7Z"
          />
        </svg>
      );
    case 'chat':
      return (
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M9 3C4.6 3 1 6 1 9.6c0 2 1.1 3.8 2.9 5L3.2 17l2.7-1.4c1 .3 2 .4 3.1.4h.5a5.6 5.6 0 0 1-.2-1.5C9.3 11 12.8 8 17 8h.6C16.8 5.1 13.3 3 9 3Zm-2.8 3.6a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm5.6 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2ZM17 9.5c-3.4 0-6.2 2.3-6.2 5.1s2.8 5.1 6.2 5.1c.7 0 1.4-.1 2-.3l2.2 1.2-.6-2c1.5-1 2.4-2.4 2.4-4 0-2.8-2.7-5.1-6-5.1Zm-2 2.4a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Zm4 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Z"
          />
        </svg>
      );
    case 'lifestyle':
      return (
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M5 2h11a3 3 0 0 1 3 3v17l-3-2-3 2-3-2-3 2-3-2V4a2 2 0 0 1 1-2Zm6.5 5.2c-.9-1.3-3.5-1-3.5 1.3 0 1.8 2.3 3.4 3.5 4.3 1.2-.9 3.5-2.5 3.5-4.3 0-2.3-2.6-2.6-3.5-1.3Z"
          />
        </svg>
      );
  }
}
