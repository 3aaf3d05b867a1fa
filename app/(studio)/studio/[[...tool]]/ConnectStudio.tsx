import Link from 'next/link';
import { BrandMark } from '@/app/_components/BrandMark';
import { poppins } from '@/app/_fonts/fonts';
import styles from './ConnectStudio.module.css';

const ENV_EXAMPLE = `NEXT_PUBLIC_SANITY_PROJECT_ID=your-project-id
NEXT_PUBLIC_SANITY_DATASET=production
SANITY_API_READ_TOKEN=a-viewer-token
SANITY_PREVIEW_SECRET=a-long-random-string
SANITY_REVALIDATE_SECRET=another-long-random-string`;

/** The publish webhook's settings (README, "Connecting a Sanity project", step 5). */
const WEBHOOK_SETTINGS = `URL:        https://<your-site>/api/revalidate
Method:     POST
Trigger on: create, update, delete
Projection: {_type, _id}
Drafts and versions: not included
Secret:     the value of SANITY_REVALIDATE_SECRET`;

/**
 * What /studio shows when no Sanity project is configured, for its two readers: an executive
 * (what the page is for, whom to ask) and the developer who connects a project (the steps).
 */
export function ConnectStudio() {
  return (
    <div className={`${poppins.variable} ${styles.page}`}>
      <main className={styles.card}>
        <div className={styles.brand}>
          <BrandMark className={styles.mark} />
          <p className={styles.eyebrow}>TCSA content studio</p>
        </div>
        <h1 className={styles.title}>The content studio is not connected yet</h1>

        <section aria-labelledby="for-executives">
          <h2 id="for-executives" className={styles.heading}>
            For club executives
          </h2>
          <p className={styles.lead}>
            This is where the club edits the words of the website. Where each kind of edit lives:
          </p>
          <ul className={styles.places}>
            <li>
              <strong>The words of the pages</strong> (titles, messages, buttons and labels, the
              privacy policy, the footer, the emails&apos; texts): here, in the studio, once it is
              connected.
            </li>
            <li>
              <strong>
                Events and registrations, membership and payments, the team and alumni
              </strong>
              , sponsors, pictures and the site&apos;s other lists: the club&apos;s console at{' '}
              <Link href="/admin">/admin</Link>, which works already.
            </li>
            <li>
              <strong>A preview link for a reviewer</strong>, to read unpublished words before they
              go live: copy it from the console&apos;s{' '}
              <Link href="/admin/content">Site content</Link> page, or ask whoever runs the site for
              it.
            </li>
          </ul>
          <p className={styles.lead}>
            The studio needs a Sanity project, and this site has none set up, so nothing can be
            edited here yet. Ask the club&apos;s technical lead (the super admin of the console) to
            connect one; the steps for them are below. Until then the site shows its built-in texts.
          </p>
        </section>

        <section aria-labelledby="for-developers">
          <h2 id="for-developers" className={styles.heading}>
            For the developer: how to connect a project
          </h2>
          <ol className={styles.steps}>
            <li>
              Create a project at{' '}
              <a href="https://www.sanity.io/manage" rel="noopener noreferrer">
                sanity.io/manage
              </a>{' '}
              and copy its project id.
            </li>
            <li>
              Set these variables in <code>.env.local</code> (the read token is a Viewer token from
              the project&apos;s API settings, for drafts in preview; the two secrets are long
              random strings: the preview secret goes in reviewers&apos; preview links, the
              revalidate secret signs the webhook below):
              <pre className={styles.code} tabIndex={0} aria-label="Variables for .env.local">
                <code>{ENV_EXAMPLE}</code>
              </pre>
            </li>
            <li>
              Import the bundled content into the dataset: <code>npx sanity login</code>, then{' '}
              <code>npm run content:import</code>.
            </li>
            <li>
              In the project&apos;s API settings, add this site&apos;s address as a CORS origin with
              credentials allowed.
            </li>
            <li>
              Add a webhook (the project&apos;s API settings, Webhooks), so that a publish reaches
              the pages within seconds:
              <pre className={styles.code} tabIndex={0} aria-label="Webhook settings">
                <code>{WEBHOOK_SETTINGS}</code>
              </pre>
            </li>
            <li>
              Stop the site and start it again with <code>npm start</code>: the server reads these
              values when it starts, so the site needs no new build. Then come back to{' '}
              <code>/studio</code>.
            </li>
          </ol>
          <p className={styles.note}>
            Until then the site reads the content bundled in{' '}
            <code>studio/dataset/production.ndjson</code>: the published copy for visitors, the
            drafts in preview mode. The README&apos;s &ldquo;Content and preview&rdquo; section says
            more about previews and the webhook.
          </p>
        </section>
        <Link href="/" className={styles.back}>
          Back to the site
        </Link>
      </main>
    </div>
  );
}
