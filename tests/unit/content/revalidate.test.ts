import { createHmac } from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const revalidateTag = vi.hoisted(() => vi.fn());
vi.mock('next/cache', () => ({ revalidateTag }));

const SECRET = 'webhook-secret-for-tests';

/** Signs a body the way Sanity's webhooks do: `t=<ms>,v1=<base64url HMAC-SHA256 of "t.body">`. */
function sign(body: string, secret: string, timestamp = Date.now()): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('base64url');
  return `t=${timestamp},v1=${digest}`;
}

function webhook(body: string, signature?: string): NextRequest {
  return new NextRequest('http://127.0.0.1:3000/api/revalidate', {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'sanity-webhook-signature': signature } : {}),
    },
  });
}

async function handler(afterResponse?: (task: () => Promise<void>) => void) {
  const { resetServerEnvForTests } = await import('@/lib/env/server');
  resetServerEnvForTests();
  const { createRevalidateHandler } = await import('@/lib/content/routes');
  return createRevalidateHandler({ afterResponse });
}

beforeEach(() => {
  revalidateTag.mockReset();
  vi.stubEnv('SANITY_REVALIDATE_SECRET', SECRET);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('POST /api/revalidate', () => {
  it('with a valid signature, expires the tag of the published document type', async () => {
    const body = JSON.stringify({ _type: 'servicesPage', _id: 'servicesPage' });
    const response = await (await handler())(webhook(body, sign(body, SECRET)));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ revalidated: true, tags: ['servicesPage'] });
    expect(revalidateTag).toHaveBeenCalledExactlyOnceWith('servicesPage', { expire: 0 });
  });

  it('answers at once, then revalidates again once the Content Lake has caught up', async () => {
    vi.useFakeTimers();
    try {
      const tasks: Promise<void>[] = [];
      const body = JSON.stringify({ _type: 'homePage', _id: 'homePage' });
      const started = performance.now();
      const response = await (
        await handler((task) => {
          tasks.push(task());
        })
      )(webhook(body, sign(body, SECRET)));
      // No fixed wait before the answer: the tag is already expired when it goes out.
      expect(response.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(revalidateTag).toHaveBeenCalledOnce();
      await vi.advanceTimersByTimeAsync(3000);
      await Promise.all(tasks);
      expect(revalidateTag).toHaveBeenCalledTimes(2);
      expect(revalidateTag).toHaveBeenLastCalledWith('homePage', { expire: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 401 to a signature made with another secret', async () => {
    const body = JSON.stringify({ _type: 'servicesPage' });
    const response = await (await handler())(webhook(body, sign(body, 'another-secret')));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Invalid signature' });
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it('answers 401 when the body was changed after signing', async () => {
    const signed = JSON.stringify({ _type: 'servicesPage' });
    const response = await (
      await handler()
    )(webhook(JSON.stringify({ _type: 'siteSettings' }), sign(signed, SECRET)));
    expect(response.status).toBe(401);
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it('answers 401 without a signature', async () => {
    const response = await (await handler())(webhook(JSON.stringify({ _type: 'homePage' })));
    expect(response.status).toBe(401);
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it('answers 401 when the site has no webhook secret configured', async () => {
    vi.stubEnv('SANITY_REVALIDATE_SECRET', '');
    const body = JSON.stringify({ _type: 'homePage' });
    const response = await (await handler())(webhook(body, sign(body, SECRET)));
    expect(response.status).toBe(401);
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it('answers 400 to a signed body without a document type', async () => {
    const body = JSON.stringify({ _id: 'homePage' });
    const response = await (await handler())(webhook(body, sign(body, SECRET)));
    expect(response.status).toBe(400);
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it('refuses a correctly signed webhook dated more than 5 minutes from now (a replay)', async () => {
    const body = JSON.stringify({ _type: 'servicesPage', _id: 'servicesPage' });
    const sixMinutes = 6 * 60 * 1000;
    for (const timestamp of [Date.now() - sixMinutes, Date.now() + sixMinutes]) {
      const response = await (await handler())(webhook(body, sign(body, SECRET, timestamp)));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: 'The signature has expired: its timestamp is more than 5 minutes from now',
      });
    }
    const recent = await (
      await handler()
    )(webhook(body, sign(body, SECRET, Date.now() - 4 * 60 * 1000)));
    expect(recent.status).toBe(200);
    expect(revalidateTag).toHaveBeenCalledOnce();
  });

  it('accepts a signed delivery once: the same request sent again within its 5 minutes is refused', async () => {
    const revalidate = await handler();
    const body = JSON.stringify({ _type: 'servicesPage', _id: 'servicesPage' });
    const timestamp = Date.now() - 60_000;
    const signature = sign(body, SECRET, timestamp);
    expect((await revalidate(webhook(body, signature))).status).toBe(200);

    const replay = await revalidate(webhook(body, signature));
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual({
      error: 'This webhook delivery has already been received: a signed request is accepted once',
    });
    expect(revalidateTag).toHaveBeenCalledOnce();

    // Another delivery of the same document (a later publish) is a new signature.
    const later = await revalidate(webhook(body, sign(body, SECRET, timestamp + 1000)));
    expect(later.status).toBe(200);
    expect(revalidateTag).toHaveBeenCalledTimes(2);
  });

  it('forgets a signature once it has expired, and never records a refused one', async () => {
    let clock = Date.now();
    const { resetServerEnvForTests } = await import('@/lib/env/server');
    resetServerEnvForTests();
    const { createRevalidateHandler, SeenSignatures } = await import('@/lib/content/routes');
    const seen = new SeenSignatures();
    const remember = vi.spyOn(seen, 'remember');
    const revalidate = createRevalidateHandler({ now: () => clock, seenSignatures: seen });
    const body = JSON.stringify({ _type: 'homePage' });
    expect((await revalidate(webhook(body, sign(body, 'another-secret', clock)))).status).toBe(401);
    expect(remember).not.toHaveBeenCalled();

    const signature = sign(body, SECRET, clock);
    expect((await revalidate(webhook(body, signature))).status).toBe(200);
    clock += 5 * 60 * 1000;
    expect((await revalidate(webhook(body, signature))).status).toBe(409);
    clock += 1;
    // Now out of the window: refused as expired, which no replay can get past.
    expect((await revalidate(webhook(body, signature))).status).toBe(401);
  });

  it('refuses a 200 MB body with 413 after reading at most 64 KB of it', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 200) return controller.close();
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const request = new NextRequest('http://127.0.0.1:3000/api/revalidate', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'sanity-webhook-signature': sign('{}', SECRET) },
    } as ConstructorParameters<typeof NextRequest>[1]);
    const response = await (await handler())(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: 'The body is too large for a webhook (64 KB at most)',
    });
    // Nothing near the whole body was read: the stream's queue holds a chunk or two at most.
    expect(pulled).toBeLessThanOrEqual(3);
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it('refuses a declared Content-Length over 64 KB before reading anything', async () => {
    const body = JSON.stringify({ _type: 'servicesPage', padding: 'x'.repeat(70 * 1024) });
    const response = await (await handler())(webhook(body, sign(body, SECRET)));
    expect(response.status).toBe(413);
    expect(revalidateTag).not.toHaveBeenCalled();
  });
});
