import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sendEmail = vi.hoisted(() => vi.fn());
vi.mock('@/lib/mail/emailjs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/mail/emailjs')>();
  return { ...actual, sendEmail };
});

import { REGISTRATION_SUCCESS_MESSAGE as API_SUCCESS_MESSAGE } from '@/lib/api/contract';
import type { EmailConfig } from '@/lib/mail/emailjs';
import {
  REGISTRATION_SUCCESS_MESSAGE,
  RegistrationRequestError,
  registrationEmailParams,
  registrationFailureMessage,
  sendRegistrationEmails,
  submitRegistration,
} from '@/lib/registrations/client';

const TOKEN = 'a'.repeat(64);
const fields = { first_name: 'Mei', last_name: 'Chen', email: 'mei.chen@example.org' };
const event = {
  title: 'Lunar New Year Gala 春节晚会',
  date: 'Saturday, February 13, 2027 at 6:30 PM',
};

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('submitRegistration', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    // Outside a browser there is no cookie: the token comes from GET /api/csrf/.
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/csrf/' ? json({ csrfToken: TOKEN }, 200) : json({}, 201),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('POSTs the JSON body with credentials and the X-CSRFToken header', async () => {
    await expect(submitRegistration(5, fields)).resolves.toEqual({
      status: 'confirmed',
      message: null,
      manageUrl: null,
    });
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/events/5/register/');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-CSRFToken': TOKEN,
    });
    expect(JSON.parse(String(init?.body))).toEqual(fields);
  });

  it("rejects with the server's error field on a failure answer", async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/csrf/'
        ? json({ csrfToken: TOKEN }, 200)
        : json({ error: 'You are already registered for this event.' }, 409),
    );
    const error = await submitRegistration(5, fields).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RegistrationRequestError);
    expect(error).toMatchObject({
      status: 409,
      serverError: 'You are already registered for this event.',
    });
    expect(registrationFailureMessage(error)).toBe(
      'Registration failed: You are already registered for this event.',
    );
  });

  it('rejects with the status when the failure answer has no error field', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/csrf/'
        ? json({ csrfToken: TOKEN }, 200)
        : new Response('<html>Bad gateway</html>', { status: 502 }),
    );
    const error = await submitRegistration(5, fields).catch((caught: unknown) => caught);
    expect(registrationFailureMessage(error)).toBe(
      'Registration failed: Request failed with status code 502',
    );
  });
});

describe('REGISTRATION_SUCCESS_MESSAGE', () => {
  it('is the spec text the API answers with', () => {
    expect(REGISTRATION_SUCCESS_MESSAGE).toBe(
      'Registration successful! You are now registered for this event.',
    );
    expect(REGISTRATION_SUCCESS_MESSAGE).toBe(API_SUCCESS_MESSAGE);
  });
});

describe('registrationFailureMessage', () => {
  it("uses the server's error field, else the error's message, else 'Unknown error'", () => {
    expect(registrationFailureMessage(new RegistrationRequestError(403, 'CSRF failed.'))).toBe(
      'Registration failed: CSRF failed.',
    );
    expect(registrationFailureMessage(new TypeError('Failed to fetch'))).toBe(
      'Registration failed: Failed to fetch',
    );
    expect(registrationFailureMessage(new Error(''))).toBe('Registration failed: Unknown error');
    expect(registrationFailureMessage('boom')).toBe('Registration failed: Unknown error');
  });
});

describe('registration emails', () => {
  const config: EmailConfig = {
    publicKey: 'pk',
    serviceId: 'svc',
    templates: {
      contact: null,
      applicationAdmin: null,
      applicationReply: null,
      registrationAdmin: 'tpl-admin',
      registrationConfirm: 'tpl-confirm',
      services: null,
    },
    blockList: [],
    rateLimitMs: null,
  };

  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  afterEach(() => {
    sendEmail.mockReset();
    vi.restoreAllMocks();
  });

  it('carries the spec’s parameters to each template', () => {
    expect(registrationEmailParams(fields, event)).toEqual({
      registrationAdmin: {
        first_name: 'Mei',
        last_name: 'Chen',
        email: 'mei.chen@example.org',
        event_title: event.title,
        event_date: event.date,
      },
      registrationConfirm: {
        first_name: 'Mei',
        email: 'mei.chen@example.org',
        event_title: event.title,
        event_date: event.date,
        manage_url: '',
      },
    });
    expect(
      registrationEmailParams(fields, event, 'https://tcsa.example/registrations/abc')
        .registrationConfirm.manage_url,
    ).toBe('https://tcsa.example/registrations/abc');
  });

  it('sends the admin notification and the confirmation', async () => {
    sendEmail.mockResolvedValue({ status: 200, text: 'OK' });
    await expect(sendRegistrationEmails(config, fields, event)).resolves.toEqual([]);
    const params = registrationEmailParams(fields, event);
    expect(sendEmail).toHaveBeenCalledTimes(2);
    expect(sendEmail).toHaveBeenCalledWith(config, 'registrationAdmin', params.registrationAdmin);
    expect(sendEmail).toHaveBeenCalledWith(
      config,
      'registrationConfirm',
      params.registrationConfirm,
    );
  });

  it('never rejects when a send fails: it reports which one and logs it', async () => {
    sendEmail.mockImplementation(async (_config, template: string) => {
      if (template === 'registrationConfirm') throw new Error('EmailJS answered 429');
      return { status: 200, text: 'OK' };
    });
    await expect(sendRegistrationEmails(config, fields, event)).resolves.toEqual([
      'registrationConfirm',
    ]);
    expect(console.warn).toHaveBeenCalledWith(
      'The registration is saved, but the registrationConfirm email was not sent.',
    );
  });

  it('sends nothing for a template that is not set up', async () => {
    const unconfigured = {
      ...config,
      templates: { ...config.templates, registrationAdmin: null },
    };
    sendEmail.mockResolvedValue({ status: 200, text: 'OK' });
    await expect(sendRegistrationEmails(unconfigured, fields, event)).resolves.toEqual([
      'registrationAdmin',
    ]);
    expect(sendEmail).toHaveBeenCalledTimes(1);
    expect(sendEmail).toHaveBeenCalledWith(unconfigured, 'registrationConfirm', expect.any(Object));
  });
});
