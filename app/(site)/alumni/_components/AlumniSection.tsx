import { Suspense } from 'react';
import { EmptyText, ErrorText, LoadingText } from '@/app/_components/SectionStatus';
import type { AlumnusDto } from '@/lib/api/contract';
import { sectionFailureText } from '@/lib/api/failure';
import { getAlumni, getTelferAlumni } from '@/lib/api/reads';
import { splitAlumni } from '@/lib/site/alumni';
import { AlumnusCard } from './AlumnusCard';
import styles from './AlumniSection.module.css';
import type { Copy } from '@/lib/copy/catalogue';

type AlumniTexts = Copy<'alumni'>;

const SECTIONS = {
  former: {
    title: 'formerTitle',
    source: 'alumni',
    loading: 'formerLoading',
    error: 'formerError',
    empty: 'formerEmpty',
    // The Telfer alumni have their own section, so they never show twice.
    read: async () => splitAlumni(await getAlumni()).formerMembers,
  },
  telfer: {
    title: 'telferTitle',
    source: 'telferAlumni',
    loading: 'telferLoading',
    error: 'telferError',
    empty: 'telferEmpty',
    read: getTelferAlumni,
  },
} as const satisfies Record<
  string,
  {
    /** The section's words: keys of the alumni page's texts. */
    title: keyof AlumniTexts;
    source: 'alumni' | 'telferAlumni';
    loading: keyof AlumniTexts;
    error: keyof AlumniTexts;
    empty: keyof AlumniTexts;
    read: () => Promise<AlumnusDto[]>;
  }
>;

export type AlumniSectionKind = keyof typeof SECTIONS;

type SectionProps = { kind: AlumniSectionKind; texts: AlumniTexts; invalid: string };

async function AlumniList({ kind, texts, invalid }: SectionProps) {
  const section = SECTIONS[kind];
  let alumni: AlumnusDto[];
  try {
    alumni = await section.read();
  } catch (error) {
    return (
      <ErrorText>
        {sectionFailureText(error, section.source, { failure: texts[section.error], invalid })}
      </ErrorText>
    );
  }
  if (alumni.length === 0) return <EmptyText>{texts[section.empty]}</EmptyText>;
  return (
    <ul className={styles.grid}>
      {alumni.map((alumnus) => (
        <li key={alumnus.id}>
          <AlumnusCard alumnus={alumnus} majorLabel={texts.major} />
        </li>
      ))}
    </ul>
  );
}

/** 'Former Club Members' or 'Telfer Alumni': a heading and a grid of cards. */
export function AlumniSection({ kind, texts, invalid }: SectionProps) {
  const section = SECTIONS[kind];
  const headingId = `alumni-${kind}-title`;
  return (
    <section className={`section ${styles[kind]}`} aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId} className="section-title">
          {texts[section.title]}
        </h2>
        <Suspense fallback={<LoadingText>{texts[section.loading]}</LoadingText>}>
          <AlumniList kind={kind} texts={texts} invalid={invalid} />
        </Suspense>
      </div>
    </section>
  );
}
