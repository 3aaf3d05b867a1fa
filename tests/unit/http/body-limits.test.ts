import { describe, expect, it } from 'vitest';
import {
  APPLICATION_BODY_BYTES,
  PAGE_BODY_BYTES,
  TOO_LARGE_MESSAGES,
  bodyLimitFor,
  declaredLength,
  routeBodyLimit,
  tooLargeBody,
} from '@/lib/http/body-limits.mjs';
import { MAX_REGISTRATION_BODY_BYTES } from '@/lib/registrations/register-endpoint';
import { MAX_APPLICATION_BODY_BYTES, MAX_TEXT_SUBMISSION_BYTES } from '@/lib/submissions/endpoints';
import { MAX_WEBHOOK_BODY_BYTES } from '@/lib/content/routes';
import { API_ERRORS } from '@/lib/http/api-errors';
import {
  IMAGE_PURPOSES,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  maxBytesFor,
  tooLargeMessageFor,
  type UploadPurpose,
} from '@/lib/media/kinds';
import { MAX_RESUME_BYTES, RESUME_TOO_LARGE_MESSAGE } from '@/lib/submissions/resume-type';

describe('bodyLimitFor', () => {
  it('gives each route with a body its own limit and 413 text', () => {
    expect(bodyLimitFor('/api/events/3/register/')).toMatchObject({
      route: 'registration',
      bytes: 16 * 1024,
      message: API_ERRORS.body_too_large.message,
    });
    expect(bodyLimitFor('/api/events/3/register').route).toBe('registration');
    expect(bodyLimitFor('/api/messages/')).toMatchObject({ route: 'message', bytes: 32 * 1024 });
    expect(bodyLimitFor('/api/serviceRequests/')).toMatchObject({ bytes: 32 * 1024 });
    expect(bodyLimitFor('/api/revalidate')).toMatchObject({ route: 'webhook', bytes: 64 * 1024 });
    expect(bodyLimitFor('/api/applications/')).toMatchObject({
      route: 'application',
      bytes: MAX_RESUME_BYTES + 64 * 1024,
      message: RESUME_TOO_LARGE_MESSAGE,
      fields: { resume_file: RESUME_TOO_LARGE_MESSAGE },
    });
    // Every other endpoint takes small JSON at most; pages take Server Actions (Next.js's 1 MB).
    expect(bodyLimitFor('/api/cron/tick')).toMatchObject({ route: 'api', bytes: 64 * 1024 });
    expect(bodyLimitFor('/admin/events/new')).toMatchObject({
      route: 'page',
      bytes: PAGE_BODY_BYTES,
    });
  });

  it('matches the decoded path, so an escaped spelling of a route gets that route’s limit', () => {
    expect(bodyLimitFor('/api/%61pplications/').route).toBe('application');
    expect(bodyLimitFor('/api/events/%ff/register/').route).toBe('registration');
    expect(bodyLimitFor('/api/%ff').route).toBe('api');
  });

  it('judges a console upload by its purpose, as the upload route does', () => {
    const purposes = [...Object.keys(IMAGE_PURPOSES), 'video'] as UploadPurpose[];
    for (const purpose of purposes) {
      const limit = bodyLimitFor('/admin/upload', new URLSearchParams({ purpose }));
      expect(limit.bytes).toBe(maxBytesFor(purpose));
      expect(limit.message).toBe(tooLargeMessageFor(purpose));
      expect(limit.cacheControl).toBe('private, no-store');
    }
  });

  it('states the same numbers and words as the modules the browser shares', () => {
    expect(routeBodyLimit('application').bytes).toBe(APPLICATION_BODY_BYTES);
    expect(APPLICATION_BODY_BYTES).toBe(MAX_APPLICATION_BODY_BYTES);
    expect(TOO_LARGE_MESSAGES.resume).toBe(RESUME_TOO_LARGE_MESSAGE);
    expect(bodyLimitFor('/admin/upload', new URLSearchParams({ purpose: 'video' })).bytes).toBe(
      MAX_VIDEO_BYTES,
    );
    expect(bodyLimitFor('/admin/upload').bytes).toBe(MAX_IMAGE_BYTES);
    expect(routeBodyLimit('registration').bytes).toBe(MAX_REGISTRATION_BODY_BYTES);
    expect(routeBodyLimit('message').bytes).toBe(MAX_TEXT_SUBMISSION_BYTES);
    expect(routeBodyLimit('webhook').bytes).toBe(MAX_WEBHOOK_BODY_BYTES);
  });
});

describe('declaredLength and tooLargeBody', () => {
  it('reads a plain decimal Content-Length only', () => {
    expect(declaredLength('209715200')).toBe(209715200);
    expect(declaredLength(undefined)).toBeNull();
    expect(declaredLength('12abc')).toBeNull();
    expect(declaredLength('-1')).toBeNull();
  });

  it('answers {"error"} and the per-field message where the route gives one', () => {
    expect(JSON.parse(tooLargeBody(bodyLimitFor('/api/messages/')))).toEqual({
      error: 'The message is too long to send: it must be at most 5000 characters.',
    });
    expect(JSON.parse(tooLargeBody(bodyLimitFor('/api/applications/')))).toEqual({
      error: RESUME_TOO_LARGE_MESSAGE,
      fields: { resume_file: RESUME_TOO_LARGE_MESSAGE },
    });
  });
});
