'use client';

import { Fragment, type CSSProperties } from 'react';
import { useInView } from '@/lib/site/use-in-view';
import styles from './AnimatedTitle.module.css';

/** Spec section 9: 50 ms between letters, starting when 20% is in view with a -50px margin. */
export const LETTER_DELAY_MS = 50;
const VISIBILITY_THRESHOLD = 0.2;
const ROOT_MARGIN = '-50px';

/** First word on the first line, the rest on the second. */
export function splitTitleLines(title: string): [string, string] {
  const words = title.trim().split(/\s+/);
  return [words[0] ?? '', words.slice(1).join(' ')];
}

/**
 * The association's title, letter by letter. Screen readers and search engines get the title as
 * one plain heading; the animated letters are hidden from them.
 */
export function AnimatedTitle({ title, id }: { title: string; id?: string }) {
  const [ref, visible] = useInView<HTMLHeadingElement>({
    threshold: VISIBILITY_THRESHOLD,
    rootMargin: ROOT_MARGIN,
  });

  let letterIndex = 0;
  return (
    <h1
      ref={ref}
      id={id}
      className={`${styles.title} ${visible ? styles.visible : ''}`}
      data-animated={visible ? 'true' : 'false'}
    >
      <span className="visually-hidden">{title}</span>
      {splitTitleLines(title).map((line, lineIndex) =>
        line ? (
          <span
            key={lineIndex}
            aria-hidden="true"
            className={`${styles.line} ${lineIndex === 0 ? styles.firstLine : ''}`}
          >
            {line.split(' ').map((word, wordIndex) => (
              // Words never break between their letters; lines wrap only at the spaces between
              // words, which therefore sit outside the unbreakable word spans.
              <Fragment key={wordIndex}>
                {wordIndex > 0 ? ' ' : null}
                <span className={styles.word}>
                  {Array.from(word).map((character) => {
                    const style = {
                      '--letter-delay': `${letterIndex++ * LETTER_DELAY_MS}ms`,
                    } as CSSProperties;
                    return (
                      <span key={letterIndex} className={styles.letter} style={style}>
                        {character}
                      </span>
                    );
                  })}
                </span>
              </Fragment>
            ))}
          </span>
        ) : null,
      )}
      <noscript>
        <style>{`.${styles.letter}{opacity:1;transform:none}`}</style>
      </noscript>
    </h1>
  );
}
