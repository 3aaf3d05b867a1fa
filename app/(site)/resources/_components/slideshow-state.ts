/** The resource slideshow's rules (spec sections 2, 4 and 9), kept apart from React to test them. */

/** Time each slide stays before the next one (spec section 9). */
export const SLIDESHOW_DELAY_MS = 3000;

export type SlideshowState = {
  index: number;
  count: number;
  /**
   * The visitor's choice from the pause/play button; null until they press it, when the
   * slideshow plays unless they prefer reduced motion (WCAG 2.2.2).
   */
  choice: 'playing' | 'paused' | null;
  /** Keyboard focus is inside the slideshow: rotation waits so nothing moves under the focus. */
  keyboardFocusInside: boolean;
  /** Changes whenever the delay must start over in full: a dot was used or play was pressed. */
  restarts: number;
};

export type SlideshowAction =
  /** The delay ran out. */
  | { type: 'advance' }
  /** A dot was used. */
  | { type: 'show'; index: number }
  /** The pause/play button was pressed. */
  | { type: 'toggle'; reducedMotion: boolean }
  /** Focus moved inside (by keyboard or not) or left. */
  | { type: 'focus'; keyboard: boolean };

export function initialSlideshowState(count: number): SlideshowState {
  return { index: 0, count, choice: null, keyboardFocusInside: false, restarts: 0 };
}

/** The slide after `index`, back to the first after the last. */
export function nextIndex(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

/** Whether the slideshow is meant to play: what the pause/play button shows. */
export function wantsToPlay(state: SlideshowState, reducedMotion: boolean): boolean {
  return state.choice === null ? !reducedMotion : state.choice === 'playing';
}

/** Whether the slides move on by themselves right now. */
export function isRotating(state: SlideshowState, reducedMotion: boolean): boolean {
  return state.count > 1 && wantsToPlay(state, reducedMotion) && !state.keyboardFocusInside;
}

export function slideshowReducer(state: SlideshowState, action: SlideshowAction): SlideshowState {
  switch (action.type) {
    case 'advance':
      return { ...state, index: nextIndex(state.index, state.count) };
    case 'show':
      if (!Number.isInteger(action.index) || action.index < 0 || action.index >= state.count) {
        return state;
      }
      // The spec keeps the slideshow playing after a dot is used; the chosen slide gets a full delay.
      return { ...state, index: action.index, restarts: state.restarts + 1 };
    case 'toggle':
      if (wantsToPlay(state, action.reducedMotion)) return { ...state, choice: 'paused' };
      // Pressing play is an explicit request: it also overrides the pause for keyboard focus.
      return {
        ...state,
        choice: 'playing',
        keyboardFocusInside: false,
        restarts: state.restarts + 1,
      };
    case 'focus':
      return state.keyboardFocusInside === action.keyboard
        ? state
        : { ...state, keyboardFocusInside: action.keyboard };
  }
}
