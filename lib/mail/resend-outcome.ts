import { formatConsoleDateTime } from '@/lib/site/format';
import type { SingleDelivery } from './sender';

/**
 * What staff read after 'Resend' on one email: whether that email went out, why it did not, or
 * why it waits (never the state of the rest of the queue).
 */
export function resendOutcomeMessage(outcome: SingleDelivery): { done?: string; error?: string } {
  switch (outcome.state) {
    case 'sent':
      return { done: 'Sent: the SMTP server accepted it.' };
    case 'failed':
      return {
        error: `Not sent: the SMTP server did not accept it (${outcome.reason}). ${
          outcome.retryAt
            ? `The site tries again ${formatConsoleDateTime(outcome.retryAt)}.`
            : 'The site does not try again by itself; Resend tries once more.'
        }`,
      };
    case 'no_smtp':
      return {
        done: 'Queued again, not sent: no SMTP server is set up (SMTP_URL). It goes out once one is.',
      };
    case 'busy':
    case 'taken_over':
      return {
        done: 'It is being sent right now by the scheduled delivery; its state shows here in a moment.',
      };
  }
}
