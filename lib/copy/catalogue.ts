import { textOr } from '../content/coerce';

/**
 * Every piece of visible copy that is neither a page's main content (homePage, joinUsPage, …)
 * nor database data: titles, buttons, labels, status, empty and error texts. Each entry is a field
 * of a "texts" document in the Studio, one document per page, and its text here is the spec's
 * wording: the bundled dataset holds it as the field's value, and the site falls back to it when
 * an editor leaves the field empty.
 *
 * `{name}` in a text is filled in by the site (an email address, a date, an event's title); the
 * Studio field's description says which names a text may use.
 *
 * The Studio's schema (schemas/singletons/texts.ts), the reads (lib/copy/read.ts), the bundled
 * documents and the coverage test all come from this one list.
 */

type Entry = readonly [studioTitle: string, text: string];

function page<const F extends Record<string, Entry>>(title: string, fields: F) {
  return { title, fields };
}

export const COPY_PAGES = {
  site: page('Site-wide texts', {
    brandName: ['Brand name in the navigation bar', 'TCSA'],
    brandHome: ['Words read after the brand name by screen readers', 'home'],
    skipLink: ['Skip link (keyboard users)', 'Skip to main content'],
    navLabel: ['Navigation bar: name for screen readers', 'Main'],
    menuOpen: ['Navigation bar: menu button on phones, closed', 'Open menu'],
    menuClose: ['Navigation bar: menu button on phones, open', 'Close menu'],
    footerLabel: ['Footer links: name for screen readers', 'Footer'],
    socialLabel: ['Footer badges: name for screen readers', 'Social media'],
    navHome: ['Navigation: Home', 'Home'],
    navEvents: ['Navigation: Events', 'Events'],
    navAlumni: ['Navigation: Alumni', 'Alumni'],
    navJoinUs: ['Navigation: Join Us', 'Join Us'],
    navMembership: ['Navigation: Membership', 'Membership'],
    navResources: ['Navigation: Resources', 'Resources'],
    navServices: ['Navigation: Services', 'Services'],
    navPartnerships: ['Navigation: Partnerships', 'Partnerships'],
    footerHome: ['Footer: link to the home page', 'TCSA'],
    footerPrivacy: ['Footer: link to the privacy policy', 'Privacy Policy'],
    footerTerms: ['Footer: terms text', 'Terms of Service'],
    opensInNewTab: ['Said after links that open a new tab', '(opens in a new tab)'],
    notFoundTitle: ['Page not found: title', 'Page not found'],
    notFoundText: [
      'Page not found: text',
      'The page you are looking for does not exist or has moved. Try one of these instead:',
    ],
    notFoundHome: ['Page not found: home button', 'Go to the home page'],
    notFoundEvents: ['Page not found: events button', 'See our events'],
    errorTitle: ['Error page: title', 'Something went wrong'],
    errorText: [
      'Error page: text',
      'This page could not be shown right now. Please try again in a moment.',
    ],
    errorReference: ['Error page: reference ({reference})', '(reference {reference})'],
    errorRetry: ['Error page: retry button', 'Try again'],
    errorHome: ['Error page: home button', 'Go to the home page'],
    previewTitle: ['Preview banner: title', 'Preview mode'],
    previewText: [
      'Preview banner: text ({page})',
      'You are seeing drafts of {page} that are not published yet.',
    ],
    previewPublished: ['Preview banner: link to the published page', 'See the published page'],
    previewExit: ['Preview banner: exit button', 'Exit preview'],
    previewInvalidTitle: ['Preview link not valid: title', 'This preview link is not valid'],
    previewInvalidWrong: [
      'Preview link not valid: wrong secret',
      'The secret in this link is wrong or out of date.',
    ],
    previewInvalidMissing: ['Preview link not valid: no secret', 'This link has no secret in it.'],
    previewNotConfigured: [
      'Preview link not valid: previews are off',
      'Previews of unpublished changes are not set up on this site.',
    ],
    previewInvalidAsk: [
      'Preview link not valid: whom to ask ({email})',
      'Ask the club executive who sent you the link for a new one, or write to the club at {email}.',
    ],
    invalidData: [
      'Any list: the server answered something that is not a list',
      'Invalid data format received from server',
    ],
    formSending: ['Forms: button while sending', 'Sending...'],
    formEmailOff: [
      'Forms: notice when email is not set up ({what})',
      'Email sending is not set up on this site yet: your {what} is still received and stored for the club, but no email is sent.',
    ],
    formReceivedEmailFailed: [
      'Forms: receipt when the email failed ({received}, {what})',
      '{received} The email about it could not be sent, but the club has your {what} and will reply to you by email.',
    ],
    formReceivedEmailOff: [
      'Forms: receipt when email is not set up ({received}, {what})',
      '{received} Emails are not sent from this site yet, but the club has your {what} and will reply to you by email.',
    ],
    titleHome: ['Browser tab title: home page', 'TCSA | Telfer Chinese Student Association'],
    titleTemplate: [
      'Browser tab title of the other pages ({title}: the page’s name below)',
      '{title} | TCSA',
    ],
    titleEvents: ['Browser tab title: events page (whole title)', 'Events'],
    titleAlumni: ['Browser tab: name of the alumni page', 'Alumni'],
    titleJoinUs: ['Browser tab: name of the join-us page', 'Join Us'],
    titleMembership: ['Browser tab: name of the membership page', 'Membership'],
    titleMembershipJoin: [
      'Browser tab: name of the membership application page',
      'Apply for Membership',
    ],
    titleMembershipConfirm: [
      'Browser tab: name of the page a confirmation link opens',
      'Confirm your Application',
    ],
    titleMembershipEvents: ['Browser tab: name of the member events page', 'Member Events'],
    titleMembershipFaq: ['Browser tab: name of the membership FAQ', 'Membership FAQ'],
    titleMembershipPolicies: [
      'Browser tab: name of the membership policies',
      'Membership Policies',
    ],
    titleMemberId: ['Browser tab: name of the forgot member ID page', 'Forgot Your Member ID'],
    titleChangeDetails: [
      'Browser tab: name of the change details page',
      'Change Your Membership Details',
    ],
    titleChangeConfirm: [
      'Browser tab: name of the page a change request’s confirmation link opens',
      'Confirm your Change Request',
    ],
    titleUnsubscribe: [
      'Browser tab: name of the page an announcement’s unsubscribe link opens',
      'Unsubscribe from Announcements',
    ],
    titleResources: ['Browser tab: name of the resources page', 'Resources'],
    titleServices: ['Browser tab: name of the services page', 'Services'],
    titlePartnerships: ['Browser tab: name of the partnerships page', 'Partnerships'],
    titleDesigns: ['Browser tab: name of the designs page', 'Designs'],
    titlePrivacy: ['Browser tab: name of the privacy policy', 'Privacy Policy'],
    titleNotFound: ['Browser tab: name of the page-not-found page', 'Page not found'],
    titlePreviewInvalid: [
      'Browser tab: name of the preview-link-not-valid page',
      'Preview link not valid',
    ],
    titleManage: [
      'Browser tab title: a registration (manage link, whole title)',
      'Your registration',
    ],
  }),

  home: page('Home page texts', {
    teamLoading: ['Team: loading', 'Loading team members...'],
    teamErrorPrefix: ['Team: error (followed by the reason)', 'Error loading team members: '],
    teamError: ['Team: error reason when none is known', 'Failed to load team members.'],
    teamEmpty: ['Team: no members', 'No member data received'],
    teamChartLabel: ['Team: chart name for screen readers', 'Team structure chart'],
    teamHintTouch: ['Team: hint on phones', 'Tap a portrait to meet the team member.'],
    teamHintPointer: [
      'Team: hint on computers',
      'Hover over or tab to a portrait to meet the team member.',
    ],
    eventsLoading: ['Events: loading', 'Loading events...'],
    eventsError: ['Events: error', 'Failed to load events'],
    eventsEmpty: ['Events: none', 'No upcoming events at the moment.'],
    eventsMoreSpoken: ['Events: "more" link for screen readers', 'More events'],
    roadmapCaption: [
      'Roadmap: table caption (screen readers)',
      'Club roadmap: events held and people influenced per year',
    ],
    roadmapYear: ['Roadmap: year column', 'Year'],
    roadmapEvents: ['Roadmap: events chart and column', 'Events held'],
    roadmapPeople: ['Roadmap: people chart and column', 'People influenced'],
    galleryTitle: ['Gallery: section title (screen readers)', 'Photo gallery'],
    galleryLabel: [
      'Gallery: how to use it, for screen readers',
      'Photo gallery: use the left and right arrow keys to browse',
    ],
    galleryLoading: ['Gallery: loading', 'Loading gallery...'],
    galleryErrorPrefix: ['Gallery: error (followed by the reason)', 'Error loading gallery: '],
    galleryError: ['Gallery: error reason when none is known', 'Failed to load gallery images'],
    galleryPlaceholderCaptions: [
      'Gallery: captions of the 12 built-in pictures shown while the gallery is empty (one per line)',
      [
        'Lunar New Year Gala',
        'Mid-Autumn Mooncakes',
        'Case Competition Night',
        'Welcome Week',
        'Dumpling Workshop',
        'Networking Mixer',
        'Dragon Boat Day',
        'Resume Clinic',
        'Karaoke Night',
        'Alumni Panel',
        'Hot Pot Social',
        'Graduation Photos',
      ].join('\n'),
    ],
    galleryPrevious: ['Gallery: previous button', 'Previous picture'],
    galleryNext: ['Gallery: next button', 'Next picture'],
    sponsorsLoading: ['Sponsors: loading', 'Loading sponsors...'],
    sponsorsError: ['Sponsors: error', 'Failed to load sponsors'],
    sponsorsEmpty: ['Sponsors: none', 'Our sponsors and partners will be announced soon.'],
    contactTitle: ['Contact: title', 'Contact Us'],
    contactFormLabel: ['Contact form: name for screen readers', 'Contact us'],
    contactWithEmail: [
      'Contact: introduction ({email})',
      'Email us at {email} or send a message with the form.',
    ],
    contactWithoutEmail: [
      'Contact: introduction without an email',
      'Send us a message with the form.',
    ],
    contactNameLabel: ['Contact form: name label', 'Name'],
    contactEmailLabel: ['Contact form: email label', 'Email'],
    contactMessageLabel: ['Contact form: message label', 'Message'],
    contactSubmit: ['Contact form: send button', 'Send Message'],
    contactSuccess: ['Contact form: sent', 'Message sent successfully!'],
    contactFailure: [
      'Contact form: failed',
      'An error occurred, please try again. See console for details.',
    ],
    contactWhat: ['Contact form: what is sent (in the notices)', 'message'],
    contactAlternative: [
      'Contact form: other way to reach the club ({email})',
      'You can also email us at {email}.',
    ],
    contactAlternativeNoEmail: [
      'Contact form: other way without an email',
      'You can also email us directly.',
    ],
  }),

  events: page('Events page texts', {
    loading: ['Loading', 'Loading events...'],
    error: ['Error', 'Failed to load events'],
    empty: ['No events', 'No events available at the moment.'],
    upcomingTitle: ['Upcoming events heading', 'Upcoming Events'],
    pastTitle: ['Past events heading', 'Past Events'],
    cardNoTitle: ['Card: missing title', 'No Event Title'],
    cardNoLocation: ['Card: missing location', 'Location not specified'],
    cardNoOrganizer: ['Card: missing organizer', 'Organizer not specified'],
    cardNoDate: ['Card: missing date', 'Date not specified'],
    cardNoTime: ['Card: missing time', 'Time not specified'],
    cardLocation: ['Card: location label', 'Location:'],
    cardDate: ['Card: date label', 'Date:'],
    cardTime: ['Card: time label', 'Time:'],
    cardOrganizer: ['Card: organizer label', 'Organizer:'],
    cardRegister: ['Card: register button', 'Register'],
    cardView: ['Card: button of a past event', 'View event'],
    cardRegisterFor: ['Card: register button for screen readers ({title})', 'Register for {title}'],
    cardViewEvent: ['Card: past event button for screen readers ({title})', 'View event: {title}'],
    cardPast: ['Card: past event badge', 'Past event'],
    cardOngoing: ['Card: event under way badge', 'Happening now'],
  }),

  event: page('Event page texts', {
    pageTitle: ['Title when the event has none', 'Event Details'],
    loading: ['Loading', 'Loading event details...'],
    noData: ['No event data', 'No event data received'],
    loadFailure: ['Error', 'Failed to load event details. Please try again later.'],
    backToEvents: ['Link back to the events (after an error)', 'Back to all events'],
    allEvents: ['Link back to the events', 'All events'],
    noPoster: ['No poster', 'No poster available'],
    posterAlt: ['Poster description for screen readers ({title})', 'Poster for {title}'],
    pastBadge: ['Past event badge', 'Past event'],
    dateTime: ['Date & Time label', 'Date & Time'],
    location: ['Location label', 'Location'],
    organizer: ['Organizer label', 'Organizer'],
    duration: ['Duration label', 'Duration'],
    noDuration: ['Missing duration', 'Duration not specified'],
    timeZone: ['Time zone after a time', 'Ottawa time (ET)'],
    timeZoneNote: ['Time zone note', 'Dates and times are shown in Ottawa time (America/Toronto).'],
    calendarFile: ['Calendar file button', 'Add to calendar (.ics)'],
    googleCalendar: ['Google Calendar button', 'Add to Google Calendar'],
    closedTitle: ['Registration closed: title', 'Registration closed'],
    closed: ['Registration closed: text', 'Registration is closed for this event.'],
    tookPlace: ['Registration closed: past event ({date})', 'This event took place on {date}.'],
    started: ['Registration closed: event under way', 'This event has already started.'],
    seeUpcoming: ['Registration closed: link to the events', 'See our upcoming events'],
    formTitle: ['Form: title', 'Register for this Event'],
    firstName: ['Form: first name label', 'First Name'],
    lastName: ['Form: last name label', 'Last Name'],
    email: ['Form: email label', 'Email'],
    submit: ['Form: button', 'Register'],
    submitting: ['Form: button while sending', 'Registering...'],
    success: [
      'Form: registered',
      'Registration successful! You are now registered for this event.',
    ],
    failurePrefix: ['Form: failed (followed by the reason)', 'Registration failed: '],
    unknownError: ['Form: reason when none is known', 'Unknown error'],
    placesLeft: ['Registration: places left ({count})', '{count} places left'],
    onePlaceLeft: ['Registration: one place left', '1 place left'],
    waitlistOnly: ['Registration: full, waitlist open', 'Waitlist only'],
    full: ['Registration: full, no waitlist', 'Event full'],
    opensAt: ['Registration: not open yet ({date})', 'Registration opens {date}'],
    memberChoice: ['Form: member or not, question', 'Are you a TCSA member?'],
    memberYes: ['Form: member or not, I am a member', 'I am a member'],
    memberNo: ['Form: member or not, I am not a member', 'I am not a member'],
    questionOptional: ["Form: the event's questions, beside an optional one", '(optional)'],
    questionChoose: ["Form: the event's questions, a list's first line", 'Choose…'],
    questionYes: ["Form: the event's questions, a yes / no question's yes", 'Yes'],
    questionNo: ["Form: the event's questions, a yes / no question's no", 'No'],
    memberId: ['Form: member ID label', 'Member ID'],
    memberIdHint: [
      'Form: member ID hint',
      'As in your activation email, e.g. TCSA-26-0001. Enter the uOttawa email of your membership as your email.',
    ],
    membersOnlyUntil: [
      'Registration: member window ({date}: public opening)',
      'Members only until {date}',
    ],
    membersOnlyEvent: ['Registration: members-only event', 'This event is for members only.'],
    membersOnlyUntilThen: [
      'Registration: member window, then the places or the waitlist ({date}: public opening; {then}: places left or waitlist only)',
      'Members only until {date}. {then}',
    ],
    membersOnlyEventThen: [
      'Registration: members-only event, then the places ({then}: places left)',
      'This event is for members only. {then}',
    ],
    nonMemberOpens: [
      'Form: non-member in the member window ({date})',
      'Registration opens to everyone on {date}. Members register now with their member ID.',
    ],
    statusLabel: ['Event status label', 'Status'],
    cardStatus: ['Event card: status label', 'Status:'],
    stateComingSoon: ['Event status: coming soon', 'Coming soon'],
    stateMemberOpen: ['Event status: member registration open', 'Member registration open'],
    stateGeneralOpen: ['Event status: general registration open', 'General registration open'],
    stateWaitlistOnly: ['Event status: waitlist only', 'Waitlist only'],
    stateClosed: ['Event status: registration closed', 'Registration closed'],
    stateCompleted: ['Event status: completed', 'Completed'],
    stateCancelled: ['Event status: cancelled', 'Cancelled'],
    reviewNote: [
      'Registration: registrations are reviewed',
      'Registrations for this event are reviewed by the organisers.',
    ],
    manageLink: ['After registering: link to the manage page', 'See or cancel your registration'],
    manageTitle: ['Manage page: title', 'Your registration'],
    manageFor: ['Manage page: the event ({title})', 'For {title}'],
    manageStatus: ['Manage page: status label', 'Status'],
    manageWaitlistPosition: [
      'Manage page: place on the waitlist ({position})',
      'Your place on the waitlist: {position}',
    ],
    manageCancel: ['Manage page: cancel button', 'Cancel my registration'],
    manageCancelQuestion: ['Manage page: cancel, asked again', 'Cancel your registration?'],
    manageCancelYes: ['Manage page: cancel, confirmed', 'Yes, cancel it'],
    manageCancelKeep: ['Manage page: cancel, not confirmed', 'Keep my registration'],
    manageCancelling: ['Manage page: while cancelling', 'Cancelling...'],
    manageCancelFailed: [
      'Manage page: cancel failed (followed by the reason)',
      'Cancellation failed: ',
    ],
    manageLateNote: [
      'Manage page: late cancellation note ({hours})',
      'Cancelling less than {hours} hours before the start counts as a late cancellation.',
    ],
    manageStarted: [
      'Manage page: event started',
      'The event has started, so this registration can no longer be cancelled.',
    ],
    manageEventLink: ['Manage page: link to the event', 'Event page'],
    statusConfirmed: ['Status: confirmed', 'Confirmed: your place is kept for you.'],
    statusWaitlisted: [
      'Status: waitlisted',
      'On the waitlist: we will email you if a place opens up.',
    ],
    statusSubmitted: [
      'Status: awaiting review',
      'Awaiting review: the organisers will email you their answer.',
    ],
    statusDeclined: [
      'Status: declined',
      'Declined: the organisers could not offer you a place this time.',
    ],
    statusCancelled: ['Status: cancelled', 'Cancelled.'],
    statusAttended: ['Status: checked in', 'Checked in. Enjoy the event!'],
    statusNoShow: ['Status: no-show', 'Not checked in at the event.'],
    statusExcused: ['Status: excused', 'Excused absence.'],
    statusWordSubmitted: ['Status word: awaiting review', 'Awaiting review'],
    statusWordConfirmed: ['Status word: confirmed', 'Confirmed'],
    statusWordWaitlisted: ['Status word: waitlisted', 'Waitlisted'],
    statusWordDeclined: ['Status word: declined', 'Declined'],
    statusWordCancelled: ['Status word: cancelled', 'Cancelled'],
    statusWordAttended: ['Status word: checked in', 'Checked in'],
    statusWordNoShow: ['Status word: no-show', 'No-show'],
    statusWordExcused: ['Status word: excused', 'Excused'],
  }),

  registrationEmails: page('Emails about event registrations', {
    greeting: ['Every email: greeting ({name})', 'Hi {name},'],
    detailWhen: ['Event details: when', 'When'],
    detailWhere: ['Event details: where', 'Where'],
    detailRegisteredAs: ['Event details: registered as a member', 'Registered as'],
    detailMember: ['Event details: the member ({memberId})', 'Member {memberId}'],
    eventFallbackTitle: ['An event without a title is called', 'the event'],
    doorCodeIntro: ['Door code: text above it', 'Show this code at the door to check in:'],
    doorCodeAlt: ['Door code: description for screen readers', 'Check-in code'],
    manageButton: ['Button: manage the registration', 'Manage my registration'],
    seeButton: ['Button: see the registration', 'See my registration'],
    eventPageButton: ['Button: the event page', 'Event page'],
    confirmedSubject: ['Registered: subject ({title})', 'You are registered for {title}'],
    confirmedLead: ['Registered: first paragraph ({title})', 'Your place at {title} is confirmed.'],
    promotedSubject: [
      'Off the waitlist: subject ({title})',
      'A place opened up: you are in for {title}',
    ],
    promotedLead: [
      'Off the waitlist: first paragraph ({title})',
      'Good news: a place opened up and you have been moved from the waitlist. Your place at {title} is confirmed.',
    ],
    calendarAttached: [
      'Registered: the calendar file',
      'The calendar file attached adds the event to your calendar.',
    ],
    cancelPlease: [
      'Registered: please cancel if you cannot come',
      'Cannot come after all? Please cancel, so that someone on the waitlist gets your place.',
    ],
    waitlistedSubject: ['Waitlist: subject ({title})', 'You are on the waitlist for {title}'],
    waitlistedLead: [
      'Waitlist: first paragraph ({title}, {position})',
      '{title} is full, so you are on its waitlist (position {position}). If a place opens up, we will email you.',
    ],
    waitlistedLeadNoPosition: [
      'Waitlist: first paragraph, position unknown ({title})',
      '{title} is full, so you are on its waitlist. If a place opens up, we will email you.',
    ],
    waitlistedButton: ['Waitlist: button', 'See my place or leave the waitlist'],
    reviewSubject: [
      'Awaiting review: subject ({title})',
      'We received your registration for {title}',
    ],
    reviewLead: [
      'Awaiting review: first paragraph ({title})',
      'Thank you for registering for {title}. The organisers review each registration for this event, so you do not have a place yet. We will email you as soon as they have decided.',
    ],
    reviewWithdraw: [
      'Awaiting review: how to withdraw',
      'Changed your mind? The same link lets you withdraw your registration.',
    ],
    declinedSubject: ['Declined: subject ({title})', 'Your registration for {title}'],
    declinedLead: [
      'Declined: first paragraph ({title})',
      'Thank you for your interest in {title}. We are sorry: the organisers could not offer you a place this time.',
    ],
    declinedNote: [
      'Declined: the organisers’ note ({reason})',
      'Note from the organisers: {reason}',
    ],
    declinedClosing: ['Declined: closing', 'We hope to see you at another event soon.'],
    cancelledSubject: [
      'Cancelled: subject ({title})',
      'Your registration for {title} is cancelled',
    ],
    cancelledLead: [
      'Cancelled: first paragraph ({title})',
      'Your registration for {title} is cancelled.',
    ],
    cancelledReason: ['Cancelled: the reason ({reason})', 'Reason: {reason}'],
    cancelledMistake: [
      'Cancelled: if it is a mistake',
      'If this is a mistake, you can register again from the event page while registration is open.',
    ],
    linkAgainSubject: ['Link sent again: subject ({title})', 'Your registration link for {title}'],
    linkAgainLead: [
      'Link sent again: first paragraph ({title})',
      'Someone, probably you, tried to register for {title} again with this email address. You are already registered, so nothing changed. Here is your personal link again: it shows your registration and lets you cancel it.',
    ],
    linkAgainNotYou: [
      'Link sent again: if it was not you',
      'If it was not you, you can ignore this email: only this address receives the link.',
    ],
    reminderSubject: ['Reminder: subject ({title}, {when})', 'Reminder: {title} is {when}'],
    reminderLead: [
      'Reminder: first paragraph ({title}, {when})',
      'This is a reminder that {title} starts {when}.',
    ],
    reminderCancel: [
      'Reminder: please cancel if you cannot come',
      'Cannot come? Please cancel, so that your place goes to someone else.',
    ],
    whenTodayAt: ['Reminder’s {when}: the same day ({time})', 'today at {time}'],
    whenToday: ['Reminder’s {when}: the same day, no time set', 'today'],
    whenTomorrowAt: ['Reminder’s {when}: the next day ({time})', 'tomorrow at {time}'],
    whenTomorrow: ['Reminder’s {when}: the next day, no time set', 'tomorrow'],
    whenOnDayAt: ['Reminder’s {when}: a later day ({date}, {time})', 'on {date} at {time}'],
    whenOnDay: ['Reminder’s {when}: a later day, no time set ({date})', 'on {date}'],
    messageWhy: [
      'Message from the organisers: why they get it ({title})',
      'You receive this email because you registered for {title}.',
    ],
    changeSubject: ['New date, time or place: subject ({what}, {title})', 'New {what} for {title}'],
    changeLead: [
      'New date, time or place: first paragraph ({what}, {title})',
      'The {what} of {title} changed. Here are the new details:',
    ],
    changeCalendar: [
      'New date, time or place: the calendar file',
      'The calendar file attached updates the event in your calendar.',
    ],
    changeCancel: [
      'New date, time or place: please cancel if you cannot come',
      'Cannot come any more? Please cancel with your link, so that someone else gets your place.',
    ],
    changeDate: ['What changed: the date', 'date'],
    changeTime: ['What changed: the time', 'time'],
    changePlace: ['What changed: the place', 'place'],
    changeDetails: ['What changed: more than one thing (fallback)', 'details'],
    changeTwo: ['What changed: two things ({first}, {second})', '{first} and {second}'],
    changeThree: [
      'What changed: three things ({first}, {second}, {third})',
      '{first}, {second} and {third}',
    ],
  }),

  consoleEmails: page('Emails to the club’s executives', {
    greeting: ['Every email: greeting ({name})', 'Hi {name},'],
    inviteSubject: [
      'Invitation to the console: subject ({club})',
      'You are invited to the {club} console',
    ],
    inviteLead: [
      'Invitation to the console: first paragraph ({role})',
      "You have been invited to run the club's website as {role}. Choose your password with this one-time link:",
    ],
    inviteButton: ['Invitation to the console: button', 'Set my password'],
    roleSuperAdmin: ['Invitation’s {role}: super admin', 'super admin'],
    roleCoordinator: ['Invitation’s {role}: coordinator', 'coordinator'],
    roleFinance: ['Invitation’s {role}: finance', 'finance'],
    roleEventLead: ['Invitation’s {role}: event lead', 'event lead'],
    resetSubject: ['Password reset: subject', 'Reset your console password'],
    resetLead: [
      'Password reset: first paragraph',
      'A password reset was requested for your console account. Choose a new password with this one-time link:',
    ],
    resetButton: ['Password reset: button', 'Reset my password'],
    linkOnce: [
      'Every email: how long the link works, if unexpected ({validFor})',
      'The link works once, within {validFor}. If you did not expect this email, you can ignore it.',
    ],
    validForDays: ['How long the link works ({validFor}): in days ({days})', '{days} days'],
    validForHours: ['How long the link works ({validFor}): in hours ({hours})', '{hours} hours'],
  }),

  membershipEmails: page('Emails about memberships', {
    greeting: ['Every email: greeting ({name})', 'Hi {name},'],
    contactClub: [
      'Most emails: last paragraph ({email}: the membership contact address)',
      'Questions? Write to the club at {email}.',
    ],
    detailMemberId: ['Details: member ID', 'Member ID'],
    detailMemberIdLater: ['Details: member ID, before activation', 'given at activation'],
    detailMembership: ['Details: membership', 'Membership'],
    detailMembershipPrice: [
      'Details: the membership with its price ({type}, {amount})',
      '{type} ({amount})',
    ],
    detailValid: ['Details: valid', 'Valid'],
    validity: ['Details: from when until when ({from}, {until})', '{from} to {until}'],
    detailStatus: ['Details: status', 'Status'],
    detailAmount: ['Details: amount', 'Amount'],
    detailAmountDue: ['Details: amount due', 'Amount due'],
    detailReference: ['Details: payment reference', 'Your payment reference'],
    detailEtransferTo: ['Details: e-Transfer address', 'e-Transfer to'],
    detailSendTo: ['Details: e-Transfer address, to pay', 'Send an Interac e-Transfer to'],
    detailPutReference: ['Details: payment reference, to pay', 'Put this reference in the message'],
    statusPending: ['Status: pending', 'Pending'],
    statusActive: ['Status: active', 'Active'],
    statusPaymentReview: ['Status: payment review', 'Payment review'],
    statusSuspended: ['Status: suspended', 'Suspended'],
    statusExpired: ['Status: expired', 'Expired'],
    statusRefunded: ['Status: refunded', 'Refunded'],
    statusCancelled: ['Status: cancelled', 'Cancelled'],
    policiesButton: ['Button: membership policies', 'Membership policies'],
    faqButton: ['Button: membership FAQ', 'Membership FAQ'],
    membershipPageButton: ['Button: membership page', 'Membership page'],

    confirmSubject: [
      'Confirm your address: subject',
      'TCSA membership: confirm your uOttawa email',
    ],
    confirmLead: [
      'Confirm your address: first paragraph ({type}, {hours})',
      'Thank you for applying to become a TCSA member ({type}). Your application counts once you confirm that this uOttawa email is yours: open the link below within {hours} hours. It then shows you how to pay, and we email you the same instructions.',
    ],
    confirmButton: ['Confirm your address: button', 'Confirm my application'],
    confirmExpired: [
      'Confirm your address: last paragraph ({email})',
      'The link expired? Apply again on the membership page with the same uOttawa email: we send you a new link. If you did not apply, ignore this email: nothing happens unless the link is opened. Questions? Write to the club at {email}.',
    ],

    receivedSubject: [
      'Application received: subject ({reference})',
      'TCSA membership: application received ({reference})',
    ],
    receivedLead: [
      'Application received: first paragraph',
      'Thank you for applying to become a TCSA member. Your application is received and pending: it becomes active once the club confirms your payment.',
    ],
    receivedStatus: ['Application received: its status', 'Pending payment'],
    receivedHowToPay: [
      'Application received: how to pay ({amount}, {etransferAddress}, {reference}; the year’s e-Transfer instructions follow)',
      'How to pay: send {amount} by Interac e-Transfer to {etransferAddress}, with {reference} in the e-Transfer message so we can match it to your application.',
    ],
    receivedNext: [
      'Application received: what happens next ({nextSteps}: the membership page’s words)',
      'What happens next: {nextSteps}',
    ],
    receivedQuestions: [
      'Application received: last paragraph ({email})',
      'Questions? Write to the club at {email}. If you did not apply, you can ignore this email: nothing happens without a payment.',
    ],

    alreadySubject: ['Already applied: subject', 'TCSA membership: you have already applied'],
    alreadyLead: [
      'Already applied: first paragraph ({years})',
      'Someone, probably you, applied for a TCSA membership with this uOttawa email. This address already has a membership application for the {years} membership year, so we did not make a second one.',
    ],
    alreadyMemberId: [
      'Already applied: the member ID ({memberId})',
      'Your member ID is {memberId}. You can also have it emailed to you with ‘I forgot my member ID’ on the membership page.',
    ],
    alreadyNoMemberId: [
      'Already applied: the member ID, before activation',
      'Your member ID is given when the club confirms your payment: we email it to you then. Afterwards, ‘I forgot my member ID’ on the membership page sends it to this address again.',
    ],
    alreadyPending: [
      'Already applied: changes, not paid yet ({email})',
      'Not paid yet? The payment instructions are in the email we sent when you confirmed your application. Lost it, or want to change something? Write to the membership coordinator through ‘Change my details’ on the membership page, or to the club at {email}.',
    ],
    alreadyChange: [
      'Already applied: changes ({email})',
      'Want to change something? Write to the membership coordinator through ‘Change my details’ on the membership page, or to the club at {email}.',
    ],
    alreadyNotYou: [
      'Already applied: last paragraph',
      'Did not apply again? You can ignore this email: nothing changes.',
    ],

    activatedSubject: [
      'Membership active: subject ({memberId})',
      'Your TCSA membership is active ({memberId})',
    ],
    activatedSubjectNoId: [
      'Membership active: subject, without a member ID',
      'Your TCSA membership is active',
    ],
    activatedLead: [
      'Membership active: first paragraph',
      'Welcome to the club! We received your payment and your membership is now active.',
    ],
    activatedKeepId: [
      'Membership active: keep your member ID',
      'Keep your member ID: you will need it, with your uOttawa email, to register for events as a member.',
    ],
    activatedBenefits: [
      'Membership active: what membership gives',
      'What membership gives you: Early registration for selected club events; Priority for application-based events such as office tours; Member prices and member-only events; Priority on waitlists and for volunteer roles.',
    ],
    activatedPriority: [
      'Membership active: priority is not a place',
      'Membership gives you priority access, but it does not guarantee a place at events with limited capacity or a selection.',
    ],
    activatedCopySubject: [
      'Membership active, sent again by staff: subject ({subject}: the email’s own)',
      'Copy: {subject}',
    ],
    activatedCopyLead: [
      'Membership active, sent again by staff: first paragraph',
      'The club is sending you this copy of your membership activation email again.',
    ],

    memberIdSubject: ['Your member ID: subject', 'Your TCSA member ID'],
    memberIdLead: [
      'Your member ID: first paragraph',
      'You asked for your TCSA member ID on our website. Here it is:',
    ],
    memberIdUse: [
      'Your member ID: how to use it',
      'Use it with your uOttawa email to register for events as a member.',
    ],
    memberIdNotAsked: [
      'Your member ID: last paragraph ({email})',
      'Did not ask for it? Nothing changes: the ID is only ever sent to this address. Questions? Write to the club at {email}.',
    ],

    changeSubject: ['Change request: subject', 'TCSA membership: confirm your change request'],
    changeLead: [
      'Change request: first paragraph ({hours})',
      'Someone, probably you, asked the TCSA membership coordinator to change the details of the membership of this uOttawa email. The request reaches the coordinator once you confirm it: open the link below within {hours} hours.',
    ],
    changeLeadUnmatched: [
      'Change request: first paragraph, when no membership matched ({hours})',
      'Someone, probably you, asked the TCSA membership coordinator to change the details of a membership with this uOttawa email. No membership matched the member ID and email given, so the coordinator will have to look for it. The request reaches the coordinator once you confirm it: open the link below within {hours} hours.',
    ],
    changeWhat: ['Change request: details, what to change', 'What to change'],
    changeButton: ['Change request: button', 'Confirm my request'],
    changeNotYou: [
      'Change request: last paragraph',
      'Did not ask for this? Do not open the link: nothing changes unless it is confirmed.',
    ],
    changeNotYouUnmatched: [
      'Change request: last paragraph, when no membership matched',
      'Did not ask for this? Do not open the link: nothing changes unless it is confirmed. Lost your member ID? Use ‘I forgot my member ID’ on the membership page.',
    ],

    checkSubject: [
      'Member check refused: subject',
      'TCSA membership: your member registration was not accepted',
    ],
    checkLead: [
      'Member check refused: first paragraph ({title}: the event)',
      'Your member ID and uOttawa email were just used to register as a member for {title}, and the member place was refused. The registration page only says that the ID and email do not match an active membership; here is why.',
    ],
    checkSuspendedUntil: [
      'Member check refused: why, suspended ({until})',
      'Your membership is suspended until {until}, so you cannot take a member place now.',
    ],
    checkSuspended: [
      'Member check refused: why, suspended until further notice',
      'Your membership is suspended, so you cannot take a member place now.',
    ],
    checkNotActive: [
      'Member check refused: why, not active yet',
      'Your membership is not active yet: it becomes active once the club has confirmed your payment.',
    ],
    checkExpired: [
      'Member check refused: why, expired ({until})',
      'Your membership ended on {until}. Renew it on the membership page to register as a member.',
    ],
    checkEnded: ['Member check refused: why, ended', 'This membership is no longer active.'],
    checkNotOnEventDay: [
      'Member check refused: why, not valid on the event’s day ({from}, {until})',
      'Your membership is valid from {from} to {until}, which does not cover the day of this event.',
    ],
    checkMistake: [
      'Member check refused: last paragraph ({email})',
      'If you think this is a mistake, write to the membership coordinator at {email}. Was it not you? Nothing was registered with your membership. We send this email at most once an hour.',
    ],

    problemSubject: ['Payment problem: subject', 'Your TCSA membership payment needs attention'],
    problemLead: [
      'Payment problem: first paragraph',
      'Thank you for your payment. Something does not match, so your membership is on hold until our finance team has checked it.',
    ],
    problemFound: [
      'Payment problem: what was found ({problem}: the finance team’s words)',
      'What we found: {problem}',
    ],
    problemFoundOnRecording: [
      'Payment problem found on recording it: its first line',
      'What we found when we recorded your payment:',
    ],
    problemCosts: [
      'Payment problem: a wrong amount ({amount}, {price})',
      'We received {amount}, but your membership costs {price}.',
    ],
    problemAlreadyPaid: [
      'Payment problem: paid when nothing was owed ({amount}, {price})',
      'We received {amount}, but the full {price} of your membership had already arrived, so this payment is more than you owe and we return it.',
    ],
    problemStillOwed: [
      'Payment problem: less than what was owed ({amount}, {owed}, {price})',
      'We received {amount}, but {owed} of your {price} membership was still owed.',
    ],
    problemReferenceUsed: [
      'Payment problem: the reference was used before',
      'The e-Transfer reference of your payment was already recorded for another payment, so we need to match it by hand.',
    ],
    problemWhatToDo: [
      'Payment problem: what to do ({email}, {reference})',
      'What to do: write to {email} with the date, the amount and the reference of your e-Transfer. If you sent less than the amount due, send the difference by e-Transfer with {reference} in the message; if you sent more, or paid twice, we refund the difference.',
    ],

    reversedSubject: ['Payment taken back: subject', 'Your TCSA membership payment was taken back'],
    reversedLead: [
      'Payment taken back: first paragraph ({amount}, {date})',
      'Your payment of {amount} received on {date} was taken back by the bank (a recalled e-Transfer or a returned payment), so the club no longer has it. Your membership is on hold until it is paid again.',
    ],
    reversedWhatToDo: [
      'Payment taken back: what to do ({etransferAddress}, {reference})',
      'What to do: send the amount due by e-Transfer to {etransferAddress} with {reference} in the message. Once it arrives, your membership is active again with the same member ID. If you think this is a mistake, write to us.',
    ],

    refundSubject: ['Refund sent: subject ({amount})', 'Your TCSA membership refund of {amount}'],
    refundLead: [
      'Refund sent: first paragraph ({amount}, {date})',
      'We sent you a refund of {amount} on {date}. Depending on your bank, it may take a few days to appear.',
    ],
    refundDetailDate: ['Refund sent: details, the day', 'Refunded on'],
    refundEnded: [
      'Refund sent: the membership ended with it',
      'Your membership has ended with this refund. Your member ID stays yours and is never given to anyone else.',
    ],
    refundContinues: [
      'Refund sent: the membership continues',
      'This refund does not end your membership: it stays as it was.',
    ],
    refundReturned: [
      'Refund sent: the payment never counted',
      'This payment did not count towards your membership, so we sent it back. Your membership is not affected by it.',
    ],

    unpaidSubject: [
      'Unpaid application, reminder: subject',
      'Your TCSA membership application is not paid yet',
    ],
    unpaidLead: [
      'Unpaid application, reminder: first paragraph ({type}, {date}: the day it is cancelled; the year’s e-Transfer instructions follow the details)',
      'We have not received the payment for your {type} membership application yet. If it has not arrived by {date}, your application is cancelled.',
    ],
    unpaidNothingNeeded: [
      'Unpaid application, reminder: last paragraph',
      'Already sent it? Then nothing is needed: our finance team confirms it and emails you. Changed your mind? Nothing is needed either: the application is cancelled on that day and you owe nothing.',
    ],
    unpaidCancelledSubject: [
      'Unpaid application, cancelled: subject',
      'Your TCSA membership application was cancelled',
    ],
    unpaidCancelledLead: [
      'Unpaid application, cancelled: first paragraph ({days}, {type})',
      'We did not receive a payment within {days} days of your {type} membership application, so it is now cancelled. You owe nothing.',
    ],
    unpaidCancelledSent: [
      'Unpaid application, cancelled: a payment not matched ({email}, {reference})',
      'Did you send an e-Transfer that we have not matched yet? Write to {email} with its date and your payment reference {reference}: we will sort it out.',
    ],
    unpaidCancelledApplyAgain: [
      'Unpaid application, cancelled: applying again',
      'Still want to become a member? Apply again on the membership page while applications are open, then pay by e-Transfer with the new payment reference.',
    ],

    expirySubject: [
      'Membership ends soon: subject ({date})',
      'Your TCSA membership ends on {date}',
    ],
    expiryLead: [
      'Membership ends soon: first paragraph ({memberId}, {date})',
      'Your membership {memberId} is valid until {date}. After that day, member registration and member prices are no longer available to you.',
    ],
    expiryLeadNoId: [
      'Membership ends soon: first paragraph, without a member ID ({date})',
      'Your membership is valid until {date}. After that day, member registration and member prices are no longer available to you.',
    ],
    expiryRenew: [
      'Membership ends soon: how to renew',
      'To stay a member, apply for the next membership year on the membership page once it opens: the application takes two minutes, then you pay by e-Transfer as before.',
    ],

    suspendedSubject: ['Suspension: subject', 'TCSA membership: your membership is suspended'],
    suspendedLeadUntil: [
      'Suspension: first paragraph, with an end ({memberId}, {from}, {until})',
      'Your TCSA membership {memberId} is suspended from {from} until {until} (included).',
    ],
    suspendedLeadUntilNoId: [
      'Suspension: first paragraph, with an end, without a member ID ({from}, {until})',
      'Your TCSA membership is suspended from {from} until {until} (included).',
    ],
    suspendedLeadOpen: [
      'Suspension: first paragraph, until further notice ({memberId}, {from})',
      'Your TCSA membership {memberId} is suspended from {from} until further notice.',
    ],
    suspendedLeadOpenNoId: [
      'Suspension: first paragraph, until further notice, without a member ID ({from})',
      'Your TCSA membership is suspended from {from} until further notice.',
    ],
    suspendedFrom: ['Suspension: details, from', 'Suspended from'],
    suspendedUntil: ['Suspension: details, until', 'Suspended until'],
    suspendedUntilOpen: ['Suspension: details, until further notice', 'Until further notice'],
    suspendedReason: ['Suspension: details, the coordinator’s reason', 'Reason'],
    suspendedMeaningUntil: [
      'Suspension: what it means, with an end',
      'What this means: until the suspension ends, you cannot take member places or member prices at events, and registering with your member ID is not accepted. You can still register for events open to the public like anyone else.',
    ],
    suspendedMeaningOpen: [
      'Suspension: what it means, until further notice',
      'What this means: while it lasts, you cannot take member places or member prices at events, and registering with your member ID is not accepted. You can still register for events open to the public like anyone else.',
    ],
    suspendedAfterOpen: [
      'Suspension: afterwards, until further notice ({validUntil})',
      'Your membership stays valid until {validUntil} and your member ID does not change; we email you when the suspension is lifted.',
    ],
    suspendedAfterToEnd: [
      'Suspension: afterwards, when it lasts until the membership ends ({validUntil})',
      'The suspension lasts until your membership ends on {validUntil}. Your member ID does not change.',
    ],
    suspendedAfterUntil: [
      'Suspension: afterwards, with an end ({activeAgainOn}, {validUntil})',
      'On {activeAgainOn} your membership is active again by itself. It stays valid until {validUntil} as before, and your member ID does not change.',
    ],
    suspendedQuestions: [
      'Suspension: last paragraph ({email})',
      'Questions, or think this is a mistake? Write to the membership coordinator at {email}.',
    ],

    activeAgainSubject: [
      'Suspension ended: subject',
      'TCSA membership: your membership is active again',
    ],
    liftedLead: [
      'Suspension ended: lifted early by the club ({memberId}, {date})',
      'The club lifted the suspension of your membership {memberId} on {date}: it is active again.',
    ],
    liftedLeadNoId: [
      'Suspension ended: lifted early by the club, without a member ID ({date})',
      'The club lifted the suspension of your membership on {date}: it is active again.',
    ],
    endedLead: [
      'Suspension ended: after its last day ({memberId}, {date})',
      'The suspension of your membership {memberId} has ended (its last day was {date}): it is active again.',
    ],
    endedLeadNoId: [
      'Suspension ended: after its last day, without a member ID ({date})',
      'The suspension of your membership has ended (its last day was {date}): it is active again.',
    ],
    activeAgainRights: [
      'Suspension ended: what the member can do again ({validUntil})',
      'You can again register as a member with your member ID and uOttawa email, and take member places and member prices at events, until your membership ends on {validUntil}.',
    ],
    activeAgainQuestions: [
      'Suspension ended: last paragraph ({email})',
      'Questions? Write to the membership coordinator at {email}.',
    ],

    announcementWhy: [
      'Announcement: why the member receives it (after the coordinator’s words)',
      'You receive this email because you are a member of TCSA and agreed, when you applied, to receive the club’s announcements. To stop them, unsubscribe with your own link: emails about your membership itself still reach you.',
    ],
    announcementUnsubscribe: ['Announcement: unsubscribe button', 'Unsubscribe'],
  }),

  answers: page('Form answers (said by the server)', {
    registeredWaitlisted: [
      'Registration: on the waitlist ({position})',
      'Registration successful! This event is full, so you are on the waitlist (position {position}). We will email you if a place opens up.',
    ],
    registeredWaitlistedNoPosition: [
      'Registration: on the waitlist, position unknown',
      'Registration successful! This event is full, so you are on the waitlist. We will email you if a place opens up.',
    ],
    registeredSubmitted: [
      'Registration: awaiting review',
      'Registration successful! Your registration is awaiting review by the organisers; we will email you their answer.',
    ],
    alreadyRegistered: [
      'Registration: already registered',
      'You are already registered: we have emailed your link again.',
    ],
    eventFull: ['Registration: event full', 'This event is full: no places are left.'],
    eventFullCapacity: [
      'Registration: event full ({capacity})',
      'This event is full: all {capacity} places have been taken.',
    ],
    registrationClosed: ['Registration: closed', 'Registration is closed for this event.'],
    registrationNotOpen: [
      'Registration: not open yet',
      'Registration for this event is not open yet.',
    ],
    registrationOpensOn: [
      'Registration: opens later ({date})',
      'Registration for this event opens on {date}.',
    ],
    registrationMembersFirst: [
      'Registration: members first ({date})',
      'Members only until {date}: registration opens to everyone then. Members register with their member ID.',
    ],
    registrationMembersOnly: [
      'Registration: members-only event',
      'This event is for members only: register with your member ID and the uOttawa email of your membership.',
    ],
    memberNotVerified: [
      'Registration: member ID not recognised',
      'This member ID and email do not match an active membership.',
    ],
    memberCheckMismatch: [
      'Registration as a member: refused (the same for a wrong pair and for a membership that gives no member place)',
      'This member ID and email do not match an active membership. Check both, or use ‘I forgot my member ID’ on the membership page.',
    ],
    memberCheckRateLimited: [
      'Registration as a member: too many member IDs refused for this email or network',
      'Too many member IDs that did not match. Please wait 15 minutes and try again, or use ‘I forgot my member ID’ on the membership page.',
    ],
    registrationServerError: [
      'Registration: server error',
      'Registration could not be saved because of a server error. Please try again later.',
    ],
    registrationRateLimited: [
      'Registration: too many attempts',
      'Too many registration attempts from your network. Please wait a minute and try again.',
    ],
    registrationInvalid: [
      'Registration: the form has mistakes',
      'Please correct the registration form.',
    ],
    cancelled: [
      'Manage page: cancelled',
      'Your registration is cancelled. We have sent you an email to confirm.',
    ],
    cancelledLate: [
      'Manage page: cancelled late',
      'Your registration is cancelled. It was less than the cut-off before the event, so it is recorded as a late cancellation. We have sent you an email to confirm.',
    ],
    cancelStarted: [
      'Manage page: event started',
      'The event has already started, so the registration can no longer be cancelled.',
    ],
    cancelNotPossible: [
      'Manage page: cannot be cancelled ({status})',
      'This registration can no longer be cancelled: it is {status}.',
    ],
    cancelNotPossibleAnyMore: [
      'Manage page: cannot be cancelled',
      'This registration can no longer be cancelled.',
    ],
    cancelLinkNotValid: [
      'Manage page: link not valid',
      'This registration link is not valid. Check that you opened the whole link from your email.',
    ],
    cancelServerError: [
      'Manage page: server error',
      'The cancellation could not be saved because of a server error. Please try again later.',
    ],
    messageReceived: ['Contact form: received', 'Your message has been received.'],
    requestReceived: ['Services form: received', 'Your request has been received.'],
    applicationReceived: ['Job application: received', 'Your application has been received.'],
    submissionServerError: [
      'Forms: server error ({what})',
      'Your {what} could not be saved because of a server error. Please try again later.',
    ],
    submissionRateLimited: [
      'Forms: too many attempts',
      'Too many submissions from your network. Please wait a minute and try again.',
    ],
    csrfMissing: [
      'Forms: the page is out of date (no cookie)',
      'CSRF verification failed: the csrftoken cookie is missing. Reload the page and try again.',
    ],
    csrfMismatch: [
      'Forms: the page is out of date (token)',
      'CSRF verification failed: the X-CSRFToken header does not match the csrftoken cookie. Reload the page and try again.',
    ],
    serverError: [
      'Any form: server error',
      'Something went wrong on our side. Please try again later.',
    ],
    fieldRequired: ['Field: required ({label})', '{label} is required.'],
    fieldTooLong: ['Field: too long ({label}, {max})', '{label} must be at most {max} characters.'],
    fieldUnreadable: [
      'Field: characters that could not be read ({label})',
      '{label} contains characters that could not be read. Please type it again.',
    ],
    fieldControl: [
      'Field: control characters ({label})',
      '{label} must not contain control characters.',
    ],
    fieldOneLine: [
      'Field: a line break in a one-line field ({label})',
      '{label} must be on one line: it contains a line break character.',
    ],
    fieldInvisible: [
      'Field: invisible characters ({label})',
      '{label} must not contain invisible formatting characters (such as zero-width spaces, soft hyphens, fillers or text-direction marks). Please type it again.',
    ],
    fieldLoneMark: [
      'Field: an accent without its letter ({label})',
      '{label} has an accent or combining mark with no letter before it. Please type it again.',
    ],
    fieldNoLetter: [
      'Field: no letter or digit ({label})',
      '{label} must contain a letter or a digit. Please type it again.',
    ],
    emailInvalid: ['Field: email not valid', 'Enter a valid email address.'],
    memberIdNotText: ['Field: member ID not text', 'Member ID must be text.'],
    memberIdShape: ['Field: member ID too long', 'A member ID looks like TCSA-26-0001.'],
    memberEmail: [
      'Field: member registering without the uOttawa email',
      'Use the uOttawa email of your membership (it ends with @uottawa.ca).',
    ],
    resumeMissing: [
      'Job application: no resume',
      'Choose your resume file (PDF, DOC or DOCX) to upload.',
    ],
    resumeEmpty: [
      'Job application: empty resume',
      'The resume file is empty. Choose another file.',
    ],
    resumeWrongType: [
      'Job application: resume of another type',
      'The resume must be a PDF, DOC or DOCX document, and the file you chose is not one of these (whatever its name ends with).',
    ],
    resumeTooLarge: [
      'Job application: resume too large',
      'The resume file is too large: it must be at most 5 MB.',
    ],
    labelFirstName: ['Field name in the messages: first name', 'First name'],
    labelLastName: ['Field name in the messages: last name', 'Last name'],
    labelEmail: ['Field name in the messages: email', 'Email'],
    labelName: ['Field name in the messages: name', 'Name'],
    labelMessage: ['Field name in the messages: message', 'Message'],
    labelOrganization: [
      'Field name in the messages: name or organization',
      'Name or organization name',
    ],
    labelNeeds: ['Field name in the messages: needs', 'The description of your needs'],
    labelPosition: ['Field name in the messages: position', 'Position'],
    whatMessage: ['Forms: a message (in the server error)', 'message'],
    whatRequest: ['Forms: a request (in the server error)', 'request'],
    whatApplication: ['Forms: an application (in the server error)', 'application'],
    membershipNotOnSale: [
      'Membership application: the type is not on sale any more',
      'This membership type is not on sale any more. Reload the page and choose one of the types offered.',
    ],
    membershipCheckInbox: [
      'Membership application: sent, check your inbox (the same for every address; {email}: the address typed)',
      'Check your inbox: we have sent a link to {email}. Your application counts once you open it, within 48 hours; it then shows you how to pay. No email? Check your junk folder, or apply again with the same address to get a new link.',
    ],
    membershipMemberIdAnswer: [
      'Forgot member ID: answered (whatever the email)',
      'If this address belongs to an active or expired membership, an email with the member ID is on its way to it.',
    ],
    membershipChangeCheckInbox: [
      'Change details: sent, check your inbox (the same whether or not it matched a membership)',
      'Check your uOttawa inbox: we have sent you a link to confirm your request. It reaches the membership coordinator once you open the link and confirm, within 48 hours.',
    ],
    membershipRequired: ['Membership forms: field left empty ({label})', 'Enter your {label}.'],
    membershipNotText: ['Membership forms: field not text ({label})', 'Your {label} must be text.'],
    membershipTooLong: [
      'Membership forms: too long ({label}, {max})',
      'Your {label} must be at most {max} characters.',
    ],
    membershipUnreadable: [
      'Membership forms: characters that could not be read ({label})',
      'Your {label} contains characters that could not be read. Please type it again.',
    ],
    membershipInvisible: [
      'Membership forms: invisible characters ({label})',
      'Your {label} contains invisible or formatting characters. Please type it again.',
    ],
    membershipEmailInvalid: [
      'Membership forms: uOttawa email not valid',
      'Enter a valid email address, such as name@uottawa.ca.',
    ],
    membershipEmailDomain: [
      'Membership forms: email not at uOttawa',
      'Use your uOttawa email: it must end with @uottawa.ca.',
    ],
    membershipYearOfStudy: [
      'Membership application: no year of study',
      'Choose your year of study.',
    ],
    membershipGraduationYear: [
      'Membership application: no graduation year',
      'Choose your expected graduation year.',
    ],
    membershipGraduationYearList: [
      'Membership application: graduation year not in the list',
      'Choose a graduation year from the list.',
    ],
    membershipTypeMissing: ['Membership application: no type', 'Choose a membership type.'],
    membershipIndustriesList: [
      'Membership application: industry not in the list',
      'Choose industries from the list.',
    ],
    membershipIndustriesNone: [
      'Membership application: no industry',
      'Choose at least one industry of interest.',
    ],
    membershipIndustriesTwice: [
      'Membership application: an industry twice',
      'Choose each industry once.',
    ],
    membershipConsent: [
      'Membership application: notifications not answered',
      'Tell us whether we may email you about member events.',
    ],
    membershipTerms: [
      'Membership application: terms not accepted',
      'Tick the box to accept the membership terms and the privacy notice.',
    ],
    membershipPersonalEmail: [
      'Membership application: personal email not valid',
      'Enter a valid personal email address, or leave it empty.',
    ],
    membershipLinkedin: [
      'Membership application: LinkedIn address not valid',
      'Enter your LinkedIn profile address, starting with https://www.linkedin.com/, or leave it empty.',
    ],
    membershipEventKinds: [
      'Membership application: kind of event not in the list',
      'Choose kinds of events from the list.',
    ],
    membershipMemberIdShape: [
      'Change details: member ID not valid',
      'A member ID looks like TCSA-26-0001. Leave it empty if you do not have one.',
    ],
    membershipChangesRequired: ['Change details: nothing to change', 'Tell us what to change.'],
    membershipChangesTooLong: [
      'Change details: what to change too long ({max})',
      'What to change must be at most {max} characters.',
    ],
    membershipChangesUnreadable: [
      'Change details: what to change cannot be read',
      'What to change contains characters that could not be read. Please type it again.',
    ],
    labelLegalName: ['Field name in the membership messages: legal name', 'legal name'],
    labelPreferredName: ['Field name in the membership messages: preferred name', 'preferred name'],
    labelUottawaEmail: ['Field name in the membership messages: uOttawa email', 'uOttawa email'],
    labelProgram: ['Field name in the membership messages: program', 'program'],
    labelPersonalEmail: ['Field name in the membership messages: personal email', 'personal email'],
    labelWechatId: ['Field name in the membership messages: WeChat ID', 'WeChat ID'],
    labelLinkedinUrl: [
      'Field name in the membership messages: LinkedIn profile',
      'LinkedIn profile URL',
    ],
    labelYourName: ['Field name in the membership messages: name (change details)', 'name'],
    labelMemberId: ['Field name in the membership messages: member ID', 'member ID'],
    whatMemberIdRequest: ['Forms: a member ID request (in the server error)', 'member ID request'],
    whatChangeRequest: ['Forms: a change request (in the server error)', 'change request'],
    apiNoEndpoint: [
      'Address checks: no such API address (also the doctor address while it is off)',
      'There is no API endpoint at this address.',
    ],
    doctorTokenWrong: [
      'Address checks: npm run doctor sent the wrong token',
      'The token does not match the one in the site’s data folder.',
    ],
    cronOff: [
      'Address checks: scheduled work through the address is off',
      'Scheduled work through this address is off: set CRON_SECRET on the server.',
    ],
    cronTokenWrong: [
      'Address checks: the scheduler sent a wrong secret',
      'The scheduler secret is missing or wrong (Authorization: Bearer <CRON_SECRET>).',
    ],
    cronFailed: [
      'Address checks: the scheduled work failed',
      'The scheduled work failed; see the server log.',
    ],
  }),

  joinUs: page('Join-us page texts', {
    benefitsLabel: ['Benefits: section name for screen readers', 'Member benefits'],
    benefitsLoading: ['Benefits: loading the images', 'Loading background images...'],
    benefitsError: ['Benefits: images failed', 'Failed to load background images'],
    positionsLoading: ['Positions: loading', 'Loading positions...'],
    positionsError: ['Positions: error', 'Failed to load positions'],
    positionsEmpty: ['Positions: none', 'No open positions at the moment. Check back soon!'],
    positionOpen: ['Position card: label', 'Open'],
    positionPosted: ['Position card: posted label', 'Posted:'],
    resumeHint: ['Form: resume hint', 'PDF, DOC or DOCX, up to 5 MB.'],
    resumeWrongType: [
      'Form: resume of the wrong type',
      'Please choose your resume as a PDF, DOC or DOCX file.',
    ],
    resumeTooLarge: [
      'Form: resume too large',
      'Your resume is larger than 5 MB. Please choose a smaller file.',
    ],
    resumeEmpty: [
      'Form: empty resume file',
      'This file is empty. Please choose your resume again.',
    ],
    confirmYes: ['Form: confirm button', 'Yes, submit'],
    confirmCancel: ['Form: cancel button', 'Cancel'],
    success: [
      'Form: sent',
      'Your application has been submitted. You should receive a confirmation email shortly.',
    ],
    replyFailed: [
      'Form: sent without confirmation',
      'Application sent but failed to send confirmation email.',
    ],
    failure: ['Form: failed', 'Failed to send application. Please try again later.'],
    what: ['Form: what is sent (in the notices)', 'application'],
    alternative: [
      'Form: other way to apply ({email})',
      'You can also email your resume to {email}.',
    ],
    alternativeNoEmail: [
      'Form: other way without an email',
      'You can also email your resume to the club.',
    ],
  }),

  alumni: page('Alumni page texts', {
    formerTitle: ['Former members: title', 'Former Club Members'],
    formerLoading: ['Former members: loading', 'Loading alumni...'],
    formerError: ['Former members: error', 'Failed to load alumni'],
    formerEmpty: ['Former members: none', 'No former club members to show yet.'],
    telferTitle: ['Telfer alumni: title', 'Telfer Alumni'],
    telferLoading: ['Telfer alumni: loading', 'Loading Telfer alumni...'],
    telferError: ['Telfer alumni: error', 'Failed to load Telfer alumni'],
    telferEmpty: ['Telfer alumni: none', 'No Telfer alumni to show yet.'],
    major: ['Card: major (screen readers)', 'Major:'],
  }),

  services: page('Services page texts', {
    showcasesLabel: ['Services: section name for screen readers', 'Our services'],
    success: ['Form: sent', 'Application sent successfully!'],
    failure: ['Form: failed', 'Failed to send application. Please try again later.'],
    what: ['Form: what is sent (in the notices)', 'request'],
    alternative: [
      'Form: other way to reach the club ({email})',
      'You can also email us at {email}.',
    ],
    alternativeNoEmail: [
      'Form: other way without an email',
      'You can also email the club directly.',
    ],
  }),

  resources: page('Resources page texts', {
    slideshowLabel: ['Slideshow: name for screen readers', 'Resource highlights'],
    slideshowLoading: ['Slideshow: loading', 'Loading slideshow...'],
    slideshowError: ['Slideshow: error', 'Failed to load slideshow images'],
    slideshowEmpty: ['Slideshow: none', 'No slideshow images available at the moment.'],
    slideLabel: ['Slideshow: dot button ({number}, {count})', 'Show slide {number} of {count}'],
    slidePosition: ['Slideshow: position ({number}, {count})', '{number} of {count}'],
    slideUntitled: ['Slideshow: slide without a title ({number})', 'Slide {number}'],
    slideshowPause: ['Slideshow: pause button', 'Pause'],
    slideshowPlay: ['Slideshow: play button', 'Play'],
    slideshowSpoken: ['Slideshow: word read after pause or play', 'slideshow'],
    slideChooser: ['Slideshow: dots for screen readers', 'Choose a slide'],
    exploreTitle: ['Resources: title', 'Explore More'],
    resourcesLoading: ['Resources: loading', 'Loading resources...'],
    resourcesError: ['Resources: error', 'Failed to load resources'],
    resourcesEmpty: ['Resources: none', 'No resources available at the moment.'],
    learnMore: ['Card: link', 'Learn More'],
    learnMoreAbout: ['Card: link for screen readers ({title})', 'about {title}'],
  }),

  designs: page('Designs page texts', {
    loading: ['Loading', 'Loading designs...'],
    errorPrefix: ['Error (followed by the reason)', 'Error: '],
    error: ['Error reason', 'Failed to load designs'],
    empty: ['No designs', 'No designs available at the moment.'],
  }),

  partnerships: page('Partnerships page texts', {
    loading: ['Loading', 'Loading sponsors...'],
    error: ['Error', 'Failed to load sponsors'],
    empty: ['No sponsors', 'No sponsors available at the moment.'],
    learnMore: ['Card: link', 'Learn more'],
    learnMoreAbout: ['Card: link for screen readers ({name})', 'about {name}'],
    logo: ['Card: logo description ({name})', '{name} logo'],
    instagram: ['Card: Instagram link for screen readers ({name})', '{name} on Instagram'],
    showMore: ['Card: expand the description', 'Show more'],
    showLess: ['Card: collapse the description', 'Show less'],
  }),

  privacy: page('Privacy policy texts', {
    loading: ['Loading', 'Loading privacy policy...'],
    error: ['Error', 'Failed to load the privacy policy. Please try again later.'],
    missing: ['Not published', 'The privacy policy has not been published yet.'],
    effectiveDateLabel: ['Effective date label', 'Effective date:'],
  }),

  membership: page('Membership pages texts', {
    navLabel: ['Membership pages: links between them (screen readers)', 'Membership'],
    navOverview: ['Membership pages: link to the overview', 'Overview'],
    landingTitle: ['Overview: title', 'TCSA MEMBERSHIP'],
    benefitsTitle: ['Overview: benefits heading', 'Member benefits'],
    pricesTitle: ['Overview: prices heading', 'Prices and validity'],
    pricesEmpty: [
      'Overview and form: no type on sale',
      'Memberships are not on sale at the moment. Check back soon, or write to the membership coordinator.',
    ],
    pricesError: [
      'Overview and form: prices could not be read',
      'The membership prices could not be loaded. Please try again in a moment.',
    ],
    validity: ['Type: validity ({from}, {until})', 'Valid from {from} to {until}'],
    saleUntil: ['Type: on sale until ({date})', 'On sale until {date}'],
    becomeMember: ['Button: apply', 'Become a Member'],
    viewBenefits: ['Button: benefits', 'View Member Benefits'],
    memberEvents: ['Button: member events', 'Member Events'],
    faqLink: ['Button: FAQ', 'Membership FAQ'],
    policiesTitle: ['Policies heading and link', 'Membership policies'],
    contactTitle: ['Contact heading', 'Questions?'],
    contactText: [
      'Contact text ({email})',
      'Write to the membership coordinator at {email}. We answer within three school days.',
    ],
    contactTextNoEmail: [
      'Contact text without an email',
      'Write to the membership coordinator through the contact form on the home page.',
    ],
    forgotIdLink: ['Link: I forgot my member ID', 'I forgot my member ID'],
    changeDetailsLink: ['Link: change my details', 'Change my details'],
    joinTitle: ['Form page: title', 'BECOME A MEMBER'],
    typeHeading: ['Form page: type and price heading', 'Membership type and price'],
    refundHeading: ['Form page: refund policy heading', 'Refunds'],
    privacyHeading: ['Form page: privacy notice heading', 'Your privacy'],
    formHeading: ['Form page: form heading', 'Your application'],
    payHeading: ['Form page: how to pay heading', 'How to pay'],
    payAmountWords: [
      'Form page: what the payment instructions say for {amount} before anyone applies',
      'the price of the membership type you choose',
    ],
    payReferenceWords: [
      'Form page: what the payment instructions say for {reference} before anyone applies',
      'your payment reference',
    ],
    fullPolicyLink: ['Form page: link to the full policies', 'Read the full membership policies'],
    required: ['Form: said of required fields (screen readers)', 'required'],
    requiredNote: ['Form: note about the star', 'Fields marked * are required.'],
    legalName: ['Form: legal name', 'Legal name'],
    preferredName: ['Form: preferred name', 'Preferred name'],
    uottawaEmail: ['Form: uOttawa email', 'uOttawa email'],
    uottawaEmailHint: ['Form: uOttawa email hint', 'Your address ending in @uottawa.ca.'],
    program: ['Form: program', 'Program'],
    programHint: ['Form: program hint', 'For example: BCom, Accounting.'],
    yearOfStudy: ['Form: year of study', 'Year of study'],
    yearChoose: ['Form: year of study, nothing chosen', 'Choose your year'],
    year1: ['Form: year of study, first', 'First year'],
    year2: ['Form: year of study, second', 'Second year'],
    year3: ['Form: year of study, third', 'Third year'],
    year4: ['Form: year of study, fourth', 'Fourth year'],
    year5: ['Form: year of study, fifth or later', 'Fifth year or later'],
    yearGraduate: ['Form: year of study, graduate', 'Graduate student'],
    graduationYear: ['Form: expected graduation year', 'Expected graduation year'],
    membershipType: ['Form: membership type', 'Membership type'],
    typeOption: ['Form: a type in the list ({name}, {price})', '{name}: {price}'],
    industries: ['Form: industries of interest', 'Industries of interest'],
    industriesHint: ['Form: industries hint', 'Choose at least one.'],
    industryAccounting: ['Industry: accounting', 'Accounting'],
    industryFinance: ['Industry: finance and banking', 'Finance and banking'],
    industryConsulting: ['Industry: consulting', 'Consulting'],
    industryMarketing: ['Industry: marketing', 'Marketing'],
    industryTechnology: ['Industry: technology', 'Technology'],
    industryEntrepreneurship: ['Industry: entrepreneurship', 'Entrepreneurship'],
    industryPublicSector: ['Industry: public sector', 'Public sector'],
    industryOther: ['Industry: other', 'Other'],
    notifications: [
      'Form: consent to notifications',
      'May we email you about member events and registration openings?',
    ],
    yes: ['Form: yes', 'Yes'],
    no: ['Form: no', 'No'],
    optionalHeading: ['Form: optional fields heading', 'Optional'],
    personalEmail: ['Form: personal email', 'Personal email'],
    wechatId: ['Form: WeChat ID', 'WeChat ID'],
    linkedinUrl: ['Form: LinkedIn profile', 'LinkedIn profile URL'],
    eventKinds: ['Form: preferred kinds of events', 'Preferred kinds of events'],
    eventNetworking: ['Event kind: networking', 'Networking nights'],
    eventOfficeTours: ['Event kind: office tours', 'Office tours'],
    eventWorkshops: ['Event kind: workshops', 'Career workshops'],
    eventCultural: ['Event kind: cultural', 'Cultural celebrations'],
    eventSocial: ['Event kind: social', 'Social outings'],
    eventCaseCompetitions: ['Event kind: case competitions', 'Case competitions'],
    terms: ['Form: the terms box', 'I accept the membership terms and the privacy notice.'],
    termsLinks: [
      'Form: link to read the terms and notice',
      'Read the terms and the privacy notice',
    ],
    submit: ['Form: send button', 'Submit my application'],
    submitting: ['Form: button while sending', 'Sending...'],
    failure: ['Form: refused (followed by the reason)', 'Your application was not sent.'],
    unreachable: [
      'Forms: the server could not be reached',
      'The server could not be reached. Check your connection and try again.',
    ],
    unexpected: [
      'Forms: the server answered something unexpected',
      'The server could not take your request. Please try again later.',
    ],
    receivedTitle: ['After sending: title', 'Application received'],
    receivedText: [
      'After sending: text ({email})',
      'Thank you! We have emailed these instructions to {email}. Your membership becomes active once the club confirms your payment.',
    ],
    referenceLabel: [
      'After sending: reference label',
      'Reference to put in the e-Transfer message',
    ],
    amountLabel: ['After sending: amount label', 'Amount'],
    etransferLabel: ['After sending: e-Transfer address label', 'Send the Interac e-Transfer to'],
    instructionsLabel: ['After sending: instructions label', 'Instructions'],
    nextLabel: ['After sending: what happens next label', 'What happens next'],
    checkInboxTitle: ['After sending: title (the answer follows)', 'Check your inbox'],
    confirmExpiredTitle: ['Confirmation link: expired, title', 'This link has expired'],
    confirmExpiredText: [
      'Confirmation link: expired, what to do',
      'Confirmation links work for 48 hours. Apply again on the membership form with the same uOttawa email: we email you a new link.',
    ],
    confirmUsedTitle: ['Confirmation link: already used, title', 'Your application is confirmed'],
    confirmUsedText: [
      'Confirmation link: already used, what to do',
      'This link has already been used. The payment instructions, with your payment reference, are in the email we sent you then. Lost it? Write to the membership coordinator through ‘Change my details’.',
    ],
    confirmInvalidTitle: ['Confirmation link: not valid, title', 'This link does not work'],
    confirmInvalidText: [
      'Confirmation link: not valid (replaced by a newer one, or the application was cancelled)',
      'It may have been replaced by a newer link, or the application was cancelled. Apply again on the membership form with the same uOttawa email: we email you a new link.',
    ],
    confirmTakenTitle: [
      'Confirmation link: the address already has a confirmed application, title',
      'You have already applied',
    ],
    confirmTakenText: [
      'Confirmation link: the address already has a confirmed application this year',
      'This uOttawa email already has an application for this membership year, so we did not make a second one. Check your inbox: we have emailed this address what to do.',
    ],
    confirmFormLink: ['Confirmation link: link back to the form', 'Go to the membership form'],
    confirmTitle: [
      'Confirmation link: title (the application, before the button)',
      'Confirm your application',
    ],
    confirmIntro: [
      'Confirmation link: text above the application',
      'This application for TCSA membership was made with your uOttawa email. If it is yours, confirm it: it then counts, and this page shows you how to pay. If it is not, close this page and nothing changes.',
    ],
    confirmName: ['Confirmation link: the name given (label)', 'Name given'],
    confirmButton: ['Confirmation link: button', 'Confirm my application'],
    confirmFailed: [
      'Confirmation link: not confirmed (followed by the reason)',
      'Your application was not confirmed.',
    ],
    forgotTitle: ['Forgot member ID: title', 'I FORGOT MY MEMBER ID'],
    forgotIntro: [
      'Forgot member ID: text',
      'Enter the uOttawa email you applied with. If it belongs to an active or expired membership, we email the member ID to that address.',
    ],
    forgotSubmit: ['Forgot member ID: button', 'Email me my member ID'],
    forgotDone: [
      'Forgot member ID: answer',
      'Thank you. If this address belongs to an active or expired membership, an email with the member ID is on its way to it. Nothing arrived within an hour? Check your junk folder, or write to the membership coordinator.',
    ],
    changeTitle: ['Change details: title', 'CHANGE MY DETAILS'],
    changeIntro: [
      'Change details: text',
      'Tell the membership coordinator what to change (a name, a program, an email). They check the request and write back to your uOttawa email.',
    ],
    changeName: ['Change details: name', 'Your name'],
    changeMemberId: ['Change details: member ID (optional)', 'Member ID (if you have one)'],
    changeWhat: ['Change details: what to change', 'What should we change?'],
    changeSubmit: ['Change details: button', 'Send my request'],
    changeCheckInbox: [
      'Change details: answer (the same whether or not it matched a membership)',
      'Check your uOttawa inbox: we have sent you a link to confirm your request. It reaches the membership coordinator once you open the link and confirm, within 48 hours. No email? Check your junk folder.',
    ],
    changeConfirmTitle: ['Change request link: title', 'Confirm your change request'],
    changeConfirmIntro: [
      'Change request link: text above the request',
      'This request was sent to the membership coordinator with your uOttawa email. If it is yours, confirm it: it then reaches the coordinator. If it is not, close this page and nothing changes.',
    ],
    changeConfirmName: ['Change request link: the name given (label)', 'Name given'],
    changeConfirmButton: ['Change request link: button', 'Confirm my request'],
    changeConfirmFailed: [
      'Change request link: not confirmed (followed by the reason)',
      'Your request was not confirmed.',
    ],
    changeConfirmedTitle: ['Change request link: confirmed, title', 'Request confirmed'],
    changeConfirmedText: [
      'Change request link: confirmed, text',
      'Thank you: your request has reached the membership coordinator, who will write back to your uOttawa email.',
    ],
    changeUsedTitle: [
      'Change request link: already confirmed, title',
      'This request is already confirmed',
    ],
    changeUsedText: [
      'Change request link: already confirmed, text',
      'It has reached the membership coordinator, who will write back to your uOttawa email.',
    ],
    changeExpiredTitle: ['Change request link: expired, title', 'This link has expired'],
    changeExpiredText: [
      'Change request link: expired, what to do',
      'Confirmation links work for 48 hours. Send your request again on the Change my details page: we email you a new link.',
    ],
    changeInvalidTitle: ['Change request link: not valid, title', 'This link does not work'],
    changeInvalidText: [
      'Change request link: not valid, what to do',
      'Check that you opened the whole link from your email, or send your request again on the Change my details page.',
    ],
    changeFormLink: ['Change request link: link back to the form', 'Go to Change my details'],
    unsubscribeTitle: ['Unsubscribe link: page title', 'UNSUBSCRIBE'],
    unsubscribeAsk: ['Unsubscribe link: question, title', 'Stop receiving announcements?'],
    unsubscribeIntro: [
      'Unsubscribe link: text above the button',
      'Press the button to stop receiving TCSA’s announcements by email. Emails about your membership itself (its activation, its renewal) still reach you.',
    ],
    unsubscribeButton: ['Unsubscribe link: button', 'Unsubscribe'],
    unsubscribeDoneTitle: ['Unsubscribe link: done, title', 'You are unsubscribed'],
    unsubscribeDoneText: [
      'Unsubscribe link: done, text',
      'You will no longer receive announcements from TCSA.',
    ],
    unsubscribeInvalidTitle: ['Unsubscribe link: not valid, title', 'This link does not work'],
    unsubscribeInvalidText: [
      'Unsubscribe link: not valid, what to do',
      'Check that you opened the whole link from the email. Nothing was changed.',
    ],
    eventsTitle: ['Member events: title', 'MEMBER EVENTS'],
    eventsEmpty: ['Member events: none', 'No upcoming events at the moment.'],
    eventsError: [
      'Member events: error',
      'The events could not be loaded. Please try again later.',
    ],
    eventsMore: ['Member events: link to one event', 'Details and registration'],
    eventsMoreAbout: ['Member events: link for screen readers ({title})', 'about {title}'],
    eventPlaceTbd: ['Member events: no place yet', 'Place to be announced'],
    eventDateTbd: ['Member events: no date yet', 'Date to be announced'],
    eventStatus: ['Member events: status label', 'Status'],
    eventCapacity: ['Member events: places label', 'Places'],
    eventCapacityValue: [
      'Member events: places ({count} in all, {members} for members)',
      '{count}, of which {members} for members',
    ],
    eventCapacityMembersOnly: [
      'Member events: places, members only ({count})',
      '{count}, members only',
    ],
    eventNoCapacity: ['Member events: no limit of places', 'No limit'],
    eventMemberOpens: ['Member events: member registration opens label', 'Members register from'],
    eventPublicOpens: ['Member events: public registration opens label', 'Everyone registers from'],
    eventPublicNever: ['Member events: members-only event, no public registration', 'Members only'],
    eventOpenOnPublication: ['Member events: registration open from the start', 'Open now'],
    eventDeadline: ['Member events: registration deadline label', 'Registration deadline'],
    eventDeadlineAtStart: ['Member events: deadline when it starts', 'When the event starts'],
    eventConditions: ['Member events: selection and deposit label', 'Conditions'],
    eventSelection: ['Member events: selection applies', 'Places by selection'],
    eventDeposit: ['Member events: deposit applies', 'Deposit required'],
    eventNoConditions: ['Member events: no selection, no deposit', 'None'],
    faqTitle: ['FAQ: title', 'MEMBERSHIP FAQ'],
    policiesPageTitle: ['Policies: title', 'MEMBERSHIP POLICIES'],
    onThisPage: ['Policies: list of sections (screen readers)', 'On this page'],
    contentError: [
      'Any membership page: its copy could not be read',
      'This part of the page could not be loaded. Please try again in a moment.',
    ],
  }),
  system: page('Console: the System page', {
    title: ['Title (and the browser tab’s)', 'System'],
    intro: [
      'Introduction',
      'Whether the site is ready to run on the internet, checked each time this page opens. A check that fails says what to do; on the server, npm run doctor runs the same checks.',
    ],
    allPassed: ['Summary: every check passed', 'Every check passed.'],
    someFailed: ['Summary: some checks failed ({count})', 'Checks that failed: {count}.'],
    checkedAt: ['When the checks ran ({time})', 'Checked at {time}.'],
    checkAgain: ['Link that runs the checks again', 'Check again'],
    whatToDo: ['Heading of what to do when a check fails', 'What to do'],
    passed: ['Status: passed', 'Passed'],
    failed: ['Status: failed', 'Failed'],
    skipped: ['Status: not checked', 'Not checked'],
    publicAddressName: ['Check: the public address', 'Public address'],
    emailName: ['Check: email', 'Email'],
    secretsName: ['Check: secrets', 'Secrets'],
    databaseName: ['Check: the database', 'Database'],
    foldersName: ['Check: the data folders', 'Data folders'],
    scheduledWorkName: ['Check: the scheduled work', 'Scheduled work'],
    backupsName: ['Check: backups', 'Backups'],
    restoreTestName: ['Check: a tested restore', 'Tested restore'],
    proxyName: ['Check: the reverse proxy', 'Reverse proxy'],
    sanityName: ['Check: the Sanity project', 'Sanity project'],
    siteUrlUnset: [
      'Public address: not set',
      'NEXT_PUBLIC_SITE_URL is not set: the links in the site’s emails and its QR codes point to this server’s localhost, which nobody else can open.',
    ],
    siteUrlUnsetFix: [
      'Public address: not set, what to do',
      'Set NEXT_PUBLIC_SITE_URL to the club’s address (for example https://tcsa.example.org) in the site’s .env.local, then build the site again and restart it (README, Going live: Updating the site).',
    ],
    siteUrlNotHttps: [
      'Public address: not https ({url})',
      'The public address {url} is not https: passwords and members’ details would cross the internet unencrypted.',
    ],
    siteUrlNotHttpsFix: [
      'Public address: not https, what to do',
      'Put Caddy in front of the site (deploy/Caddyfile) and set NEXT_PUBLIC_SITE_URL to the https:// address, then build the site again and restart it.',
    ],
    siteAnswers: ['Public address: answers ({url})', '{url} answers.'],
    siteWrongStatus: [
      'Public address: answers something else ({url}, {status})',
      '{url} answered with status {status} instead of the home page.',
    ],
    siteNotAnswering: [
      'Public address: no answer ({url}, {error})',
      '{url} did not answer: {error}.',
    ],
    siteNotAnsweringFix: [
      'Public address: no answer, what to do',
      'Check that the site and Caddy run (sudo systemctl status tcsa caddy), that the domain’s DNS record points at this server, and that the firewall lets ports 80 and 443 in.',
    ],
    httpRedirects: [
      'Public address: http sent on to https',
      'Visitors who type http:// are sent on to https://.',
    ],
    httpNotRedirected: [
      'Public address: http not sent on ({url}, {status})',
      '{url} answered with status {status} instead of sending visitors on to https://.',
    ],
    httpNotAnswering: [
      'Public address: no answer over http ({url}, {error})',
      '{url} did not answer: {error}.',
    ],
    httpNotChecked: [
      'Public address: http not checked, a port of its own ({port})',
      'http:// is not checked: the public address names a port of its own ({port}), as only a test set-up does.',
    ],
    httpNotRedirectedFix: [
      'Public address: http not sent on, what to do',
      'Let Caddy answer port 80, which it sends on to https:// by itself: open port 80 in the firewall, and stop any other web server on it.',
    ],
    smtpUnset: [
      'Email: no SMTP server',
      'SMTP_URL is not set: the site sends no email (registrations, invitations, memberships), and every email waits in the outbox.',
    ],
    smtpUnsetFix: [
      'Email: no SMTP server, what to do',
      'Set SMTP_URL to the club’s email provider (for example smtps://user:password@smtp.example.org:465) and MAIL_FROM to the club’s address in .env.local, then restart the site.',
    ],
    smtpAnswers: [
      'Email: the SMTP server answers ({host})',
      'The SMTP server {host} answers and accepts the site’s sign-in.',
    ],
    smtpRefused: [
      'Email: the SMTP server fails ({host}, {error})',
      'The SMTP server {host} could not be reached or refused the site’s sign-in: {error}.',
    ],
    smtpRefusedFix: [
      'Email: the SMTP server fails, what to do',
      'Check the server, port, user and password in SMTP_URL against the email provider’s settings (smtps:// with port 465, or smtp:// with port 587), and that this server may connect out to that port.',
    ],
    mailFromUnset: [
      'Email: no sender',
      'MAIL_FROM is not set: emails would go out from a made-up no-reply address, which mail providers refuse or mark as spam.',
    ],
    mailFromInvalid: [
      'Email: sender without an address ({from})',
      'MAIL_FROM ({from}) holds no email address.',
    ],
    mailFromFix: [
      'Email: sender, what to do',
      'Set MAIL_FROM to the club’s address that the provider lets this account send from, for example "TCSA <tcsa@example.org>".',
    ],
    mailFromSet: ['Email: the sender ({from})', 'Emails go out from {from}.'],
    secretsStrong: ['Secrets: the ones set ({names})', 'Set, long and random: {names}.'],
    secretsNoneSet: ['Secrets: none set', 'No secret is set, and this configuration needs none.'],
    authSecretInDatabase: [
      'Secrets: the console’s secret kept in the database',
      'BETTER_AUTH_SECRET is not set: the site keeps the secret it made in its database, and each backup keeps it too.',
    ],
    secretWeak: [
      'Secrets: one too easy to guess ({name}, {length})',
      '{name} is too easy to guess ({length} characters, or a few characters repeated).',
    ],
    secretWeakFix: [
      'Secrets: too easy to guess, what to do ({name})',
      'Replace {name} in .env.local with a long random value made by openssl rand -hex 32, then restart the site.',
    ],
    secretReused: [
      'Secrets: two the same ({name}, {other})',
      '{name} and {other} hold the same value: whoever learns one knows both.',
    ],
    secretReusedFix: [
      'Secrets: two the same, what to do',
      'Give each secret its own value (openssl rand -hex 32 for each).',
    ],
    databaseEmbedded: [
      'Database: the embedded one answers ({location})',
      'The embedded database in {location} answers.',
    ],
    databasePostgres: [
      'Database: PostgreSQL answers ({location})',
      'PostgreSQL answers at {location}.',
    ],
    databaseMigrated: [
      'Database: every migration applied ({count})',
      'All {count} changes to the database’s tables (migrations) are applied.',
    ],
    databasePending: [
      'Database: migrations not applied ({count})',
      '{count} of the site’s migrations are not applied yet.',
    ],
    databasePendingFix: [
      'Database: migrations not applied, what to do',
      'Restart the site, which applies them as it starts (sudo systemctl restart tcsa).',
    ],
    databaseUnreachable: ['Database: no answer ({error})', 'The database did not answer: {error}.'],
    databaseUnreachableFix: [
      'Database: no answer, what to do',
      'On PostgreSQL, check DATABASE_URL and that the server runs (sudo systemctl status postgresql); on the embedded database, check that PGLITE_DATA_DIR names the site’s data folder and that no other program holds it.',
    ],
    folderReady: [
      'Data folders: one ready ({folder}, {gigabytes})',
      '{folder}: the site can write there, and {gigabytes} GB are free.',
    ],
    folderNotWritable: [
      'Data folders: one the site cannot write in ({folder}, {error})',
      'The site cannot write in {folder}: {error}.',
    ],
    folderNotWritableFix: [
      'Data folders: cannot write, what to do ({folder})',
      'Give the folder to the site’s user: sudo chown -R tcsa:tcsa {folder}.',
    ],
    folderFull: [
      'Data folders: one nearly full ({folder}, {gigabytes})',
      '{folder}: only {gigabytes} GB are free.',
    ],
    folderFullFix: [
      'Data folders: nearly full, what to do ({gigabytes})',
      'Free some space (old logs: sudo journalctl --vacuum-size=200M; backups already copied off the server) or move to a larger disk: keep at least {gigabytes} GB free.',
    ],
    uploadsInBucket: [
      'Data folders: uploads in a bucket ({bucket})',
      'Uploaded files are kept in the bucket {bucket}.',
    ],
    scheduledRecent: [
      'Scheduled work: ran lately ({time})',
      'The scheduled work (reminders, membership expiry, email delivery) last ran at {time}, within the last 5 minutes.',
    ],
    scheduledLate: [
      'Scheduled work: stopped ({time})',
      'The scheduled work last ran at {time}, more than 5 minutes ago: it has stopped.',
    ],
    scheduledStoppedFix: [
      'Scheduled work: stopped, what to do',
      'See in the server’s log what holds it up (sudo journalctl -u tcsa --since "1 hour ago"), then restart the site (sudo systemctl restart tcsa).',
    ],
    scheduledNotYet: [
      'Scheduled work: not run yet',
      'The scheduled work has not run yet in this server: it first runs a few seconds after the server starts, then every minute.',
    ],
    scheduledNotYetFix: [
      'Scheduled work: not run yet, what to do',
      'Check again in a minute; if it still has not run, see the server’s log (sudo journalctl -u tcsa --since "1 hour ago").',
    ],
    scheduledFailed: [
      'Scheduled work: the last run failed ({time}, {error})',
      'The last run, ending at {time}, failed: {error}.',
    ],
    scheduledFailedFix: [
      'Scheduled work: failed, what to do',
      'See the whole error in the server’s log (sudo journalctl -u tcsa --since "1 hour ago"); the work runs again every minute.',
    ],
    scheduledNoSite: [
      'Scheduled work: no site running',
      'No running site answered, so nothing does the scheduled work.',
    ],
    scheduledNoSiteFix: [
      'Scheduled work: no site running, what to do',
      'Start the site (sudo systemctl start tcsa) and check again.',
    ],
    backupRecent: [
      'Backups: the newest is recent ({file}, {time}, {folder})',
      'The newest backup, {file}, was written at {time}, within the last 30 hours.',
    ],
    backupOld: [
      'Backups: the newest is old ({file}, {time}, {folder})',
      'The newest backup, {file}, was written at {time}, more than 30 hours ago: the nightly backup did not run.',
    ],
    backupOldFix: [
      'Backups: old, what to do',
      'See why in sudo systemctl status tcsa-backup.timer tcsa-backup.service and sudo journalctl -u tcsa-backup.service; make one now with sudo systemctl start tcsa-backup.service.',
    ],
    backupNone: ['Backups: none ({folder})', 'There is no backup in {folder}.'],
    backupNoneFix: [
      'Backups: none, what to do',
      'Turn the nightly backup on (sudo systemctl enable --now tcsa-backup.timer) and make the first one now (sudo systemctl start tcsa-backup.service); BACKUP_DIR must name the folder it writes to.',
    ],
    restoreRecent: [
      'Tested restore: recent ({backup}, {date})',
      'A restore of {backup} was tested on {date}, within the last 4 months.',
    ],
    restoreOld: [
      'Tested restore: old ({backup}, {date})',
      'The last tested restore, of {backup}, was on {date}, more than 4 months ago.',
    ],
    restoreNever: [
      'Tested restore: none',
      'No tested restore is recorded: nobody knows yet that the backups can be put back.',
    ],
    restoreFix: [
      'Tested restore: what to do',
      'Test a restore of the latest backup on another computer (README, Keeping the data: Testing a restore), then record it on the server: npm run doctor -- --restore-tested <the backup’s file name>.',
    ],
    proxyNoRequest: [
      'Reverse proxy: not checked, no request',
      'Not checked: no request came through the public address to look at.',
    ],
    proxyNotPublic: [
      'Reverse proxy: not checked, another address ({host})',
      'Not checked: this request came to {host}, not to the public address.',
    ],
    proxyNone: [
      'Reverse proxy: none, none trusted',
      'No proxy added an address to X-Forwarded-For, and TRUSTED_PROXY_HOPS is 0: the site takes each visitor’s address from the connection.',
    ],
    proxyMatches: [
      'Reverse proxy: the setting matches ({hops}, {count})',
      'TRUSTED_PROXY_HOPS is {hops}, as many as the proxies that added the visitor’s address to X-Forwarded-For ({count}): the rate limits count each visitor by their own address.',
    ],
    proxyUntrusted: [
      'Reverse proxy: a proxy not trusted ({hops}, {count})',
      'Proxies added the visitor’s address to X-Forwarded-For ({count}), but TRUSTED_PROXY_HOPS is 0: the rate limits count every visitor as the proxy, so one busy minute locks everybody out.',
    ],
    proxyTooMany: [
      'Reverse proxy: the setting trusts too many ({hops}, {count})',
      'TRUSTED_PROXY_HOPS is {hops}, more than the proxies that added the visitor’s address to X-Forwarded-For ({count}): a visitor can write an address there themselves and escape the rate limits.',
    ],
    proxyTooFew: [
      'Reverse proxy: the setting trusts too few ({hops}, {count})',
      'TRUSTED_PROXY_HOPS is {hops}, fewer than the proxies that added an address to X-Forwarded-For ({count}): the rate limits count every visitor as one of the proxies.',
    ],
    proxyFix: [
      'Reverse proxy: the setting, what to do ({hops}, {count})',
      'Set TRUSTED_PROXY_HOPS={count} in .env.local (1 behind the Caddy of deploy/Caddyfile) and restart the site.',
    ],
    proxyNotHttps: [
      'Reverse proxy: visitors not on https ({proto})',
      'The proxy tells the site that the visitor came over “{proto}”, not https (X-Forwarded-Proto).',
    ],
    proxyNotHttpsFix: [
      'Reverse proxy: not on https, what to do',
      'Serve the site through Caddy with deploy/Caddyfile, which takes visitors to https:// and tells the site so.',
    ],
    sanityNotUsed: [
      'Sanity project: none',
      'No Sanity project is set (NEXT_PUBLIC_SANITY_PROJECT_ID): the site’s texts come from the dataset bundled with its code.',
    ],
    sanityAnswers: [
      'Sanity project: answers ({project}, {dataset})',
      'The Sanity project {project} answers for the dataset {dataset}.',
    ],
    sanityRefused: [
      'Sanity project: refuses ({project}, {dataset}, {status})',
      'The Sanity project {project} answered with status {status} for the dataset {dataset}.',
    ],
    sanityUnreachable: [
      'Sanity project: no answer ({project}, {dataset}, {error})',
      'The Sanity project {project} could not be reached: {error}.',
    ],
    sanityTokenFix: [
      'Sanity project: token refused, what to do',
      'Make a new read token in the project’s settings on sanity.io (API, Tokens, Viewer), put it in SANITY_API_READ_TOKEN, then restart the site.',
    ],
    sanityProjectFix: [
      'Sanity project: no answer, what to do',
      'Check NEXT_PUBLIC_SANITY_PROJECT_ID and NEXT_PUBLIC_SANITY_DATASET against the project on sanity.io/manage, and that this server may connect out to the internet.',
    ],
    webhookSecretUnset: [
      'Sanity project: no webhook secret',
      'SANITY_REVALIDATE_SECRET is not set: a text published in the Studio does not show on the site until its cached pages expire.',
    ],
    webhookSecretFix: [
      'Sanity project: webhook secret, what to do',
      'In the project’s settings on sanity.io (API, Webhooks), give the site’s webhook (POST to the public address’s /api/revalidate) a secret made by openssl rand -hex 32, put the same in SANITY_REVALIDATE_SECRET, then restart the site.',
    ],
    webhookAccepted: [
      'Sanity project: the webhook’s secret works ({url})',
      '{url} accepts requests signed with SANITY_REVALIDATE_SECRET.',
    ],
    webhookRefused: [
      'Sanity project: the webhook refused ({url}, {status})',
      '{url} answered with status {status} to a request signed with SANITY_REVALIDATE_SECRET.',
    ],
    webhookUnreachable: [
      'Sanity project: the webhook does not answer ({url}, {error})',
      '{url} did not answer: {error}.',
    ],
    checkTimedOut: [
      'Any check: took too long ({seconds})',
      'The check did not finish within {seconds} seconds.',
    ],
    checkTimedOutFix: [
      'Any check: took too long, what to do',
      'Check again; if it takes too long again, a server it waits for (email, database, the public address) is not answering.',
    ],
    checkError: ['Any check: could not be made ({error})', 'The check could not be made: {error}.'],
    checkErrorFix: [
      'Any check: could not be made, what to do',
      'See the server’s log (sudo journalctl -u tcsa --since "1 hour ago") and check again.',
    ],
  }),
} as const;

