'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { registrationOfCheckInLink } from '@/lib/admin/check-in-link';
import styles from '../../../../console.module.css';
import door from './door.module.css';
import { checkInByCode, type DoorScanResult } from './scan-actions';

/** The decoder's function, loaded with the scanner (jsQR is some 250 KB the door page skips). */
type Decode = (typeof import('jsqr'))['default'];

/** How often a frame is read: often enough to feel instant, rare enough for an old phone. */
const FRAME_MS = 150;
/** A code held in front of the camera is read once: again only after it was out of sight so long. */
const SAME_CODE_GAP_MS = 2_000;
/** Frames are read at most this wide: a QR code at arm's length needs no more pixels. */
const FRAME_WIDTH = 640;

type Shown = Pick<DoorScanResult, 'tone' | 'title' | 'line'>;

/** Why the camera did not open, in the door's words: the search below works either way. */
function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'The camera is not allowed. Allow it in the browser’s settings for this site, or find the person by name below.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return 'No camera was found on this device. Find the person by name below.';
  }
  if (name === 'NotReadableError' || name === 'AbortError') {
    return 'The camera is busy (another app may be using it). Close that app and try again, or find the person by name below.';
  }
  return 'The camera could not be opened. Find the person by name below.';
}

/**
 * 'Scan a code': the phone's back camera reads the QR code of a confirmation email and checks
 * that person in (checkInByCode: the server decides, as for a tap), then shows who it was, big,
 * and goes on scanning for the next person. The decoder is loaded only when the scanner opens,
 * and the camera is released when it closes or the page is left.
 */
export function DoorScanner({
  eventId,
  siteOrigin,
  onCheckedIn,
}: {
  eventId: number;
  /** The site's public address, the one the email's codes carry. */
  siteOrigin: string;
  /** A scan that checked someone in (or found them in already): the board follows. */
  onCheckedIn: (result: DoorScanResult) => void;
}) {
  const [open, setOpen] = useState(false);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<number | null>(null);
  // Each opening counts: a camera that answers after the scanner was closed is released at once.
  const sessionRef = useRef(0);
  const onCheckedInRef = useRef(onCheckedIn);
  useEffect(() => {
    onCheckedInRef.current = onCheckedIn;
  }, [onCheckedIn]);

  const release = useCallback(() => {
    sessionRef.current += 1;
    if (timerRef.current !== null) window.clearTimeout(timerRef.current);
    timerRef.current = null;
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  // Leaving the page (another console page, or the browser's back) releases the camera.
  useEffect(() => {
    window.addEventListener('pagehide', release);
    return () => {
      window.removeEventListener('pagehide', release);
      release();
    };
  }, [release]);

  async function handle(decoded: string): Promise<void> {
    const registrationId = registrationOfCheckInLink(decoded, [siteOrigin, window.location.origin]);
    if (registrationId === null) {
      setShown({
        tone: 'refused',
        title: 'Not a check-in code',
        line: 'This QR code is not a check-in code of this site. Scan the code in the person’s confirmation email.',
      });
      return;
    }
    try {
      const result = await checkInByCode(eventId, registrationId);
      setShown(result);
      if (result.tone !== 'refused') onCheckedInRef.current(result);
    } catch {
      setShown({
        tone: 'refused',
        title: 'Not checked in',
        line: 'The site did not answer. Check the connection and scan again.',
      });
    }
  }

  function scanFrames(session: number, decode: Decode) {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    let last = { text: '', seenAt: 0 };
    const tick = async () => {
      const video = videoRef.current;
      if (session !== sessionRef.current || !video || !context) return;
      if (video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        const scale = Math.min(1, FRAME_WIDTH / video.videoWidth);
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        const frame = context.getImageData(0, 0, canvas.width, canvas.height);
        const code = decode(frame.data, frame.width, frame.height, {
          inversionAttempts: 'dontInvert',
        });
        const now = Date.now();
        if (code?.data) {
          const again = code.data === last.text && now - last.seenAt < SAME_CODE_GAP_MS;
          last = { text: code.data, seenAt: now };
          // One answer at a time: the next frame is read once this code's answer is shown.
          if (!again) await handle(code.data);
          last.seenAt = Date.now();
        }
      }
      if (session === sessionRef.current) timerRef.current = window.setTimeout(tick, FRAME_MS);
    };
    void tick();
  }

  async function start() {
    release();
    const session = sessionRef.current;
    setOpen(true);
    setProblem(null);
    setShown(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem(
        window.isSecureContext
          ? 'This browser cannot use a camera here. Find the person by name below.'
          : 'The camera works only on the site’s secure (https) address. Find the person by name below.',
      );
      return;
    }
    setStarting(true);
    try {
      const [stream, decoder] = await Promise.all([
        navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        }),
        import('jsqr'),
      ]);
      if (session !== sessionRef.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) throw new Error('The scanner closed before the camera opened.');
      video.srcObject = stream;
      await video.play();
      scanFrames(session, decoder.default);
    } catch (error) {
      if (session !== sessionRef.current) return;
      release();
      setProblem(
        error instanceof DOMException
          ? cameraProblem(error)
          : 'The scanner could not be loaded. Check the connection, or find the person by name below.',
      );
    } finally {
      if (session === sessionRef.current) setStarting(false);
    }
  }

  function close() {
    release();
    setOpen(false);
    setStarting(false);
    setProblem(null);
    setShown(null);
  }

  return (
    <section className={door.scanner} aria-label="Scan a check-in code">
      {open ? (
        <button
          type="button"
          className={`${styles.button} ${styles.quietButton} ${door.scanButton}`}
          onClick={close}
        >
          Close the scanner
        </button>
      ) : (
        <button type="button" className={`${styles.button} ${door.scanButton}`} onClick={start}>
          Scan a code
        </button>
      )}
      {open && !problem ? (
        <div className={door.viewfinder}>
          {/* The camera's picture: no sound, no captions to give. */}
          <video
            ref={videoRef}
            className={door.video}
            muted
            playsInline
            aria-label="Camera: hold the person’s QR code in the frame"
          />
          {starting ? <p className={door.viewfinderNote}>Opening the camera…</p> : null}
        </div>
      ) : null}
      <div aria-live="assertive" aria-atomic="true" data-testid="scan-result">
        {problem ? (
          <p role="alert" className={styles.alert}>
            {problem}
          </p>
        ) : shown ? (
          <div className={door.scanResult} data-tone={shown.tone}>
            <p className={door.scanTitle}>{shown.title}</p>
            <p className={door.scanLine}>{shown.line}</p>
          </div>
        ) : null}
      </div>
    </section>
  );
}
