import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const emailjs = vi.hoisted(() => ({ send: vi.fn(), sendForm: vi.fn() }));
vi.mock('@emailjs/browser', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@emailjs/browser')>();
  return { ...actual, default: { ...actual.default, ...emailjs } };
});

import { EmailJSResponseStatus } from '@emailjs/browser';
import {
  describeEmailFailure,
  EmailNotConfiguredError,
  isEmailConfigured,
  sendEmail,
  type EmailConfig,
} from '@/lib/mail/emailjs';

const configured: EmailConfig = {
  publicKey: 'public-key',
  serviceId: 'service',
  templates: {
    contact: 'contact-template',
    applicationAdmin: 'admin-template',
    applicationReply: 'reply-template',
    registrationAdmin: null,
    registrationConfirm: null,
    services: null,
  },
  blockList: [],
  rateLimitMs: null,
};

beforeEach(() => {
  emailjs.send.mockResolvedValue(new EmailJSResponseStatus(200, 'OK'));
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  emailjs.send.mockReset();
});

describe('email module', () => {
  it('sends with the service, template and public key, and no block list or rate limit by default', async () => {
    await sendEmail(configured, 'applicationReply', { applicant_name: 'Mei' });
    expect(emailjs.send).toHaveBeenCalledWith(
      'service',
      'reply-template',
      { applicant_name: 'Mei' },
      { publicKey: 'public-key' },
    );
  });

  it('passes the configured block list and rate limit to EmailJS', async () => {
    await sendEmail(
      { ...configured, blockList: ['spam@example.com'], rateLimitMs: 2000 },
      'contact',
      {
        message: 'hi',
      },
    );
    expect(emailjs.send).toHaveBeenCalledWith(
      'service',
      'contact-template',
      { message: 'hi' },
      {
        publicKey: 'public-key',
        blockList: { list: ['spam@example.com'] },
        limitRate: { throttle: 2000 },
      },
    );
  });

  it('refuses template parameters that are not an object', async () => {
    await expect(
      sendEmail(configured, 'contact', ['not', 'an', 'object'] as unknown as Record<
        string,
        unknown
      >),
    ).rejects.toThrow('The email template parameters must be an object of named values.');
    expect(emailjs.send).not.toHaveBeenCalled();
  });

  it('says clearly when a template is not configured instead of pretending to send', async () => {
    expect(isEmailConfigured(configured, 'services')).toBe(false);
    expect(isEmailConfigured(configured, 'contact')).toBe(true);
    await expect(sendEmail(configured, 'services', {})).rejects.toBeInstanceOf(
      EmailNotConfiguredError,
    );
    expect(emailjs.send).not.toHaveBeenCalled();
  });

  it('logs EmailJS refusals with the meaning of 451, 403 and 429', async () => {
    for (const [status, meaning] of [
      [451, 'Unavailable For Headless Browser'],
      [403, 'Forbidden'],
      [429, 'Too Many Requests'],
    ] as const) {
      emailjs.send.mockRejectedValueOnce(new EmailJSResponseStatus(status, 'refused'));
      await expect(sendEmail(configured, 'contact', {})).rejects.toMatchObject({ status });
      expect(console.error).toHaveBeenLastCalledWith(
        `Sending the contact email failed. EmailJS answered ${status} ${meaning}: refused`,
      );
    }
    expect(describeEmailFailure(new EmailJSResponseStatus(500, 'oops'))).toBe(
      'EmailJS answered 500: oops',
    );
  });
});
