'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { BrandMark } from '@/app/_components/BrandMark';
import { poppins } from '@/app/_fonts/fonts';
import styles from './ConnectStudio.module.css';

/** The club's mark and the studio's name, as on the connect page. */
function Brand() {
  return (
    <div className={styles.brand}>
      <BrandMark className={styles.mark} />
      <p className={styles.eyebrow}>TCSA content studio</p>
    </div>
  );
}

/** How long the Studio waits for its project's API before saying it cannot reach it. */
export const STUDIO_REACH_TIMEOUT_MS = 8000;

type Reach = 'checking' | 'reachable' | 'unreachable';

/**
 * Asks the project's API once before the Studio starts. Any HTTP answer (even "not signed in")
 * means the project can be reached; a network failure or no answer in time means it cannot, and
 * the editor reads why in words instead of the Studio's crash screen.
 */
export function StudioGate({
  projectId,
  apiVersion,
  children,
}: {
  projectId: string;
  apiVersion: string;
  children: ReactNode;
}) {
  const [reach, setReach] = useState<Reach>('checking');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), STUDIO_REACH_TIMEOUT_MS);
    fetch(`https://${projectId}.api.sanity.io/v${apiVersion}/users/me`, {
      credentials: 'include',
      signal: controller.signal,
    }).then(
      () => setReach('reachable'),
      () => setReach('unreachable'),
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [projectId, apiVersion, attempt]);

  if (reach === 'reachable') return <>{children}</>;
  if (reach === 'checking') {
    return (
      <div className={`${poppins.variable} ${styles.page}`} data-studio-screen="opening">
        <div className={styles.opening}>
          <Brand />
          <p role="status" className={styles.openingText}>
            Opening the content studio…
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className={`${poppins.variable} ${styles.page}`} data-studio-screen="unreachable">
      <main className={styles.card} role="alert" aria-labelledby="studio-unreachable">
        <Brand />
        <h1 id="studio-unreachable" className={styles.title}>
          The content studio cannot reach Sanity
        </h1>
        <p className={styles.lead}>
          The studio keeps the site&apos;s texts in the Sanity project <code>{projectId}</code>, and
          that project did not answer. Your internet connection may be down, a network may block
          sanity.io, or Sanity may be having an outage. Nothing is lost: the public site keeps
          showing the last texts it read.
        </p>
        <p className={styles.lead}>
          Try again in a few minutes. If it keeps happening, tell the club&apos;s technical lead
          (the super admin of the club&apos;s console), and mention the project id above.
        </p>
        <button
          type="button"
          className={styles.back}
          onClick={() => {
            setReach('checking');
            setAttempt((count) => count + 1);
          }}
        >
          Try again
        </button>
      </main>
    </div>
  );
}