export type CopyPage = keyof typeof COPY_PAGES;
export type CopyKey<P extends CopyPage> = keyof (typeof COPY_PAGES)[P]['fields'] & string;
/** A page's texts, every one filled in (the editor's, else the spec's). */
export type Copy<P extends CopyPage> = { readonly [K in CopyKey<P>]: string };

export const COPY_PAGE_IDS = Object.keys(COPY_PAGES) as CopyPage[];

/** The Studio type and document id of a page's texts, e.g. `eventsTexts`. */
export function textsDocumentId(page: CopyPage): string {
  return `${page}Texts`;
}

/** The spec's texts of a page. */
export function defaultCopy<P extends CopyPage>(page: P): Copy<P> {
  const fields = COPY_PAGES[page].fields as Record<string, Entry>;
  return Object.fromEntries(
    Object.entries(fields).map(([key, [, text]]) => [key, text]),
  ) as Copy<P>;
}

/**
 * A page's texts from a texts document: each field the editor filled in, else the spec's text.
 * Portable Text put in a field shows as its words; anything else that is not a string with
 * visible characters counts as empty.
 */
export function copyFrom<P extends CopyPage>(page: P, document: unknown): Copy<P> {
  const stored =
    typeof document === 'object' && document !== null ? (document as Record<string, unknown>) : {};
  const defaults = defaultCopy(page) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => {
      // The content source's one rule (lib/content/coerce.ts): blank or not text is the spec's.
      return [key, textOr(stored[key], fallback)];
    }),
  ) as Copy<P>;
}

/** Only some texts of a page: what a client component needs, and no more in its payload. */
export function pickCopy<C extends Readonly<Record<string, string>>, K extends keyof C & string>(
  copy: C,
  ...keys: K[]
): Pick<C, K> {
  return Object.fromEntries(keys.map((key) => [key, copy[key]])) as Pick<C, K>;
}
