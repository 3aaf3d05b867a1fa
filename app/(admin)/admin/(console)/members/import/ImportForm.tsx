'use client';

import { useActionState, useState } from 'react';
import type { ImportRowVerdict } from '@/lib/memberships/import';
import styles from '../../../console.module.css';
import { ActionOutcome } from '../../_forms/ActionOutcome';
import { type ImportState, membersImportAction } from './actions';
import local from './import.module.css';

const OUTCOME_ORDER: Record<ImportRowVerdict['outcome'], number> = {
  problem: 0,
  ready: 1,
  duplicate: 2,
};
const OUTCOME_WORDS: Record<ImportRowVerdict['outcome'], string> = {
  problem: 'Problem',
  ready: 'Ready',
  duplicate: 'Already a member, skipped',
};
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Upload (or paste) the file, read each row's verdict, fix the file and preview again, then
 * import. The preview writes nothing; the import sends the file again with the preview's hash.
 */
export function ImportForm({ maxKilobytes, maxRows }: { maxKilobytes: number; maxRows: number }) {
  const [state, submit, pending] = useActionState<ImportState, FormData>(membersImportAction, {});
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const preview = state.preview;
  const rows = preview
    ? [...preview.rows].sort(
        (a, b) => OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome] || a.line - b.line,
      )
    : [];
  return (
    <div className={styles.stack}>
      <section className={styles.panel} aria-labelledby="import-file">
        <h2 id="import-file" className={styles.panelTitle}>
          1. The file
        </h2>
        <form action={submit} className={styles.form}>
          <input type="hidden" name="intent" value="preview" />
          <p className={styles.hint}>
            A CSV saved from the spreadsheet (commas or semicolons), with the roster export’s
            columns: Member ID, Status, Legal name, Preferred name, uOttawa email, Program, Year of
            study, Expected graduation, Membership type, Membership year, Valid from, Valid until.
            At most {maxKilobytes} KB and {maxRows} members.
          </p>
          <div className={styles.field}>
            <label htmlFor="import-upload" className={styles.label}>
              CSV file
            </label>
            <input
              id="import-upload"
              name="file"
              type="file"
              accept=".csv,text/csv"
              className={styles.input}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file && file.size > maxKilobytes * 1024) {
                  event.currentTarget.value = '';
                  setTooLarge(
                    `The file is too large: at most ${maxKilobytes} KB and ${maxRows} members at a time. Split it in two and import each part.`,
                  );
                } else setTooLarge(null);
              }}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="import-text" className={styles.label}>
              Or paste the rows (the file’s text shows here after a preview, to fix a row)
            </label>
            <textarea
              // A new preview puts its file's text in the box (the box is not controlled).
              key={preview?.sha256 ?? state.error ?? 'empty'}
              id="import-text"
              name="text"
              defaultValue={state.text ?? ''}
              className={`${styles.input} ${local.pasted}`}
              spellCheck={false}
            />
          </div>
          {tooLarge ? (
            <p role="alert" className={styles.alert}>
              {tooLarge}
            </p>
          ) : null}
          <div className={styles.row}>
            <button type="submit" className={styles.button} disabled={pending}>
              {pending ? 'Working…' : 'Preview'}
            </button>
          </div>
        </form>
      </section>
      <ActionOutcome state={state} />
      {preview ? (
        <section className={styles.panel} aria-labelledby="import-preview">
          <h2 id="import-preview" className={styles.panelTitle}>
            2. The preview (nothing is written yet)
          </h2>
          <p className={local.counts} data-testid="import-counts">
            {plural(preview.rows.length, 'row')}: {preview.counts.ready} ready,{' '}
            {preview.counts.problems} with problems
            {preview.counts.duplicates > 0
              ? `, ${preview.counts.duplicates} already members (skipped)`
              : ''}
            .
          </p>
          {preview.notes.map((note) => (
            <p key={note} className={styles.hint}>
              {note}
            </p>
          ))}
          {preview.counts.problems > 0 ? (
            <p className={styles.hint}>
              Nothing is imported while a row has a problem: fix those rows in the file (or in the
              box above) and preview again.
            </p>
          ) : preview.counts.ready > 0 ? (
            <form action={submit} className={styles.row}>
              <input type="hidden" name="intent" value="import" />
              <input type="hidden" name="text" value={state.text ?? ''} />
              <input type="hidden" name="sha256" value={preview.sha256} />
              <input
                type="hidden"
                name="ready"
                value={preview.rows
                  .filter((row) => row.outcome === 'ready')
                  .map((row) => row.line)
                  .join(',')}
              />
              <button type="submit" className={styles.button} disabled={pending}>
                {pending ? 'Importing…' : `Import ${plural(preview.counts.ready, 'member')}`}
              </button>
            </form>
          ) : (
            <p className={styles.hint}>Nothing to import: every row is already a member.</p>
          )}
          <ul className={local.rows} aria-label="Rows of the file">
            {rows.map((row) => (
              <li
                key={row.line}
                className={`${local.row} ${row.outcome === 'problem' ? local.problemRow : ''}`}
              >
                <p className={local.rowTitle}>
                  Row {row.line}: {row.legalName || '(no name)'} · {OUTCOME_WORDS[row.outcome]}
                </p>
                <span className={styles.muted}>
                  {[
                    row.uottawaEmail,
                    row.memberId ?? (row.outcome === 'problem' ? null : 'new member ID'),
                    [row.typeName, row.yearLabel].filter(Boolean).join(' '),
                    row.outcome === 'problem'
                      ? null
                      : row.status === 'active'
                        ? 'Active'
                        : 'Expired',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                {row.problems.length > 0 ? (
                  <ul className={local.problems}>
                    {row.problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
