'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import type { Copy } from '@/lib/copy/catalogue';
import { postMembershipForm } from '@/lib/memberships/client';
import type { CHANGE_CONFIRM_KEYS } from '../../../_components/form-copy';
import styles from '../../../_components/membership.module.css';

type Texts = Pick<Copy<'membership'>, (typeof CHANGE_CONFIRM_KEYS)[number]>;

/** What a link turned out to be, once pressed or when the page opened. */
export type LinkKind = 'confirmed' | 'used' | 'expired' | 'invalid';

function isLinkKind(value: unknown): value is LinkKind {
  return value === 'confirmed' || value === 'used' || value === 'expired' || value === 'invalid';
}

/** The outcome of a link in the Studio's words, with the way back to the form. */
export function LinkOutcome({
  kind,
  texts,
  focus = false,
}: {
  kind: LinkKind;
  texts: Texts;
  focus?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const [title, text] = {
    confirmed: [texts.changeConfirmedTitle, texts.changeConfirmedText],
    used: [texts.changeUsedTitle, texts.changeUsedText],
    expired: [texts.changeExpiredTitle, texts.changeExpiredText],
    invalid: [texts.changeInvalidTitle, texts.changeInvalidText],
  }[kind];
  return (
    <section
      className={styles.receipt}
      aria-labelledby="change-link-title"
      data-testid={`change-link-${kind}`}
    >
      <h2 id="change-link-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p role={focus ? 'status' : undefined}>{text}</p>
      {kind === 'confirmed' || kind === 'used' ? null : (
        <p>
          <Link href="/membership/change-details">{texts.changeFormLink}</Link>
        </p>
      )}
    </section>
  );
}

/**
 * 'Confirm my request': POSTs the link's token (in the body, with the CSRF pair) and replaces the
 * request with what the server answered.
 */
export function ConfirmChangeRequest({ token, texts }: { token: string; texts: Texts }) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<LinkKind | null>(null);

  async function confirm() {
    setSending(true);
    setFailure(null);
    const result = await postMembershipForm(
      '/api/membership/change-requests/confirm/',
      { token },
      texts,
    );
    setSending(false);
    if (!result.ok) {
      setFailure(`${texts.changeConfirmFailed} ${result.message}`);
      return;
    }
    const kind = result.body.kind;
    if (isLinkKind(kind)) setOutcome(kind);
    else setFailure(`${texts.changeConfirmFailed} ${texts.unexpected}`);
  }

  if (outcome) return <LinkOutcome kind={outcome} texts={texts} focus />;
  return (
    <>
      {failure ? (
        <p className={styles.status} role="alert">
          {failure}
        </p>
      ) : null}
      <p>
        <button type="button" className="button" onClick={confirm} disabled={sending}>
          {sending ? texts.submitting : texts.changeConfirmButton}
        </button>
      </p>
    </>
  );
}
