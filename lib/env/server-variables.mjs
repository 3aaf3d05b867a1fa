// Plain JavaScript on purpose: scripts/check-secrets.mjs (run by Node as it is) reads this list
// to prove that not even the names of the server's variables reach a browser chunk. The schema
// in ./server.ts must name exactly these (a unit test holds them together).

/** Every variable of the server's schema (lib/env/server.ts). */
export const SERVER_VARIABLES = [
  'DATABASE_URL',
  'PGLITE_DATA_DIR',
  'CSRF_TRUSTED_ORIGINS',
  'REGISTRATION_RATE_LIMIT_PER_MINUTE',
  'SUBMISSION_RATE_LIMIT_PER_MINUTE',
  'TRUSTED_PROXY_HOPS',
  'UPLOADS_DIR',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'EMAILJS_PUBLIC_KEY',
  'EMAILJS_SERVICE_ID',
  'EMAILJS_CONTACT_TEMPLATE_ID',
  'EMAILJS_APPLICATION_ADMIN_TEMPLATE_ID',
  'EMAILJS_APPLICATION_REPLY_TEMPLATE_ID',
  'EMAILJS_REGISTRATION_ADMIN_TEMPLATE_ID',
  'EMAILJS_REGISTRATION_CONFIRM_TEMPLATE_ID',
  'EMAILJS_SERVICES_TEMPLATE_ID',
  'EMAILJS_BLOCK_LIST',
  'EMAILJS_RATE_LIMIT_MS',
  'BETTER_AUTH_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'MAIL_PER_MINUTE',
  'CRON_SECRET',
  'SANITY_API_READ_TOKEN',
  'SANITY_PREVIEW_SECRET',
  'SANITY_REVALIDATE_SECRET',
  'TCSA_ENABLE_TEST_FAULTS',
];
