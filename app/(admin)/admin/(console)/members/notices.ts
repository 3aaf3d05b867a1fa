/**
 * What a member's page says after finance's action sent staff there (`?done=<notice>`): the
 * form that did it is no longer on the page to say it.
 */
export const MEMBER_NOTICES = {
  confirmed: (name: string, memberId: string | null) =>
    `Payment confirmed: ${name} is an active member, ${memberId ?? 'without an ID'}. The activation email is on its way.`,
  flagged: (name: string) =>
    `${name}'s membership is in payment review; the member was emailed what is wrong.`,
  refunded: (name: string) => `Refund recorded: ${name} is refunded and was emailed.`,
  refundPending: () => 'Refund recorded as pending: mark it sent once the money is sent.',
} as const;

export type MemberNotice = keyof typeof MEMBER_NOTICES;

export function isMemberNotice(value: unknown): value is MemberNotice {
  return typeof value === 'string' && Object.hasOwn(MEMBER_NOTICES, value);
}
