import Link from 'next/link';
import styles from './StarButton.module.css';

const STAR_COUNT = 6;

/** A call-to-action link whose stars fly out on hover or focus; the stars are decoration only. */
export function StarButton({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} className={styles.button}>
      {children}
      {Array.from({ length: STAR_COUNT }, (_, index) => (
        <svg
          key={index}
          className={styles.star}
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
        >
          <path
            fill="currentColor"
            d="M12 1.5l2.6 7.2 7.6.3-6 4.7 2.1 7.3L12 16.7 5.7 21l2.1-7.3-6-4.7 7.6-.3z"
          />
        </svg>
      ))}
    </Link>
  );
}
