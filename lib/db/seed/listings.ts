export type SeedSponsor = {
  slug: string;
  name: string;
  link: string | null;
  description: string;
  /** Initials and accent colour of the generated logo mark. */
  mark: string;
  accent: string;
};

export const SEED_SPONSORS: SeedSponsor[] = [
  {
    slug: 'maple-dragon-bubble-tea',
    name: 'Maple Dragon Bubble Tea',
    link: 'https://example.org/maple-dragon-bubble-tea',
    description:
      'A family-run bubble tea shop two blocks from campus and a TCSA partner since our first Welcome Back Social. Members get 15% off every drink on presentation of their membership card, and the shop sponsors the drinks at our orientation events every September.',
    mark: 'MD',
    accent: '#C8102E',
  },
  {
    slug: 'rideau-dumpling-house',
    name: 'Rideau Dumpling House',
    link: 'https://example.org/rideau-dumpling-house',
    description:
      'Hand-made dumplings on Rideau Street. They host our Dumpling Making Workshop every winter, supply the ingredients, and their chefs teach three folding styles to anyone brave enough to try.',
    mark: 'RD',
    accent: '#B5651D',
  },
  {
    slug: 'capital-tutoring-centre',
    name: 'Capital Tutoring Centre',
    link: 'https://example.org/capital-tutoring-centre',
    description: 'Bilingual tutoring for first-year accounting, statistics and economics courses.',
    mark: 'CT',
    accent: '#1F4E79',
  },
  {
    slug: 'northern-lantern-travel',
    name: 'Northern Lantern Travel',
    link: 'https://example.org/northern-lantern-travel',
    description: 'Student fares home for the holidays, and group trips to Québec City.',
    mark: 'NL',
    accent: '#2E7D32',
  },
  {
    slug: 'lotus-financial-group',
    name: 'Lotus Financial Group',
    link: 'https://example.org/lotus-financial-group',
    description:
      'An Ottawa advisory firm whose analysts mentor our Case Competition Bootcamp teams. Lotus sponsors the bootcamp prizes, opens two summer internship places to TCSA members each year, and runs a personal-finance evening for international students every fall.',
    mark: 'LF',
    accent: '#6A1B9A',
  },
  {
    slug: 'byward-print-co',
    name: 'ByWard Print Co.',
    link: null,
    description: 'Prints our gala posters and tickets at cost.',
    mark: 'BP',
    accent: '#37474F',
  },
];

export type SeedResource = { slug: string; title: string; description: string; url: string };

export const SEED_RESOURCES: SeedResource[] = [
  {
    slug: 'telfer-school',
    title: 'Telfer School of Management',
    description:
      'Programs, co-op, the Career Centre and academic advising at the Telfer School of Management.',
    url: 'https://telfer.uottawa.ca/en/',
  },
  {
    slug: 'study-permit',
    title: 'Studying in Canada: permits and work rules',
    description:
      'The Government of Canada pages on study permits, working while you study and staying after graduation.',
    url: 'https://www.canada.ca/en/immigration-refugees-citizenship/services/study-canada.html',
  },
  {
    slug: 'library',
    title: 'uOttawa Library',
    description:
      'Databases, course reserves, group study rooms and research help for business students.',
    url: 'https://biblio.uottawa.ca/en',
  },
  {
    slug: 'student-taxes',
    title: 'Taxes for international students',
    description:
      'How the Canada Revenue Agency treats tuition credits, scholarships and part-time income, and why filing matters.',
    url: 'https://www.canada.ca/en/revenue-agency.html',
  },
  {
    slug: 'transit',
    title: 'Getting around Ottawa',
    description: 'OC Transpo trip planner, U-Pass details and O-Train schedules.',
    url: 'https://www.octranspo.com/en/',
  },
  {
    slug: 'university',
    title: 'University of Ottawa',
    description:
      'Important dates, campus services, health and wellness, and the academic calendar.',
    url: 'https://www.uottawa.ca/en',
  },
];

export type SeedDesign = { slug: string; title: string; description: string | null };

export const SEED_DESIGNS: SeedDesign[] = [
  {
    slug: 'gala-poster',
    title: 'Lunar New Year Gala poster',
    description: 'Gold foil lettering on our signature red, printed in A2 for campus boards.',
  },
  {
    slug: 'welcome-kit',
    title: 'Welcome Week social kit',
    description: 'Instagram posts, stories and a printed schedule for orientation week.',
  },
  { slug: 'sponsor-deck', title: 'Sponsorship deck cover', description: null },
  {
    slug: 'mooncake-box',
    title: 'Mid-Autumn mooncake box',
    description: 'Packaging for the mooncakes we gave to members at Mooncake Night.',
  },
  { slug: 'hoodie', title: 'TCSA hoodie', description: null },
  {
    slug: 'bootcamp-brand',
    title: 'Case Bootcamp identity',
    description: 'Logo, slide template and certificates for the Case Competition Bootcamp.',
  },
];

export type SeedPosition = { title: string; description: string; postedDaysAgo: number };

export const SEED_POSITIONS: SeedPosition[] = [
  {
    title: 'Marketing Associate',
    description:
      'Plan and write our social posts, help run campaigns for the gala, and grow our audience on three platforms. About 4 hours a week.',
    postedDaysAgo: 3,
  },
  {
    title: 'Event Coordinator',
    description:
      'Book rooms, coordinate volunteers and run the day-of checklist for our events. Organised people who stay calm under pressure.',
    postedDaysAgo: 9,
  },
  {
    title: 'Graphic Designer',
    description:
      'Design posters, social graphics and merchandise with the Design Lead. Share a portfolio link in your application.',
    postedDaysAgo: 16,
  },
  {
    title: 'Finance Associate',
    description:
      'Track the budget, process reimbursements and prepare sponsorship invoices with the VP Finance. Accounting students preferred.',
    postedDaysAgo: 30,
  },
];
