/** Every public route of the spec with its document title and main heading. */
export const SITE_ROUTES = [
  {
    path: '/',
    title: 'TCSA | Telfer Chinese Student Association',
    heading: 'TELFER CHINESE STUDENT ASSOCIATION',
  },
  { path: '/events', title: 'Events', heading: 'EVENTS' },
  { path: '/joinus', title: 'Join Us | TCSA', heading: 'BECOME A MEMBER OF TCSA' },
  { path: '/alumni', title: 'Alumni | TCSA', heading: 'MEET THE ALUMNI' },
  { path: '/services', title: 'Services | TCSA', heading: 'COLLABORATE WITH US' },
  { path: '/resources', title: 'Resources | TCSA', heading: 'USEFUL RESOURCES' },
  { path: '/privacy-policy', title: 'Privacy Policy | TCSA', heading: 'Privacy Policy' },
  { path: '/designs', title: 'Designs | TCSA', heading: 'Design Portfolio' },
  { path: '/partnerships', title: 'Partnerships | TCSA', heading: 'OUR PARTNERS' },
  { path: '/membership', title: 'Membership | TCSA', heading: 'TCSA MEMBERSHIP' },
  { path: '/membership/join', title: 'Apply for Membership | TCSA', heading: 'BECOME A MEMBER' },
  { path: '/membership/events', title: 'Member Events | TCSA', heading: 'MEMBER EVENTS' },
  { path: '/membership/faq', title: 'Membership FAQ | TCSA', heading: 'MEMBERSHIP FAQ' },
  {
    path: '/membership/policies',
    title: 'Membership Policies | TCSA',
    heading: 'MEMBERSHIP POLICIES',
  },
  {
    path: '/membership/member-id',
    title: 'Forgot Your Member ID | TCSA',
    heading: 'I FORGOT MY MEMBER ID',
  },
  {
    path: '/membership/change-details',
    title: 'Change Your Membership Details | TCSA',
    heading: 'CHANGE MY DETAILS',
  },
] as const;
