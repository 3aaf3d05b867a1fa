import { describe, expect, it } from 'vitest';
import { failureReason, TEAM_ERROR_FALLBACK } from '@/lib/site/failure-reason';

describe('failureReason priority', () => {
  const withResponse = (data: unknown, message = 'Request failed with status code 500') =>
    Object.assign(new Error(message), { response: { data } });

  it('prefers the response detail field', () => {
    expect(
      failureReason(withResponse({ detail: 'Database offline', error: 'x' }), TEAM_ERROR_FALLBACK),
    ).toBe('Database offline');
  });

  it('then the response error field', () => {
    expect(failureReason(withResponse({ error: 'Members unavailable' }), TEAM_ERROR_FALLBACK)).toBe(
      'Members unavailable',
    );
  });

  it('then the error message', () => {
    expect(failureReason(withResponse({}), TEAM_ERROR_FALLBACK)).toBe(
      'Request failed with status code 500',
    );
    expect(failureReason(new Error('connection refused'), TEAM_ERROR_FALLBACK)).toBe(
      'connection refused',
    );
  });

  it("then 'Failed to load team members.'", () => {
    expect(failureReason(new Error(''), TEAM_ERROR_FALLBACK)).toBe('Failed to load team members.');
    expect(failureReason(null, TEAM_ERROR_FALLBACK)).toBe('Failed to load team members.');
    expect(failureReason('boom', TEAM_ERROR_FALLBACK)).toBe('Failed to load team members.');
  });
});
