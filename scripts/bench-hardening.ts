/**
 * npm run bench:hardening — the adversarial cases too heavy for the test suite, measured:
 *
 * 1. The rate limiter in this process: hits per second on 100 steady clients with an empty table,
 *    and again after a flood of 10,000 other addresses (each hit must cost the same), and the
 *    number of clients tracked after a flood of 100,000.
 * 2. On the production server (built into .next-bench/ or $NEXT_DIST_DIR unless --skip-build):
 *    - a 200 MB body posted to /api/revalidate: its status, and the server's resident memory before
 *      and at its highest while the body streams;
 *    - the page cache behind an HTTPS proxy (`X-Forwarded-Proto: https`): whether `/` is answered
 *      from the cache, and autocannon's requests/s for it.
 *
 * Options: --skip-build. Results are printed and written to bench-results/hardening.json.
 * Not part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRateLimiter } from '@/lib/http/rate-limit';
import {
  PAGE_VISIT_HEADERS,
  cannon,
  ensureBuild,
  round,
  startServer,
  warmPage,
  writeResults,
} from './lib/bench';

const { values } = parseArgs({
  options: { 'skip-build': { type: 'boolean', default: false } },
});

const STEADY_CLIENTS = 100;
const HITS = 200_000;

/** Hits per second on the steady clients. */
function limiterHitsPerSecond(limiter: ReturnType<typeof createRateLimiter>): number {
  const started = performance.now();
  for (let index = 0; index < HITS; index += 1) limiter.hit(`203.0.113.${index % STEADY_CLIENTS}`);
  return HITS / ((performance.now() - started) / 1000);
}

function benchLimiter() {
  const empty = createRateLimiter({ limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 });
  const emptyRate = limiterHitsPerSecond(empty);
  const flooded = createRateLimiter({ limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 });
  for (let index = 0; index < 10_000; index += 1) {
    flooded.hit(`198.51.${index >> 8}.${index & 0xff}`);
  }
  const floodedRate = limiterHitsPerSecond(flooded);
  const huge = createRateLimiter({ limit: 60, windowMs: 60_000 });
  for (let index = 0; index < 100_000; index += 1)
    huge.hit(`10.${index >> 16}.${(index >> 8) & 0xff}.${index & 0xff}`);
  return {
    hitsPerSecondEmpty: round(emptyRate, 0),
    hitsPerSecondAfter10000Addresses: round(floodedRate, 0),
    ratio: round(floodedRate / emptyRate, 2),
    clientsTrackedAfter100000Addresses: huge.size,
  };
}

/** Resident memory of a process and its children, in MB. */
function residentMb(pid: number): number {
  const pids = [pid];
  try {
    pids.push(
      ...execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    // No children.
  }
  let kb = 0;
  for (const each of pids) {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${each}/status`, 'utf8'));
    kb += Number(match?.[1] ?? 0);
  }
  return round(kb / 1024, 0);
}

async function benchWebhookBody(base: string, pid: number) {
  const before = residentMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, 50);
  const chunk = new Uint8Array(1024 * 1024).fill(0x20);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= 200) return controller.close();
      sent += 1;
      controller.enqueue(chunk);
    },
  });
  let status = 0;
  try {
    const response = await fetch(`${base}/api/revalidate`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'sanity-webhook-signature': `t=${Date.now()},v1=bench` },
    } as RequestInit);
    status = response.status;
    await response.arrayBuffer();
  } catch {
    // The server may close the connection once it has refused the body.
    status = -1;
  } finally {
    clearInterval(sampler);
  }
  return {
    status,
    megabytesOffered: 200,
    megabytesTheClientSent: sent,
    rssBeforeMb: before,
    rssPeakMb: peak,
  };
}

async function main() {
  console.log('Rate limiter (in process):');
  const limiter = benchLimiter();
  console.table(limiter);

  const work = mkdtempSync(path.join(tmpdir(), 'tcsa-bench-hardening-'));
  ensureBuild(values['skip-build'] ? 'never' : 'if-needed');
  const server = await startServer({
    dataDir: path.join(work, 'pglite'),
    env: { SANITY_REVALIDATE_SECRET: 'bench-revalidate-secret-0123456789' },
  });
  try {
    const webhook = await benchWebhookBody(server.base, server.process.pid!);
    console.log('\nA 200 MB body to /api/revalidate:');
    console.table(webhook);

    const behindProxy = { ...PAGE_VISIT_HEADERS, 'x-forwarded-proto': 'https' };
    await warmPage(server.base, '/');
    const probe = await fetch(`${server.base}/`, { headers: behindProxy });
    await probe.arrayBuffer();
    const cached = await cannon(server.base, '/', {
      connections: 10,
      duration: 10,
      headers: behindProxy,
    });
    const pageCache = { answeredFrom: probe.headers.get('x-tcsa-page-cache'), ...cached };
    console.log('\nThe home page behind an HTTPS proxy:');
    console.table(pageCache);

    const file = writeResults('hardening', { limiter, webhook, pageCache });
    console.log(`\nWritten to ${file}`);
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
