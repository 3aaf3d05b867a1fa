import type { ReactNode } from 'react';
import styles from './Hero.module.css';

type HeroProps = {
  title: string;
  message?: string;
  children?: ReactNode;
};

/** The page banner: the page's one h1 over the brand background. */
export function Hero({ title, message, children }: HeroProps) {
  return (
    <section className={styles.hero} aria-labelledby="page-title">
      <div className={`container ${styles.content}`}>
        <h1 id="page-title" className={styles.title}>
          {title}
        </h1>
        {message ? <p className={styles.message}>{message}</p> : null}
        {children}
      </div>
    </section>
  );
}
