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
] as const;
