import styles from './event.module.css';

/** Shown at once when a visitor opens an event, while its page is fetched. */
export default function Loading() {
  return (
    <div className={`container ${styles.page}`}>
      <p role="status" className="status-text">
        Loading event details...
      </p>
    </div>
  );
}
