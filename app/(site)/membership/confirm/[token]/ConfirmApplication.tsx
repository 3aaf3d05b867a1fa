'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import type { Copy } from '@/lib/copy/catalogue';
import { fillCopy } from '@/lib/copy/fill';
import { postMembershipForm } from '@/lib/memberships/client';
import { formatAmount } from '@/lib/memberships/format';
import type { ApplicationReceiptDto } from '@/lib/memberships/public-endpoints';
import type { APPLICATION_CONFIRM_KEYS } from '../../_components/form-copy';
import styles from '../../_components/membership.module.css';

type Texts = Pick<Copy<'membership'>, (typeof APPLICATION_CONFIRM_KEYS)[number]>;

/** What a link turned out to be when it does not confirm, once pressed or when the page opened. */
export type RefusedKind = 'used' | 'expired' | 'invalid' | 'taken';

function isRefusedKind(value: unknown): value is RefusedKind {
  return value === 'used' || value === 'expired' || value === 'invalid' || value === 'taken';
}

/** The focus moves to the heading of what replaced the button, so it is read out. */
function useFocusedHeading(focus: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return heading;
}

/** A link that does not confirm, in the Studio's words, with the way back to the form. */
export function LinkOutcome({
  kind,
  texts,
  focus = false,
}: {
  kind: RefusedKind;
  texts: Texts;
  focus?: boolean;
}) {
  const heading = useFocusedHeading(focus);
  const [title, text] = {
    used: [texts.confirmUsedTitle, texts.confirmUsedText],
    expired: [texts.confirmExpiredTitle, texts.confirmExpiredText],
    invalid: [texts.confirmInvalidTitle, texts.confirmInvalidText],
    taken: [texts.confirmTakenTitle, texts.confirmTakenText],
  }[kind];
  return (
    <section
      className={styles.receipt}
      aria-labelledby="confirm-title"
      data-testid={`confirm-${kind}`}
    >
      <h2 id="confirm-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p role={focus ? 'status' : undefined}>{text}</p>
      <p>
        <Link href="/membership/join">{texts.confirmFormLink}</Link>
      </p>
    </section>
  );
}

/** The confirmed application: how to pay, with the payment reference (emailed as well). */
function Receipt({
  receipt,
  texts,
  nextSteps,
}: {
  receipt: ApplicationReceiptDto;
  texts: Texts;
  nextSteps: string;
}) {
  const heading = useFocusedHeading(true);
  return (
    <section
      className={styles.receipt}
      aria-labelledby="receipt-title"
      data-testid="confirm-confirmed"
    >
      <h2 id="receipt-title" ref={heading} tabIndex={-1}>
        {texts.receivedTitle}
      </h2>
      <p role="status">{fillCopy(texts.receivedText, { email: receipt.uottawaEmail })}</p>
      <dl>
        <div>
          <dt>{texts.referenceLabel}</dt>
          <dd className={styles.reference} data-testid="payment-reference">
            {receipt.paymentReference}
          </dd>
        </div>
        <div>
          <dt>{texts.amountLabel}</dt>
          <dd data-testid="payment-amount">{formatAmount(receipt.priceCents, receipt.currency)}</dd>
        </div>
        <div>
          <dt>{texts.etransferLabel}</dt>
          <dd>{receipt.etransferAddress}</dd>
        </div>
        <div>
          <dt>{texts.instructionsLabel}</dt>
          <dd>{receipt.etransferInstructions}</dd>
        </div>
        <div>
          <dt>{texts.nextLabel}</dt>
          <dd>{nextSteps}</dd>
        </div>
      </dl>
    </section>
  );
}

function isReceipt(value: unknown): value is ApplicationReceiptDto {
  if (typeof value !== 'object' || value === null) return false;
  const receipt = value as Record<string, unknown>;
  return (
    typeof receipt.paymentReference === 'string' &&
    typeof receipt.priceCents === 'number' &&
    typeof receipt.currency === 'string' &&
    typeof receipt.etransferAddress === 'string' &&
    typeof receipt.etransferInstructions === 'string' &&
    typeof receipt.uottawaEmail === 'string'
  );
}

type Outcome = { kind: 'confirmed'; receipt: ApplicationReceiptDto } | { kind: RefusedKind };

/** The application a link confirms, as the page shows it before the button is pressed. */
export type OpenApplication = { name: string; uottawaEmail: string; typeName: string };

/**
 * The application of an open link and 'Confirm my application': POSTs the link's token (in the
 * body, with the CSRF pair) and replaces the application with what the server answered: how to
 * pay, or why the link did not confirm.
 */
export function ConfirmApplication({
  token,
  application,
  texts,
  nextSteps,
}: {
  token: string;
  application: OpenApplication;
  texts: Texts;
  nextSteps: string;
}) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function confirm() {
    setSending(true);
    setFailure(null);
    const result = await postMembershipForm(
      '/api/membership/applications/confirm/',
      { token },
      texts,
    );
    setSending(false);
    if (!result.ok) {
      setFailure(`${texts.confirmFailed} ${result.message}`);
      return;
    }
    const { kind, receipt } = result.body;
    if (kind === 'confirmed' && isReceipt(receipt)) setOutcome({ kind, receipt });
    else if (isRefusedKind(kind)) setOutcome({ kind });
    else setFailure(`${texts.confirmFailed} ${texts.unexpected}`);
  }

  if (outcome?.kind === 'confirmed') {
    return <Receipt receipt={outcome.receipt} texts={texts} nextSteps={nextSteps} />;
  }
  if (outcome) return <LinkOutcome kind={outcome.kind} texts={texts} focus />;
  return (
    <section
      className={styles.receipt}
      aria-labelledby="confirm-open-title"
      data-testid="confirm-open"
    >
      <h2 id="confirm-open-title">{texts.confirmTitle}</h2>
      <p>{texts.confirmIntro}</p>
      <dl>
        <div>
          <dt>{texts.confirmName}</dt>
          <dd>{application.name}</dd>
        </div>
        <div>
          <dt>{texts.uottawaEmail}</dt>
          <dd>{application.uottawaEmail}</dd>
        </div>
        <div>
          <dt>{texts.membershipType}</dt>
          <dd>{application.typeName}</dd>
        </div>
      </dl>
      {failure ? (
        <p className={styles.status} role="alert">
          {failure}
        </p>
      ) : null}
      <p>
        <button type="button" className="button" onClick={confirm} disabled={sending}>
          {sending ? texts.submitting : texts.confirmButton}
        </button>
      </p>
    </section>
  );
}
