import type { Copy } from './catalogue';

/**
 * The texts each client component of a page receives (pickCopy): only these travel to the
 * browser. Kept out of the components' 'use client' modules, whose exports a server component
 * sees only as references.
 */

export const CONTACT_FORM_COPY_KEYS = [
  'contactFormLabel',
  'contactNameLabel',
  'contactEmailLabel',
  'contactMessageLabel',
  'contactSubmit',
  'contactSuccess',
  'contactFailure',
  'contactWhat',
  'contactAlternative',
  'contactAlternativeNoEmail',
] as const satisfies (keyof Copy<'home'>)[];

export const REGISTRATION_FORM_COPY_KEYS = [
  'formTitle',
  'firstName',
  'lastName',
  'email',
  'submit',
  'submitting',
  'success',
  'failurePrefix',
  'unknownError',
  'placesLeft',
  'onePlaceLeft',
  'waitlistOnly',
  'full',
  'opensAt',
  'reviewNote',
  'manageLink',
  'closedTitle',
  'memberChoice',
  'memberYes',
  'memberNo',
  'memberId',
  'memberIdHint',
  'questionOptional',
  'questionChoose',
  'questionYes',
  'questionNo',
  'membersOnlyUntil',
  'membersOnlyUntilThen',
  'membersOnlyEvent',
  'membersOnlyEventThen',
  'nonMemberOpens',
] as const satisfies (keyof Copy<'event'>)[];

/** The event status line of cards and pages (components/EventStatus). */
export const EVENT_STATUS_COPY_KEYS = [
  'statusLabel',
  'cardStatus',
  'stateComingSoon',
  'stateMemberOpen',
  'stateGeneralOpen',
  'stateWaitlistOnly',
  'stateClosed',
  'stateCompleted',
  'stateCancelled',
  'membersOnlyUntil',
] as const satisfies (keyof Copy<'event'>)[];

export const CANCEL_REGISTRATION_COPY_KEYS = [
  'manageCancel',
  'manageCancelQuestion',
  'manageCancelYes',
  'manageCancelKeep',
  'manageCancelling',
  'manageCancelFailed',
  'unknownError',
] as const satisfies (keyof Copy<'event'>)[];

export const APPLICATION_FORM_TEXT_KEYS = [
  'resumeHint',
  'resumeWrongType',
  'resumeTooLarge',
  'resumeEmpty',
  'confirmYes',
  'confirmCancel',
  'success',
  'replyFailed',
  'failure',
  'what',
  'alternative',
  'alternativeNoEmail',
] as const satisfies (keyof Copy<'joinUs'>)[];

export const SERVICES_FORM_TEXT_KEYS = [
  'success',
  'failure',
  'what',
  'alternative',
  'alternativeNoEmail',
] as const satisfies (keyof Copy<'services'>)[];

export const SLIDESHOW_COPY_KEYS = [
  'slideLabel',
  'slidePosition',
  'slideUntitled',
  'slideshowPause',
  'slideshowPlay',
  'slideshowSpoken',
  'slideChooser',
] as const satisfies (keyof Copy<'resources'>)[];
