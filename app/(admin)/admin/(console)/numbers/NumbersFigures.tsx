import styles from './numbers.module.css';

export type Figure = { label: string; value: string | number };

/** A row of figures, each its label above its value; one per line on a phone. */
export function NumbersFigures({ figures }: { figures: Figure[] }) {
  return (
    <dl className={styles.figures}>
      {figures.map((figure) => (
        <div key={figure.label} className={styles.figure}>
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What each figure counts, as every page of the console counts it, and the rate's definition. */
export function NumbersDefinitions({ rate }: { rate: string }) {
  return (
    <ul className={styles.definitions}>
      <li>Registered: everyone who registered, whatever became of their registration.</li>
      <li>Places taken: confirmed, checked in, no-shows and excused.</li>
      <li>Confirmed: confirmed and not checked in (yet).</li>
      <li>Checked in: checked in at the door.</li>
      <li>No-shows: marked as not having come after the event.</li>
      <li>Late cancellations: cancelled by the person after the event’s cut-off.</li>
      <li>{rate}</li>
    </ul>
  );
}
