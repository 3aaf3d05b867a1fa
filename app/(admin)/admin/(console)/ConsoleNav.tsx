'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import styles from '../console.module.css';

export type ConsoleLink = { href: string; label: string };

/** The console's sections; the current one is marked for screen readers and by sight. */
export function ConsoleNav({ links }: { links: readonly ConsoleLink[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Console" className={styles.nav}>
      <ul>
        {links.map((link) => {
          // A whole segment: /admin/membership/settings is not inside /admin/members.
          const current =
            pathname === link.href ||
            (link.href !== '/admin' && pathname.startsWith(`${link.href}/`));
          return (
            <li key={link.href}>
              <Link href={link.href} aria-current={current ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
