import styles from '../../console.module.css';

/** What a console action answered: its refusal (announced at once) or what it did. */
export function ActionOutcome({ state }: { state: { error?: string; done?: string } }) {
  return (
    <div aria-live="polite">
      {state.error ? (
        <p role="alert" className={styles.alert}>
          {state.error}
        </p>
      ) : null}
      {state.done ? <p className={styles.notice}>{state.done}</p> : null}
    </div>
  );
}
