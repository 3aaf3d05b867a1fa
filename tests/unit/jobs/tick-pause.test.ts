import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  noteRequest,
  resetSenderForTests,
  SENDER_MAX_WAIT_MS,
  SENDER_QUIET_MS,
  untilRequestsPause,
} from '@/lib/jobs/tick';

/** Starts the wait and says, at any moment, whether it is over. */
function startWaiting(): () => boolean {
  let over = false;
  void untilRequestsPause().then(() => {
    over = true;
  });
  return () => over;
}

describe('the scheduled work waits for a burst of registrations to pass', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetSenderForTests();
  });
  afterEach(() => {
    vi.useRealTimers();
    resetSenderForTests();
  });

  it('starts at once when no registration arrived lately', async () => {
    const over = startWaiting();
    await vi.advanceTimersByTimeAsync(0);
    expect(over()).toBe(true);
  });

  it('starts once registrations have paused for the quiet time', async () => {
    noteRequest();
    const over = startWaiting();
    await vi.advanceTimersByTimeAsync(SENDER_QUIET_MS / 2);
    noteRequest();
    await vi.advanceTimersByTimeAsync(SENDER_QUIET_MS - 1);
    expect(over()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(over()).toBe(true);
  });

  it('waits no longer than the longest wait for a steady stream of registrations', async () => {
    noteRequest();
    const over = startWaiting();
    for (let elapsed = 100; elapsed < SENDER_MAX_WAIT_MS; elapsed += 100) {
      await vi.advanceTimersByTimeAsync(100);
      noteRequest();
    }
    expect(over()).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(over()).toBe(true);
  });
});
