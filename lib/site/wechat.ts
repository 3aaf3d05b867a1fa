'use client';

import { useSyncExternalStore } from 'react';

/**
 * WeChat's in-app browser, where most members open the links shared in the club's groups, says
 * `MicroMessenger/<version>` in its user agent, on iPhones (WebKit) and Android (its own
 * Chromium) alike. It does not download files (calendar files, CSV exports) and may not offer a
 * file to upload; links that open a new window do nothing there.
 *
 * It is recognised in the browser, not on the server: the pages are cached and shared by every
 * visitor (lib/http/page-cache.ts), so the server renders the same page for all, and the hints
 * below are put in after hydration, for this visitor only.
 */
export const WECHAT_USER_AGENT = /\bMicroMessenger\//i;

export function isWeChatUserAgent(userAgent: string): boolean {
  return WECHAT_USER_AGENT.test(userAgent);
}

const noSubscription = () => () => {};

/** Whether this page runs in WeChat's in-app browser; false while rendering on the server. */
export function useInWeChat(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => isWeChatUserAgent(navigator.userAgent),
    () => false,
  );
}

/** How to leave WeChat's browser for the phone's own, said after each hint. */
export const WECHAT_OPEN_IN_BROWSER = 'Tap ··· at the top right, then ‘Open in Browser’.';

/** The hints shown instead of what WeChat blocks. */
export const WECHAT_HINTS = {
  calendar: 'Open in your browser to add it to your calendar.',
  download: 'Files do not download inside WeChat. Open in your browser to download it.',
  upload: 'If WeChat does not let you choose your file, open this page in your browser.',
} as const;
