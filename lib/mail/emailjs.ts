import emailjs, { EmailJSResponseStatus } from '@emailjs/browser';

/**
 * The one wrapper around EmailJS used by every form. EmailJS sends from the browser; its ids are
 * public and come from the server (lib/mail/emailjs-config.ts) so they can change without a rebuild.
 */

export type EmailTemplate =
  | 'contact'
  | 'applicationAdmin'
  | 'applicationReply'
  | 'registrationAdmin'
  | 'registrationConfirm'
  | 'services';

export type EmailConfig = {
  publicKey: string | null;
  serviceId: string | null;
  templates: Record<EmailTemplate, string | null>;
  /** Addresses EmailJS refuses to send for; empty by default. */
  blockList: string[];
  /** Minimum milliseconds between two sends from this browser; null (no limit) by default. */
  rateLimitMs: number | null;
};

export class EmailNotConfiguredError extends Error {
  constructor(template: EmailTemplate) {
    super(
      `Email sending is not set up on this site yet (EmailJS ${template} template), so nothing was sent.`,
    );
    this.name = 'EmailNotConfiguredError';
  }
}

/** What EmailJS's own status codes mean, for the console. */
const EMAILJS_STATUS_MEANINGS: Record<number, string> = {
  451: 'Unavailable For Headless Browser',
  403: 'Forbidden',
  429: 'Too Many Requests',
};

export function describeEmailFailure(error: unknown): string {
  if (error instanceof EmailJSResponseStatus || isResponseStatus(error)) {
    const meaning = EMAILJS_STATUS_MEANINGS[error.status];
    return meaning
      ? `EmailJS answered ${error.status} ${meaning}: ${error.text}`
      : `EmailJS answered ${error.status}: ${error.text}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function isResponseStatus(value: unknown): value is { status: number; text: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { status?: unknown }).status === 'number' &&
    typeof (value as { text?: unknown }).text === 'string'
  );
}

export function isEmailConfigured(config: EmailConfig, template: EmailTemplate): boolean {
  return Boolean(config.publicKey && config.serviceId && config.templates[template]);
}

function requireIds(config: EmailConfig, template: EmailTemplate) {
  const templateId = config.templates[template];
  if (!config.publicKey || !config.serviceId || !templateId) {
    throw new EmailNotConfiguredError(template);
  }
  return { publicKey: config.publicKey, serviceId: config.serviceId, templateId };
}

function sdkOptions(config: EmailConfig, publicKey: string) {
  return {
    publicKey,
    ...(config.blockList.length > 0 ? { blockList: { list: config.blockList } } : {}),
    ...(config.rateLimitMs !== null ? { limitRate: { throttle: config.rateLimitMs } } : {}),
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

async function logged<T>(template: EmailTemplate, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    console.error(`Sending the ${template} email failed. ${describeEmailFailure(error)}`);
    throw error;
  }
}

/** Sends a template with the given parameters (an object of named values). */
export async function sendEmail(
  config: EmailConfig,
  template: EmailTemplate,
  params: Record<string, unknown>,
): Promise<EmailJSResponseStatus> {
  if (!isPlainObject(params)) {
    throw new TypeError('The email template parameters must be an object of named values.');
  }
  const { publicKey, serviceId, templateId } = requireIds(config, template);
  return logged(template, () =>
    emailjs.send(serviceId, templateId, params, sdkOptions(config, publicKey)),
  );
}

/** Sends a form's fields (named like the template's variables) with a template. */
export async function sendEmailForm(
  config: EmailConfig,
  template: EmailTemplate,
  form: HTMLFormElement,
): Promise<EmailJSResponseStatus> {
  const { publicKey, serviceId, templateId } = requireIds(config, template);
  return logged(template, () =>
    emailjs.sendForm(serviceId, templateId, form, sdkOptions(config, publicKey)),
  );
}
