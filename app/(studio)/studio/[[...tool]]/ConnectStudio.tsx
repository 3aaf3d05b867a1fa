import Link from 'next/link';
import { BrandMark } from '@/app/_components/BrandMark';
import { poppins } from '@/app/_fonts/fonts';
import styles from './ConnectStudio.module.css';

const ENV_EXAMPLE = `NEXT_PUBLIC_SANITY_PROJECT_ID=your-project-id
NEXT_PUBLIC_SANITY_DATASET=production
SANITY_API_READ_TOKEN=a-viewer-token
SANITY_REVALIDATE_SECRET=a-long-random-string`;

/** What /studio shows when no Sanity project is configured. */
export function ConnectStudio() {
  return (
    <div className={`${poppins.variable} ${styles.page}`}>
      <main className={styles.card}>
        <div className={styles.brand}>
          <BrandMark className={styles.mark} />
          <p className={styles.eyebrow}>TCSA content studio</p>
        </div>
        <h1 className={styles.title}>Connect a Sanity project to edit the site</h1>
        <p className={styles.lead}>
          The studio edits the site&apos;s copy in a Sanity project, and none is configured here.
          Until one is, the site reads the content bundled in{' '}
          <code>studio/dataset/production.ndjson</code>: the published copy for visitors, the drafts
          in preview mode.
        </p>

        <h2 className={styles.heading}>How to connect one</h2>
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
            the project&apos;s API settings):
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
            Rebuild and restart the site (<code>npm start</code>), then come back to{' '}
            <code>/studio</code>.
          </li>
        </ol>
        <p className={styles.note}>
          The README&apos;s &ldquo;Content and preview&rdquo; section also explains previews and the
          publish webhook.
        </p>
        <Link href="/" className={styles.back}>
          Back to the site
        </Link>
      </main>
    </div>
  );
}
