import { afterEach, describe, expect, it, vi } from 'vitest';
import { sectionFailureText, settle } from '@/lib/api/failure';
import { DataSourceError, InvalidDataError } from '@/lib/api/sources';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sectionFailureText', () => {
  it("shows a failed read's own text", () => {
    expect(sectionFailureText(new DataSourceError('alumni'), 'alumni')).toBe(
      'Failed to load alumni',
    );
    expect(sectionFailureText(new DataSourceError('openPositions'), 'openPositions')).toBe(
      'Failed to load positions',
    );
    expect(sectionFailureText(new InvalidDataError('telferAlumni'), 'telferAlumni')).toBe(
      'Invalid data format received from server',
    );
  });

  it("falls back to the source's failure text for anything else, and logs it", () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(sectionFailureText(new TypeError('boom'), 'telferAlumni')).toBe(
      'Failed to load Telfer alumni',
    );
    expect(log).toHaveBeenCalledOnce();
  });
});

describe('settle', () => {
  it('turns a value and a failure into results that never reject', async () => {
    await expect(settle(Promise.resolve([1]))).resolves.toEqual({ ok: true, value: [1] });
    const error = new Error('down');
    await expect(settle(Promise.reject(error))).resolves.toEqual({ ok: false, error });
  });
});
