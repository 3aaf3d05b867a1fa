import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SERVER_VARIABLES } from '@/lib/env/server-variables.mjs';
import { serverSchema } from '@/lib/env/server';
import { findSecrets, findVariableNames, secretsFrom } from '@/scripts/check-secrets.mjs';
import { tempTree } from '../support/temp-tree';

const run = promisify(execFile);
const SCRIPT = path.resolve('scripts/check-secrets.mjs');

const ENV = {
  SANITY_API_READ_TOKEN: 'skReadToken-4c1e9a77',
  SANITY_PREVIEW_SECRET: 'preview/secret+1',
  SANITY_REVALIDATE_SECRET: 'revalidate-secret-09',
  DATABASE_URL: 'postgres://site:p%40ss-word-77@db.example:5432/tcsa',
  CRON_SECRET: 'cron-secret-0123456789',
  BETTER_AUTH_SECRET: 'auth-secret-0f3b9e1d7a5c2e8b4d6f1a3c5e7b9d0f',
  S3_SECRET_ACCESS_KEY: 's3-secret-key-77a1',
  SMTP_URL: 'smtps://club:smtp-pass-4411@smtp.example.org:465',
};

/** A fake build folder with a `static/` tree of the given files. */
function buildWith(files: Record<string, string>): string {
  const inStatic = Object.entries(files).map(([name, content]) => [`static/${name}`, content]);
  return tempTree('tcsa-secrets-', Object.fromEntries(inStatic));
}

