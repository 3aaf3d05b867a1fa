import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { SMTPServer } from 'smtp-server';
import type { ObjectStore } from '@/lib/storage/objects';
import { S3ObjectStore } from '@/lib/storage/s3';
import { findFreePort, SERVER_ENTRY } from '../../e2e/support/server';
import { type S3TestServer, startS3Server } from '../../unit/support/s3-server';
import { closeAgents, Visitor } from './client';

/**
 * The lane's deployment, as a club with a busy week would run it: two production servers of one
 * build on one PostgreSQL database (the throwaway server scripts/with-postgres.sh started), the
 * uploaded files in one S3-compatible bucket (s3rver), email to one SMTP server (smtp-server),
 * and Caddy in front (Debian's package, HTTPS with `tls internal`), which balances the two and
 * keeps its connections to them open. Besides the address that balances, the proxy has one
 * address per instance, so that a test can do something on one and look on the other through the
 * same proxy.
 */

export type Mail = { to: string[]; raw: string; subject: string };

export type Instance = {
  name: 'A' | 'B';
  /** Its own port (the proxy's upstream). */
  port: number;
  /** The proxy's address that reaches this instance only. */
  origin: string;
  pid: number;
  log: () => string;
  /** Whether the process still runs. */
  alive: () => boolean;
  kill: (signal: NodeJS.Signals) => Promise<void>;
};

export type Cluster = {
  /** The proxy's address that balances the two instances. */
  origin: string;
  ca: Buffer;
  databaseUrl: string;
  db: Pool;
  s3: S3TestServer;
  /** The bucket both instances keep the uploaded files in. */
  bucket: ObjectStore;
  /** The folder UPLOADS_DIR names: with a bucket configured, nothing may be written there. */
  uploadsDir: string;
  mail: Mail[];
  cronSecret: string;
  instances: [Instance, Instance];
  /** A visitor of the balancing address (or another), from its own loopback address. */
  visitor: (address?: string, origin?: string) => Visitor;
  /** Everything the proxy printed. */
  proxyLog: () => string;
  stop: () => Promise<void>;
};

const DATABASE = 'tcsa_two_instances';
const BUCKET = 'tcsa-uploads';
export const CRON_SECRET = 'two-instances-cron-secret-0123456789';

async function startMailbox(): Promise<{ port: number; mail: Mail[]; close: () => Promise<void> }> {
  const mail: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: ?(.*)$/im.exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';
        mail.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, subject });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, mail, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: ${output}`)),
    );
  });
}

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined>,
  timeoutMs: number,
  detail: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch {
      // Not yet.
    }
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms.\n${detail()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function startInstance(
  name: 'A' | 'B',
  port: number,
  work: string,
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; logFile: string } {
  const logFile = path.join(work, `instance-${name}.log`);
  const log = openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    // The site's keep-alive outlasts the proxy's (Caddy closes an idle connection after 60 s):
    // the proxy, not the site, closes a quiet connection, so it never sends a request on a
    // connection the site is closing.
    [
      SERVER_ENTRY,
      '--port',
      String(port),
      '--hostname',
      '127.0.0.1',
      '--keepAliveTimeout',
      '75000',
    ],
    { detached: true, stdio: ['ignore', log, log], env },
  );
  return { child, logFile };
}

function caddyfile(ports: {
  http: number;
  both: number;
  a: number;
  b: number;
  upstreamA: number;
  upstreamB: number;
}): string {
  const proxy = (upstreams: string) => `
	tls internal
	reverse_proxy ${upstreams} {
		lb_policy round_robin
		# A request that cannot reach one instance (it stopped) goes to the other.
		lb_try_duration 5s
		lb_try_interval 100ms
		fail_duration 30s
		# Which instance answered, for the tests.
		header_down X-Upstream-Port {http.reverse_proxy.upstream.port}
		transport http {
			dial_timeout 2s
			keepalive 60s
			keepalive_idle_conns 64
		}
	}`;
  return `{
	admin off
	skip_install_trust
	auto_https disable_redirects
	http_port ${ports.http}
	servers {
		# No HTTP/3: it would take the UDP port of the same number, which nobody checked is free.
		protocols h1 h2
	}
}

https://localhost:${ports.both} {${proxy(`127.0.0.1:${ports.upstreamA} 127.0.0.1:${ports.upstreamB}`)}
}

https://localhost:${ports.a} {${proxy(`127.0.0.1:${ports.upstreamA}`)}
}

