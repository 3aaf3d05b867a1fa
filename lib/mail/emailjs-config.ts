import 'server-only';
import { getServerEnv } from '../env/server';
import type { EmailConfig } from './emailjs';

/** The EmailJS settings the forms need, read at request time and handed to them as props. */
export function getEmailConfig(): EmailConfig {
  const env = getServerEnv();
  return {
    publicKey: env.EMAILJS_PUBLIC_KEY ?? null,
    serviceId: env.EMAILJS_SERVICE_ID ?? null,
    templates: {
      contact: env.EMAILJS_CONTACT_TEMPLATE_ID ?? null,
      applicationAdmin: env.EMAILJS_APPLICATION_ADMIN_TEMPLATE_ID ?? null,
      applicationReply: env.EMAILJS_APPLICATION_REPLY_TEMPLATE_ID ?? null,
      registrationAdmin: env.EMAILJS_REGISTRATION_ADMIN_TEMPLATE_ID ?? null,
      registrationConfirm: env.EMAILJS_REGISTRATION_CONFIRM_TEMPLATE_ID ?? null,
      services: env.EMAILJS_SERVICES_TEMPLATE_ID ?? null,
    },
    blockList: (env.EMAILJS_BLOCK_LIST ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    rateLimitMs: env.EMAILJS_RATE_LIMIT_MS ?? null,
  };
}
