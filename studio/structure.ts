import type { StructureBuilder, StructureResolver } from 'sanity/structure';
import { textsDocumentId, type CopyPage } from '../lib/copy/catalogue';
import { FIXED_DOCUMENT_TYPES, PAGE_HERO_TYPE, pageHeroId, type PageHeroPage } from '../schemas';

/** One fixed document in the list: its type, its id and the title the editor reads. */
type FixedDocument = { type: string; id: string; title: string };

const texts = (page: CopyPage, title = 'Texts: labels, buttons and messages'): FixedDocument => ({
  type: textsDocumentId(page),
  id: textsDocumentId(page),
  title,
});
const singleton = (type: string, title: string): FixedDocument => ({ type, id: type, title });
const hero = (page: PageHeroPage): FixedDocument => ({
  type: PAGE_HERO_TYPE,
  id: pageHeroId(page),
  title: 'Hero: title and subtitle',
});

/**
 * The site as an editor knows it: one entry per page, each holding every document whose words
 * show on that page. Every page has its texts document; the pages with a content document or a
 * hero have those too.
 */
export const PAGES: readonly { id: string; title: string; documents: readonly FixedDocument[] }[] =
  [
    {
      id: 'site',
      title: 'Every page: navigation, footer, messages',
      documents: [
        singleton('siteSettings', 'Site settings: name, contact email, footer'),
        texts('site', 'Texts: labels, buttons, messages and browser tab titles'),
        texts('answers', 'Form answers: registered, waitlisted, received, field messages'),
      ],
    },
    {
      id: 'home',
      title: 'Home page',
      documents: [singleton('homePage', 'Hero, roadmap and section titles'), texts('home')],
    },
    { id: 'events', title: 'Events page', documents: [hero('events'), texts('events')] },
    { id: 'event', title: 'Event page (one event)', documents: [texts('event')] },
    {
      id: 'joinUs',
      title: 'Join-us page',
      documents: [singleton('joinUsPage', 'Hero, benefits and the form'), texts('joinUs')],
    },
    { id: 'alumni', title: 'Alumni page', documents: [hero('alumni'), texts('alumni')] },
    {
      id: 'services',
      title: 'Services page',
      documents: [singleton('servicesPage', 'Hero, services and the form'), texts('services')],
    },
    {
      id: 'resources',
      title: 'Resources page',
      documents: [hero('resources'), texts('resources')],
    },
    { id: 'designs', title: 'Designs page', documents: [hero('designs'), texts('designs')] },
    {
      id: 'partnerships',
      title: 'Partnerships page',
      documents: [hero('partnerships'), texts('partnerships')],
    },
    {
      id: 'privacy',
      title: 'Privacy policy page',
      documents: [singleton('privacyPolicy', 'Policy text'), texts('privacy')],
    },
    {
      id: 'emails',
      title: 'Emails the site sends',
      documents: [
        texts('registrationEmails', 'Emails about event registrations'),
        texts('consoleEmails', 'Emails to the club’s executives'),
        texts('membershipEmails', 'Emails about memberships'),
      ],
    },
    {
      id: 'membership',
      title: 'Membership pages',
      documents: [
        singleton('membershipPage', 'Benefits, application page, FAQ and policies'),
        texts('membership'),
      ],
    },
    {
      id: 'console',
      title: 'Club console',
      documents: [texts('system', 'System page: the checks and what to do')],
    },
  ];

function documentItem(S: StructureBuilder, { type, id, title }: FixedDocument) {
  return S.listItem()
    .id(id)
    .title(title)
    .schemaType(type)
    .child(S.document().schemaType(type).documentId(id).title(title));
}

/**
 * The Studio's content list: one entry per page (no "create" button: these documents are fixed),
 * then the ordinary document types such as the social accounts.
 */
export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      ...PAGES.map((page) =>
        S.listItem()
          .id(page.id)
          .title(page.title)
          .child(
            S.list()
              .title(page.title)
              .items(page.documents.map((document) => documentItem(S, document))),
          ),
      ),
      S.divider(),
      ...S.documentTypeListItems().filter((item) => !FIXED_DOCUMENT_TYPES.has(item.getId() ?? '')),
    ]);
