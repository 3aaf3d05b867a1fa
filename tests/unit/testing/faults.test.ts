import { describe, expect, it } from 'vitest';
import { parseTestFaults } from '@/lib/testing/faults';

describe('test fault cookie', () => {
  it('reads source=kind pairs', () => {
    const faults = parseTestFaults('events=error, members=empty,sponsors=invalid,designs=slow');
    expect(Object.fromEntries(faults)).toEqual({
      events: 'error',
      members: 'empty',
      sponsors: 'invalid',
      designs: 'slow',
    });
  });

  it('ignores unknown kinds and malformed pairs', () => {
    expect(parseTestFaults('events=explode,=error,members').size).toBe(0);
    expect(parseTestFaults(undefined).size).toBe(0);
  });
});
