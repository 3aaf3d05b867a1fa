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

async function handler() {
  const { resetServerEnvForTests } = await import('@/lib/env');
  resetServerEnvForTests();
  const { createRevalidateHandler } = await import('@/lib/content/routes');
  return createRevalidateHandler({ waitForConsistency: false });
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
});
