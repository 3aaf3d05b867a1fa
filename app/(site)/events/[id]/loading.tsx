import { LoadingText } from '@/app/_components/SectionStatus';
import styles from './event.module.css';

/** Shown at once when a visitor opens an event, while its page is fetched. */
export default function Loading() {
  return (
    <div className={`container ${styles.page}`}>
      <LoadingText>Loading event details...</LoadingText>
    </div>
  );
}
