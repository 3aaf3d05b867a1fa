import { describe, expect, it } from 'vitest';
import {
  initialSlideshowState,
  isRotating,
  nextIndex,
  SLIDESHOW_DELAY_MS,
  slideshowReducer,
  type SlideshowAction,
  type SlideshowState,
  wantsToPlay,
} from '@/app/(site)/resources/_components/slideshow-state';

function run(state: SlideshowState, ...actions: SlideshowAction[]): SlideshowState {
  return actions.reduce(slideshowReducer, state);
}

describe('the resource slideshow rules', () => {
  it('waits 3000 ms per slide', () => {
    expect(SLIDESHOW_DELAY_MS).toBe(3000);
  });

  it('moves to the next slide and loops back to the first after the last', () => {
    expect([0, 1, 2, 3].map((index) => nextIndex(index, 4))).toEqual([1, 2, 3, 0]);
    expect(nextIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
    const state = run(initialSlideshowState(3), { type: 'advance' }, { type: 'advance' });
    expect(state.index).toBe(2);
    expect(run(state, { type: 'advance' }).index).toBe(0);
  });

  it('plays by itself from the start, unless the visitor prefers reduced motion', () => {
    const state = initialSlideshowState(4);
    expect(isRotating(state, false)).toBe(true);
    expect(isRotating(state, true)).toBe(false);
    expect(wantsToPlay(state, true)).toBe(false);
  });

  it('never rotates a single slide or none', () => {
    expect(isRotating(initialSlideshowState(1), false)).toBe(false);
    expect(isRotating(initialSlideshowState(0), false)).toBe(false);
  });

  it('shows the slide of a dot, keeps playing and restarts the delay', () => {
    const before = initialSlideshowState(4);
    const after = run(before, { type: 'show', index: 2 });
    expect(after.index).toBe(2);
    expect(isRotating(after, false)).toBe(true);
    expect(after.restarts).toBe(before.restarts + 1);
    // The dot of the slide already shown still gives it a full delay.
    expect(run(after, { type: 'show', index: 2 }).restarts).toBe(after.restarts + 1);
  });

  it('ignores a dot outside the slides', () => {
    const state = initialSlideshowState(4);
    expect(run(state, { type: 'show', index: 4 })).toBe(state);
    expect(run(state, { type: 'show', index: -1 })).toBe(state);
    expect(run(state, { type: 'show', index: 1.5 })).toBe(state);
  });

  it('pauses and plays again with the button, and the dots do not undo a pause', () => {
    const paused = run(initialSlideshowState(4), { type: 'toggle', reducedMotion: false });
    expect(wantsToPlay(paused, false)).toBe(false);
    expect(isRotating(paused, false)).toBe(false);
    expect(isRotating(run(paused, { type: 'show', index: 3 }), false)).toBe(false);
    const playing = run(paused, { type: 'toggle', reducedMotion: false });
    expect(isRotating(playing, false)).toBe(true);
    expect(playing.restarts).toBe(paused.restarts + 1);
  });

  it('plays under reduced motion only once the visitor presses play', () => {
    const state = run(initialSlideshowState(4), { type: 'toggle', reducedMotion: true });
    expect(isRotating(state, true)).toBe(true);
    expect(isRotating(run(state, { type: 'toggle', reducedMotion: true }), true)).toBe(false);
  });

  it('waits while keyboard focus is inside and resumes when it leaves', () => {
    const focused = run(initialSlideshowState(4), { type: 'focus', keyboard: true });
    expect(isRotating(focused, false)).toBe(false);
    // The button still offers to pause: the visitor has not paused it.
    expect(wantsToPlay(focused, false)).toBe(true);
    expect(isRotating(run(focused, { type: 'focus', keyboard: false }), false)).toBe(true);
  });

  it('lets an explicit play override the wait for keyboard focus', () => {
    const pausedWithFocus = run(
      initialSlideshowState(4),
      { type: 'toggle', reducedMotion: false },
      { type: 'focus', keyboard: true },
    );
    expect(isRotating(run(pausedWithFocus, { type: 'toggle', reducedMotion: false }), false)).toBe(
      true,
    );
  });
});
