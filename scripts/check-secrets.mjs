#!/usr/bin/env node
// Fails when a server-only secret appears in any file the build serves to browsers
// ($NEXT_DIST_DIR/static). The secrets are read from the environment the build ran with:
// `npm test` builds with distinctive fake values (scripts/test-all.sh) and scans for them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_VARIABLES } from '../lib/env/server-variables.mjs';

/** Server-only variables whose values must never reach the browser (see lib/env.ts). */
export const SECRET_VARIABLES = [
  'SANITY_API_READ_TOKEN',
  'SANITY_PREVIEW_SECRET',
  'SANITY_REVALIDATE_SECRET',
  'CRON_SECRET',
  'BETTER_AUTH_SECRET',
  'S3_SECRET_ACCESS_KEY',
];

/** Shorter values would match by chance; a real secret is far longer. */
export const MIN_SECRET_LENGTH = 8;

/**
 * The secret values of an environment, by name: the secrets above and the passwords of
 * DATABASE_URL and SMTP_URL. Unset or too short values are left out.
 *
 * @param {Record<string, string | undefined>} env
 * @returns {{ name: string; value: string }[]}
 */
export function secretsFrom(env) {
  const secrets = [];
  for (const name of SECRET_VARIABLES) {
    const value = env[name]?.trim();
    if (value && value.length >= MIN_SECRET_LENGTH) secrets.push({ name, value });
  }
  for (const name of ['DATABASE_URL', 'SMTP_URL']) {
    const url = env[name]?.trim();
    if (!url) continue;
    let password = '';
    try {
      password = decodeURIComponent(new URL(url).password);
    } catch {
      // Not a URL: lib/env/server.ts refuses it anyway.
    }
    if (password.length >= MIN_SECRET_LENGTH) {
      secrets.push({ name: `${name} password`, value: password });
    }
  }
  return secrets;
}

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Every (file, secret) pair where the file contains the secret as it is, URL-encoded or
 * JSON-escaped (how a bundler would write it into a string).
 *
 * @param {string} dir
 * @param {{ name: string; value: string }[]} secrets
 * @returns {{ file: string; name: string }[]}
 */
export function findSecrets(dir, secrets) {
  const leaks = [];
  for (const file of filesUnder(dir)) {
    const content = readFileSync(file).toString('latin1');
    for (const { name, value } of secrets) {
      const forms = new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]);
      // latin1 keeps every byte; compare against the UTF-8 bytes of each form the same way.
      if ([...forms].some((form) => content.includes(Buffer.from(form).toString('latin1')))) {
        leaks.push({ file, name });
      }
    }
  }
  return leaks;
}

/**
 * The ways a name appears when code that reads it reached the browser's minified chunks: an
 * object key, destructured name, default, method or getter (`{DATABASE_URL:a,SMTP_URL=""}`,
 * `{get MAIL_FROM(){…}}`), a property (`env.DATABASE_URL`), or a whole string, escaped inside
 * another one too (`"DATABASE_URL"`, `env["DATABASE_URL"]`, `JSON.parse("{\\"SMTP_URL\\":1}")`). A sentence
 * of the System page's copy that tells an operator which variable to set (the Studio shows it as
 * a field's default) names it among words, which is no leak.
 *
 * @param {string} name
 */
function codeFormsOf(name) {
  return new RegExp(
    [
      `[{,]${name}[:,}=(]`,
      `\\b(?:get|static)\\s+${name}(?![\\w$])`,
      `\\.${name}(?![\\w$])`,
      `(\\\\?["'\`])${name}\\1`,
    ].join('|'),
  );
}

/**
 * Every (file, name) pair where a file holds the name of a server-only variable as code: the
 * server's schema kept out of client code, not even its names reach the browser.
 *
 * @param {string} dir
 * @param {readonly string[]} names
 * @returns {{ file: string; name: string }[]}
 */
export function findVariableNames(dir, names = SERVER_VARIABLES) {
  const patterns = names.map((name) => ({ name, pattern: codeFormsOf(name) }));
  const leaks = [];
  for (const file of filesUnder(dir)) {
    const content = readFileSync(file).toString('latin1');
    for (const { name, pattern } of patterns) {
      if (pattern.test(content)) leaks.push({ file, name: `the name ${name}` });
    }
  }
  return leaks;
}

function main() {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  const staticDir = path.join(distDir, 'static');
  const secrets = secretsFrom(process.env);
  if (secrets.length === 0) {
    console.error(
      `check-secrets: no server secret is set (${SECRET_VARIABLES.join(', ')}, DATABASE_URL); ` +
        'set the values the build was made with.',
    );
    return 2;
  }
  let files;
  try {
    files = filesUnder(staticDir).length;
  } catch {
    console.error(`check-secrets: ${staticDir} does not exist; build first.`);
    return 2;
  }
  const leaks = [...findSecrets(staticDir, secrets), ...findVariableNames(staticDir)];
  if (leaks.length > 0) {
    for (const { file, name } of leaks) console.error(`check-secrets: ${name} found in ${file}`);
    return 1;
  }
  console.log(
    `check-secrets: none of ${secrets.length} server secrets, nor the name of any of the ` +
      `${SERVER_VARIABLES.length} server variables, in ${files} files under ${staticDir}`,
  );
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}
