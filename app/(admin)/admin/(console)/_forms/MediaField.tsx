'use client';

import { useId, useRef, useState } from 'react';
import {
  IMAGE_ACCEPT,
  IMAGE_PURPOSES,
  maxBytesFor,
  tooLargeMessageFor,
  UPLOAD_MESSAGES,
  type UploadPurpose,
  VIDEO_ACCEPT,
} from '@/lib/media/kinds';
import styles from '../../console.module.css';

type Upload =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'done' }
  | { phase: 'failed'; message: string };

const UPLOAD_PATH = '/admin/upload';

/**
 * A picture or video of a record: the file goes to the upload route as soon as it is chosen,
 * with its progress shown, and the address the server gives back is what the form saves (in a
 * hidden input under `name`). The server judges the file; the size check here only saves a
 * long wait for a file that would be refused.
 */
export function MediaField({
  name,
  label,
  purpose,
  defaultValue,
  required = false,
  error,
}: {
  name: string;
  label: string;
  purpose: UploadPurpose;
  defaultValue: string;
  required?: boolean;
  error?: string;
}) {
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });
  const request = useRef<XMLHttpRequest | null>(null);
  const isVideo = purpose === 'video';
  const shownError = upload.phase === 'failed' ? upload.message : error;

  const send = (file: File) => {
    if (file.size > maxBytesFor(purpose)) {
      setUpload({ phase: 'failed', message: tooLargeMessageFor(purpose) });
      return;
    }
    if (file.size === 0) {
      setUpload({ phase: 'failed', message: UPLOAD_MESSAGES.empty });
      return;
    }
    request.current?.abort();
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    xhr.open('POST', `${UPLOAD_PATH}?purpose=${purpose}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (progress) => {
      if (progress.lengthComputable) {
        setUpload({
          phase: 'uploading',
          percent: Math.round((progress.loaded / progress.total) * 100),
        });
      }
    };
    xhr.onload = () => {
      const body = xhr.response as { url?: string; error?: string } | null;
      if (xhr.status === 201 && body?.url) {
        setValue(body.url);
        setUpload({ phase: 'done' });
      } else {
        setUpload({
          phase: 'failed',
          message: body?.error ?? `The upload failed (HTTP ${xhr.status}). Try again.`,
        });
      }
    };
    xhr.onerror = () =>
      setUpload({
        phase: 'failed',
        message: 'The upload failed: the server could not be reached. Try again.',
      });
    setUpload({ phase: 'uploading', percent: 0 });
    xhr.send(file);
  };

  const described = [`${id}-hint`, shownError ? `${id}-error` : null].filter(Boolean).join(' ');
  const what = isVideo ? 'video' : IMAGE_PURPOSES[purpose].label;
  return (
    <div className={styles.field}>
      <span id={`${id}-label`} className={styles.label}>
        {label}
        {required ? null : <span className={styles.optional}> (optional)</span>}
      </span>
      <p id={`${id}-hint`} className={styles.hint}>
        {isVideo
          ? 'MP4 or WebM, at most 50 MB.'
          : 'JPEG, PNG, WebP or AVIF, at most 10 MB. It is resized for the site and its location data removed.'}
      </p>
      {value ? (
        isVideo ? (
          <video className={styles.mediaPreview} src={value} muted controls preload="metadata" />
        ) : (
          // eslint-disable-next-line @next/next/no-img-element -- a preview of any stored file, sized by CSS
          <img className={styles.mediaPreview} src={value} alt={`Current ${what}`} />
        )
      ) : (
        <p className={styles.muted}>No {what} yet.</p>
      )}
      {/*
        The browser's own file input says 'No file chosen' beside a picture that is there: it is
        hidden from sight (still focusable, and named by the field's label), and its label below
        is the button that opens it, with the focus ring of the input.
      */}
      <input
        id={`${id}-file`}
        type="file"
        accept={isVideo ? VIDEO_ACCEPT : IMAGE_ACCEPT}
        className={styles.fileInput}
        aria-labelledby={`${id}-label`}
        aria-describedby={described}
        aria-invalid={shownError ? true : undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) send(file);
          // The same file can be chosen again after a failure.
          event.currentTarget.value = '';
        }}
      />
      <label htmlFor={`${id}-file`} className={`${styles.button} ${styles.fileButton}`}>
        {value ? `Choose another ${what}` : `Choose a ${what}`}
      </label>
      <input type="hidden" name={name} value={value} />
      <div aria-live="polite">
        {upload.phase === 'uploading' ? (
          <p className={styles.hint}>
            <progress
              className={styles.progress}
              max={100}
              value={upload.percent}
              aria-label={`Uploading the ${what}`}
            />{' '}
            Uploading… {upload.percent}%
          </p>
        ) : null}
        {upload.phase === 'done' ? (
          <p className={styles.hint}>Uploaded. Save the form to publish it.</p>
        ) : null}
      </div>
      {shownError ? (
        <p id={`${id}-error`} role="alert" className={styles.fieldError}>
          {shownError}
        </p>
      ) : null}
      {value && !required ? (
        <button
          type="button"
          className={`${styles.button} ${styles.quietButton}`}
          onClick={() => {
            setValue('');
            setUpload({ phase: 'idle' });
          }}
        >
          Remove the {what}
        </button>
      ) : null}
    </div>
  );
}