https://localhost:${ports.b} {${proxy(`127.0.0.1:${ports.upstreamB}`)}
}
`;
}

export async function startCluster(distDir: string): Promise<Cluster> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('Run the lane through scripts/test-two-instances.sh.');
  if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
    throw new Error(`No production build in ${distDir}/ (NEXT_DIST_DIR).`);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'tcsa-two-instances-'));
  const began = Date.now();
  const timings: string[] = [];
  const mark = (what: string) =>
    timings.push(`${what} at ${((Date.now() - began) / 1000).toFixed(1)} s`);
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(work, { recursive: true })];
  const stop = async () => {
    const stopping = Date.now();
    closeAgents();
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
    console.log(`The deployment stopped in ${((Date.now() - stopping) / 1000).toFixed(1)} s.`);
  };
  try {
    const admin = new Pool({ connectionString: serverUrl, max: 1 });
    cleanups.push(() => admin.end());
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${DATABASE} with (force)`);
    });
    const url = new URL(serverUrl);
    url.pathname = `/${DATABASE}`;
    const databaseUrl = url.toString();

    const [s3, mailbox, ports] = await Promise.all([
      startS3Server([BUCKET]),
      startMailbox(),
      Promise.all(Array.from({ length: 6 }, () => findFreePort())),
      // The database as `npm run db:migrate` and `npm run db:seed` leave it: PostgreSQL is never
      // seeded by a server behind the club's back.
      run(
        process.execPath,
        [
          path.resolve('node_modules/tsx/dist/cli.mjs'),
          '--conditions=react-server',
          'scripts/db/seed.ts',
        ],
        { ...process.env, DATABASE_URL: databaseUrl },
      ),
    ]);
    cleanups.push(
      () => s3.close(),
      () => mailbox.close(),
    );
    mark('database seeded');
    const [upstreamA, upstreamB, both, a, b, http] = ports as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];

    const uploadsDir = path.join(work, 'uploads-unused');
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: work,
      NODE_ENV: 'production',
      NEXT_DIST_DIR: distDir,
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: uploadsDir,
      ...s3.env(BUCKET),
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      MAIL_FROM: 'TCSA <tcsa@example.org>',
      MAIL_PER_MINUTE: '0',
      TRUSTED_PROXY_HOPS: '1',
      // Every visitor of the registration test comes from one loopback address.
      REGISTRATION_RATE_LIMIT_PER_MINUTE: '0',
      CRON_SECRET,
    };
    const started = (['A', 'B'] as const).map((name, index) =>
      startInstance(name, [upstreamA, upstreamB][index]!, work, env),
    );
    for (const { child } of started) {
      cleanups.push(async () => {
        if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Gone.
        }
      });
    }

    const instances = started.map(({ child, logFile }, index): Instance => {
      const log = () => readFileSync(logFile, 'utf8');
      return {
        name: index === 0 ? 'A' : 'B',
        port: index === 0 ? upstreamA : upstreamB,
        origin: `https://localhost:${index === 0 ? a : b}`,
        pid: child.pid!,
        log,
        alive: () => child.exitCode === null && child.signalCode === null,
        kill: async (signal) => {
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          process.kill(-child.pid!, signal);
          await exited;
        },
      };
    }) as [Instance, Instance];

    // Each instance answers on its own port before the proxy starts: a proxy that finds an
    // instance not yet listening counts it as down for a while (fail_duration).
    for (const instance of instances) {
      await until(
        `Instance ${instance.name} did not answer`,
        async () => {
          if (!instance.alive()) throw new Error('exited');
          const answer = await fetch(`http://127.0.0.1:${instance.port}/api/events/`);
          return answer.status === 200;
        },
        90_000,
        instance.log,
      );
    }
    mark('instances ready');

    const caddyDir = path.join(work, 'caddy');
    mkdirSync(caddyDir);
    await writeFile(
      path.join(caddyDir, 'Caddyfile'),
      caddyfile({ http, both, a, b, upstreamA, upstreamB }),
    );
    const caddyLog = path.join(caddyDir, 'caddy.log');
    const caddy = spawn(
      'caddy',
      ['run', '--config', path.join(caddyDir, 'Caddyfile'), '--adapter', 'caddyfile'],
      {
        detached: true,
        stdio: ['ignore', openSync(caddyLog, 'a'), openSync(caddyLog, 'a')],
        env: {
          NODE_ENV: 'production',
          PATH: process.env.PATH,
          HOME: caddyDir,
          XDG_DATA_HOME: path.join(caddyDir, 'data'),
          XDG_CONFIG_HOME: path.join(caddyDir, 'config'),
        },
      },
    );
    cleanups.push(async () => {
      if (caddy.exitCode !== null || !caddy.pid) return;
      const exited = new Promise<void>((resolve) => caddy.once('exit', () => resolve()));
      process.kill(-caddy.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    });
    const proxyLog = () => readFileSync(caddyLog, 'utf8');
    const rootCertificate = path.join(
      caddyDir,
      'data',
      'caddy',
      'pki',
      'authorities',
      'local',
      'root.crt',
    );
    const ca = await until(
      'Caddy made no certificate authority',
      async () => (existsSync(rootCertificate) ? readFileSync(rootCertificate) : null),
      15_000,
      proxyLog,
    );

    mark('proxy ready');
    // And through its own address of the proxy, over HTTPS.
    for (const instance of instances) {
      await until(
        `Instance ${instance.name} did not answer through the proxy`,
        async () => (await new Visitor(instance.origin, ca).fetch('/api/events/')).status === 200,
        15_000,
        proxyLog,
      );
    }

    mark('both instances answer');
    for (const each of instances) {
      timings.push(`${each.name}: ${/Ready in [\d.]+s/.exec(each.log())?.[0] ?? 'not ready'}`);
    }
    console.log(`The deployment: ${timings.join(', ')}.`);
    const origin = `https://localhost:${both}`;
    const db = new Pool({ connectionString: databaseUrl, max: 4 });
    cleanups.push(() => db.end());
    return {
      origin,
      ca,
      databaseUrl,
      db,
      s3,
      bucket: new S3ObjectStore(s3.settings(BUCKET)),
      uploadsDir,
      mail: mailbox.mail,
      cronSecret: CRON_SECRET,
      instances,
      visitor: (address = '127.0.0.1', at = origin) => new Visitor(at, ca, address),
      proxyLog,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
