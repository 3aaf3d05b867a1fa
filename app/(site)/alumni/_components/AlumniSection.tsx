import { Suspense } from 'react';
import { EmptyText, ErrorText, LoadingText } from '@/app/_components/SectionStatus';
import type { AlumnusDto } from '@/lib/api/contract';
import { sectionFailureText } from '@/lib/api/failure';
import { getAlumni, getTelferAlumni } from '@/lib/api/reads';
import { splitAlumni } from '@/lib/alumni';
import { AlumnusCard } from './AlumnusCard';
import styles from './AlumniSection.module.css';

const SECTIONS = {
  former: {
    title: 'Former Club Members',
    source: 'alumni',
    loading: 'Loading alumni...',
    empty: 'No former club members to show yet.',
    // The Telfer alumni have their own section, so they never show twice.
    read: async () => splitAlumni(await getAlumni()).formerMembers,
  },
  telfer: {
    title: 'Telfer Alumni',
    source: 'telferAlumni',
    loading: 'Loading Telfer alumni...',
    empty: 'No Telfer alumni to show yet.',
    read: getTelferAlumni,
  },
} as const satisfies Record<
  string,
  {
    title: string;
    source: 'alumni' | 'telferAlumni';
    loading: string;
    empty: string;
    read: () => Promise<AlumnusDto[]>;
  }
>;

export type AlumniSectionKind = keyof typeof SECTIONS;

async function AlumniList({ kind }: { kind: AlumniSectionKind }) {
  const section = SECTIONS[kind];
  let alumni: AlumnusDto[];
  try {
    alumni = await section.read();
  } catch (error) {
    return <ErrorText>{sectionFailureText(error, section.source)}</ErrorText>;
  }
  if (alumni.length === 0) return <EmptyText>{section.empty}</EmptyText>;
  return (
    <ul className={styles.grid}>
      {alumni.map((alumnus) => (
        <li key={alumnus.id}>
          <AlumnusCard alumnus={alumnus} />
        </li>
      ))}
    </ul>
  );
}

/** 'Former Club Members' or 'Telfer Alumni': a heading and a grid of cards. */
export function AlumniSection({ kind }: { kind: AlumniSectionKind }) {
  const section = SECTIONS[kind];
  const headingId = `alumni-${kind}-title`;
  return (
    <section className={`section ${styles[kind]}`} aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId} className="section-title">
          {section.title}
        </h2>
        <Suspense fallback={<LoadingText>{section.loading}</LoadingText>}>
          <AlumniList kind={kind} />
        </Suspense>
      </div>
    </section>
  );
}
