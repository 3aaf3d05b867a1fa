import { LoadingText } from '@/app/_components/SectionStatus';
import { getCopy } from '@/lib/copy/read';
import styles from './event.module.css';

/** Shown at once when a visitor opens an event, while its page is fetched. */
export default async function Loading() {
  const copy = await getCopy('event');
  return (
    <div className={`container ${styles.page}`}>
      <LoadingText>{copy.loading}</LoadingText>
    </div>
  );
}
