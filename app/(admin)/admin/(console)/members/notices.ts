/**
 * What a member's page says after finance's action sent staff there (`?done=<notice>`): the
 * form that did it is no longer on the page to say it.
 */
export const MEMBER_NOTICES = {
  confirmed: (name: string, memberId: string | null) =>
    `Payment confirmed: ${name} is an active member, ${memberId ?? 'without an ID'}. The activation email is on its way.`,
  flagged: (name: string) =>
    `${name}'s membership is in payment review; the member was emailed what is wrong.`,
  refunded: (name: string) =>
    `Refund recorded: the membership has ended, ${name} is refunded and was emailed.`,
  refundedKept: (name: string) =>
    `Refund recorded: ${name} was emailed. The membership does not end with it.`,
  refundPending: () => 'Refund recorded as pending: mark it sent once the money is sent.',
  accepted: (name: string, memberId: string | null) =>
    `Payment accepted: ${name} is an active member, ${memberId ?? 'without an ID'}. The activation email is on its way.`,
  acceptedRefunded: (name: string, memberId: string | null) =>
    `Payment accepted: ${name} is an active member, ${memberId ?? 'without an ID'}, and the refund of the difference is recorded. The activation email is on its way.`,
  returned: (name: string) => `The payment was returned to ${name}, who was emailed.`,
  reversed: (name: string) =>
    `Payment marked reversed: ${name}'s membership is in payment review and the member was emailed. Record the new payment when it arrives.`,
} as const;

export type MemberNotice = keyof typeof MEMBER_NOTICES;

export function isMemberNotice(value: unknown): value is MemberNotice {
  return typeof value === 'string' && Object.hasOwn(MEMBER_NOTICES, value);
}
