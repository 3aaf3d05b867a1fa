import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { evaluate, parse } from 'groq-js';

/**
 * A stand-in for the parts of Sanity's API that the embedded Studio uses to open, list and show
 * documents, answered from the bundled dataset: the signed-in user and their grants, GROQ queries
 * (run with groq-js), documents by id, and listeners that say welcome and then nothing (and wait long to reconnect). Anything
 * else the Studio asks (announcements, features, telemetry) gets an empty answer, and its
 * presence socket is accepted and left silent. Nothing leaves the machine.
 */

export const STANDIN_PROJECT_ID = 'standin1';

/**
 * The environment of a test server that runs with a Sanity project: the stand-in's. The server
 * reads it when it starts, so the suite's one build serves it (startSite's extraEnv).
 */
export const STANDIN_PROJECT_ENV = { NEXT_PUBLIC_SANITY_PROJECT_ID: STANDIN_PROJECT_ID };

type Document = { _id: string; _type: string } & Record<string, unknown>;

function bundledDocuments(): Document[] {
  return readFileSync('studio/dataset/production.ndjson', 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Document);
}

const EDITOR = {
  id: 'p-editor',
  name: 'Club Editor',
  email: 'editor@example.org',
  role: 'administrator',
  roles: [{ name: 'administrator', title: 'Administrator' }],
};

/** Every permission on every document: the stand-in's editor may edit anything. */
const GRANTS = [
  {
    filter: '_id in path("**")',
    permissions: ['read', 'update', 'create', 'history', 'editHistory', 'manage'],
  },
];

export type StandIn = {
  /** Every request the Studio made, as "METHOD host/path". */
  requests: string[];
};

export async function standInForSanity(page: Page, siteOrigin: string): Promise<StandIn> {
  const documents = bundledDocuments();
  const requests: string[] = [];
  const cors = {
    'access-control-allow-origin': siteOrigin,
    'access-control-allow-credentials': 'true',
  };

  async function groq(query: string, params: Record<string, unknown>): Promise<unknown> {
    const tree = parse(query, { params });
    return (await evaluate(tree, { dataset: documents, params })).get();
  }

  async function answer(route: Route): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname;
    requests.push(`${request.method()} ${url.host}${path}`);
    const json = (body: unknown, status = 200) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        body: JSON.stringify(body),
        headers: cors,
      });

    if (request.method() === 'OPTIONS') {
      return route.fulfill({
        status: 204,
        headers: {
          ...cors,
          'access-control-allow-headers': '*',
          'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        },
      });
    }
    if (path.endsWith('/users/me')) return json(EDITOR);
    if (path.endsWith('/acl')) return json(GRANTS);
    if (path.endsWith('/auth/providers'))
      return json({ thirdPartyLogin: true, sso: {}, providers: [] });
    if (path.includes('/data/query/')) {
      let query = url.searchParams.get('query') ?? '';
      const params: Record<string, unknown> = {};
      for (const [name, value] of url.searchParams) {
        if (name.startsWith('$')) params[name.slice(1)] = JSON.parse(value);
      }
      if (request.method() === 'POST') {
        const body = JSON.parse(request.postData() ?? '{}') as {
          query?: string;
          params?: Record<string, unknown>;
        };
        query = body.query ?? query;
        Object.assign(params, body.params);
      }
      try {
        return await json({ ms: 1, query, result: await groq(query, params) });
      } catch (error) {
        return json({ error: { description: String(error) } }, 400);
      }
    }
    if (path.includes('/data/doc/')) {
      const ids = decodeURIComponent(
        path.split('/data/doc/')[1]!.split('/').slice(1).join('/'),
      ).split(',');
      return json({
        documents: documents.filter((document) => ids.includes(document._id)),
        omitted: [],
      });
    }
    if (path.includes('/data/listen/')) {
      return route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        headers: cors,
        // The answer ends here, and a browser's EventSource reconnects when it does: `retry` asks
        // it to wait ten minutes first, so the open documents' listeners do not flood the routes.
        body: 'retry: 600000\nevent: welcome\ndata: {"listenerName":"standin"}\n\n',
      });
    }
    return json({});
  }

  await page.route(/^https:\/\/([a-z0-9-]+\.)?api\.sanity\.io\//, answer);
  // The Studio's presence socket: accepted, and silent.
  await page.routeWebSocket(/^wss:\/\/[a-z0-9-]+\.api\.sanity\.io\//, () => {});
  return { requests };
}
