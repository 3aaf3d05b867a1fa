'use client';

import { useEffect, type ReactNode } from 'react';
import { useInWeChat, WECHAT_HINTS, WECHAT_OPEN_IN_BROWSER } from '@/lib/site/wechat';
import styles from './WeChat.module.css';

/** A short note saying what WeChat blocks here, and how to open the page in the phone's browser. */
export function WeChatHint({
  kind,
  className,
}: {
  kind: keyof typeof WECHAT_HINTS;
  className?: string;
}) {
  return (
    <p className={`${styles.hint} ${className ?? ''}`} role="note" data-wechat-hint={kind}>
      {WECHAT_HINTS[kind]} {WECHAT_OPEN_IN_BROWSER}
    </p>
  );
}

/**
 * A download (a calendar file, a CSV export) as it is, except in WeChat, which does not download
 * files: there, the hint of `kind` instead of a link that would do nothing.
 */
export function OutsideWeChat({
  children,
  kind,
}: {
  children: ReactNode;
  kind: keyof typeof WECHAT_HINTS;
}) {
  return useInWeChat() ? <WeChatHint kind={kind} /> : children;
}

/** The hint of `kind`, in WeChat only (for an upload that may or may not work there). */
export function InWeChat({ kind }: { kind: keyof typeof WECHAT_HINTS }) {
  return useInWeChat() ? <WeChatHint kind={kind} /> : null;
}

/**
 * In WeChat, a link meant for a new window (target=_blank) does nothing: every such link of the
 * page opens in the same window instead. One listener for the whole page, on its links present
 * and to come; elsewhere nothing changes.
 */
export function WeChatLinks() {
  const inWeChat = useInWeChat();
  useEffect(() => {
    if (!inWeChat) return;
    const sameWindow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      const link = (event.target as Element | null)?.closest?.('a[target="_blank"][href]');
      if (!(link instanceof HTMLAnchorElement)) return;
      event.preventDefault();
      window.location.assign(link.href);
    };
    document.addEventListener('click', sameWindow);
    return () => document.removeEventListener('click', sameWindow);
  }, [inWeChat]);
  return null;
}