async function scan(dist: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT], {
      env: { NODE_ENV: 'test', PATH: process.env.PATH, NEXT_DIST_DIR: dist, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('secretsFrom', () => {
  it('takes the secrets and the decoded database and SMTP passwords', () => {
    expect(secretsFrom(ENV)).toEqual([
      { name: 'SANITY_API_READ_TOKEN', value: 'skReadToken-4c1e9a77' },
      { name: 'SANITY_PREVIEW_SECRET', value: 'preview/secret+1' },
      { name: 'SANITY_REVALIDATE_SECRET', value: 'revalidate-secret-09' },
      { name: 'CRON_SECRET', value: 'cron-secret-0123456789' },
      { name: 'BETTER_AUTH_SECRET', value: 'auth-secret-0f3b9e1d7a5c2e8b4d6f1a3c5e7b9d0f' },
      { name: 'S3_SECRET_ACCESS_KEY', value: 's3-secret-key-77a1' },
      { name: 'DATABASE_URL password', value: 'p@ss-word-77' },
      { name: 'SMTP_URL password', value: 'smtp-pass-4411' },
    ]);
  });

  it('leaves out unset, blank and short values and a URL without a password', () => {
    expect(
      secretsFrom({
        SANITY_API_READ_TOKEN: '  ',
        SANITY_PREVIEW_SECRET: 'short',
        DATABASE_URL: 'postgres://site@db.example/tcsa',
      }),
    ).toEqual([]);
  });
});

describe('findSecrets', () => {
  it('finds a secret written as it is, URL-encoded or JSON-escaped, in nested files', () => {
    const dist = buildWith({
      'chunks/app/page-1.js': 'const t="skReadToken-4c1e9a77";',
      'chunks/other.js': 'fetch("/x?s=preview%2Fsecret%2B1")',
      'css/site.css': 'body{color:red}',
      'media/data.json': '{"p":"p@ss-word-77"}',
      'chunks/upload.js': 'new S3Client({credentials:{secretAccessKey:"s3-secret-key-77a1"}})',
    });
    const leaks = findSecrets(path.join(dist, 'static'), secretsFrom(ENV));
    expect(leaks.map(({ file, name }) => [path.relative(dist, file), name]).sort()).toEqual([
      ['static/chunks/app/page-1.js', 'SANITY_API_READ_TOKEN'],
      ['static/chunks/other.js', 'SANITY_PREVIEW_SECRET'],
      ['static/chunks/upload.js', 'S3_SECRET_ACCESS_KEY'],
      ['static/media/data.json', 'DATABASE_URL password'],
    ]);
  });

  it('finds nothing in clean files', () => {
    const dist = buildWith({ 'chunks/main.js': 'console.log("revalidate-secret")' });
    expect(findSecrets(path.join(dist, 'static'), secretsFrom(ENV))).toEqual([]);
  });
});

describe('findVariableNames', () => {
  it('lists exactly the variables of the server schema', () => {
    expect([...SERVER_VARIABLES].sort()).toEqual(Object.keys(serverSchema.shape).sort());
  });

  it('finds the name of a server variable in a browser file, as a leaked schema would put it', () => {
    const dist = buildWith({
      'chunks/env.js': 'z.object({DATABASE_URL:a,SANITY_REVALIDATE_SECRET:b})',
      'chunks/clean.js': 'NEXT_PUBLIC_SITE_URL',
    });
    const leaks = findVariableNames(path.join(dist, 'static'));
    expect(leaks.map(({ name }) => name).sort()).toEqual([
      'the name DATABASE_URL',
      'the name SANITY_REVALIDATE_SECRET',
    ]);
  });

  it('finds a name read as a property, a whole string or a destructured key', () => {
    const dist = buildWith({
      'chunks/property.js': 'let a=process.env.SMTP_URL;',
      'chunks/string.js': 'const n=["MAIL_FROM"];e[`BACKUP_DIR`];',
      'chunks/destructured.js': 'const{CRON_SECRET}=process.env',
      'chunks/default.js': 'const{a,DATABASE_URL=""}=process.env',
      'chunks/getter.js': 'const e={get UPLOADS_DIR(){return 1}};class t{static PGLITE_DATA_DIR=1}',
      'chunks/method.js': 'const e={S3_BUCKET(){return 1}}',
      'chunks/json.js': 'JSON.parse("{\\"S3_REGION\\":1}")',
    });
    const leaks = findVariableNames(path.join(dist, 'static'));
    expect(leaks.map(({ name }) => name).sort()).toEqual([
      'the name BACKUP_DIR',
      'the name CRON_SECRET',
      'the name DATABASE_URL',
      'the name MAIL_FROM',
      'the name PGLITE_DATA_DIR',
      'the name S3_BUCKET',
      'the name S3_REGION',
      'the name SMTP_URL',
      'the name UPLOADS_DIR',
    ]);
  });

  it('lets a sentence of copy name a variable an operator sets (the Studio shows it)', () => {
    const dist = buildWith({
      'chunks/studio.js':
        'smtpUnset:["Email: no SMTP server","SMTP_URL is not set: the site sends nothing."],' +
        'fix:["Set TRUSTED_PROXY_HOPS={count} in .env.local, check DATABASE_URL, SMTP_URL and MAIL_FROM."],' +
        'cronOff:["Scheduled work through this address is off: set CRON_SECRET on the server."]',
    });
    expect(findVariableNames(path.join(dist, 'static'))).toEqual([]);
  });
});

describe('scripts/check-secrets.mjs', () => {
  it('exits 1 and names the secret and the file when one leaked', async () => {
    const dist = buildWith({ 'chunks/leak.js': 'x="revalidate-secret-09"' });
    const { code, output } = await scan(dist, ENV);
    expect(code).toBe(1);
    expect(output).toContain('SANITY_REVALIDATE_SECRET found in');
    expect(output).toContain(path.join('static', 'chunks', 'leak.js'));
  });

  it('exits 0 and counts the files when none leaked', async () => {
    const dist = buildWith({ 'chunks/a.js': 'a', 'chunks/b.js': 'b' });
    const { code, output } = await scan(dist, ENV);
    expect(code).toBe(0);
    expect(output).toContain('none of 8 server secrets, nor the name of any of the');
    expect(output).toContain('server variables, in 2 files');
  });

  it('refuses to pass when no secret is set or there is no build', async () => {
    const dist = buildWith({ 'chunks/a.js': 'a' });
    expect((await scan(dist, {})).code).toBe(2);
    expect((await scan(path.join(dist, 'missing'), ENV)).code).toBe(2);
  });
});
