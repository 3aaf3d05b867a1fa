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

/** Chinese and Japanese characters: a line may break between any two of them. */
const BREAKS_BETWEEN_CHARACTERS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Punctuation stays with the character before it: a line never starts with '，' or '。'. */
const CLOSING_PUNCTUATION = /^[\p{Pe}\p{Pf}\p{Po}]$/u;

/** The characters a reader sees (grapheme clusters: 'é' written as e + accent is one). */
export function graphemes(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    return Array.from(segmenter.segment(text), ({ segment }) => segment);
  }
  return Array.from(text);
}

/**
 * The pieces a line of the title may wrap between: each word (a space before all but the
 * first), and each Chinese or Japanese character on its own, as those scripts wrap.
 */
export function wrapUnits(line: string): { text: string; spaceBefore: boolean }[] {
  const units: { text: string; spaceBefore: boolean }[] = [];
  for (const [wordIndex, word] of line.split(' ').filter(Boolean).entries()) {
    let pending = '';
    let first = true;
    const flush = () => {
      if (!pending) return;
      units.push({ text: pending, spaceBefore: first && wordIndex > 0 });
      first = false;
      pending = '';
    };
    for (const character of graphemes(word)) {
      if (BREAKS_BETWEEN_CHARACTERS.test(character)) {
        flush();
        pending = character;
      } else if (
        CLOSING_PUNCTUATION.test(character) &&
        BREAKS_BETWEEN_CHARACTERS.test(Array.from(pending).at(-1) ?? '')
      ) {
        pending += character;
      } else {
        if (pending && BREAKS_BETWEEN_CHARACTERS.test(Array.from(pending).at(-1) ?? '')) flush();
        pending += character;
      }
    }
    flush();
  }
  return units;
}

/**
 * The association's title, letter by letter. Screen readers and search engines get the title as
 * one plain heading; the animated letters are hidden from them.
 *
 * Lines wrap between words and between Chinese or Japanese characters, never inside a word that
 * fits on a line; a word longer than the whole line (INTERNATIONALIZATION on a phone) wraps
 * between its own letters rather than running off the screen (AnimatedTitle.module.css).
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
            {wrapUnits(line).map((unit, unitIndex) => (
              // Lines wrap only between these units: the spaces between words sit outside them.
              <Fragment key={unitIndex}>
                {unit.spaceBefore ? ' ' : null}
                <span className={styles.word}>
                  {graphemes(unit.text).map((character) => {
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
