'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { NAV_LINKS, NAVBAR_SCROLL_THRESHOLD_PX } from '@/lib/site/constants';
import { BrandMark } from './BrandMark';
import { useSiteCopy } from './SiteCopy';
import styles from './Navbar.module.css';

function isCurrent(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

export function Navbar() {
  const pathname = usePathname();
  const copy = useSiteCopy();
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // Navigating closes the menu: a menu left open over the next page hides it.
  if (open && openedAt !== pathname) {
    setOpen(false);
  }

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > NAVBAR_SCROLL_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsidePointer);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <>
      <a className={styles.skipLink} href="#main-content">
        {copy.skipLink}
      </a>
      <nav
        ref={navRef}
        aria-label={copy.navLabel}
        data-scrolled={scrolled ? 'true' : 'false'}
        className={`${styles.nav} ${scrolled ? styles.scrolled : ''}`}
      >
        <div className={`container ${styles.inner}`}>
          <Link href="/" className={styles.brand}>
            <BrandMark className={styles.brandMark} />
            {copy.brandName}
            <span className="visually-hidden"> {copy.brandHome}</span>
          </Link>
          <button
            ref={toggleRef}
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? copy.menuClose : copy.menuOpen}
            onClick={() => {
              setOpenedAt(pathname);
              setOpen((wasOpen) => !wasOpen);
            }}
          >
            <span className={styles.toggleBars} aria-hidden="true" />
          </button>
          <ul id={menuId} className={`${styles.links} ${open ? styles.open : ''}`}>
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className={styles.link}
                  aria-current={isCurrent(pathname, link.href) ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                >
                  {copy[link.copyKey]}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </>
  );
}
