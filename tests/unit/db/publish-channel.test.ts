import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INSTANCE_ID,
  listenForPublished,
  parsePublishPayload,
  PUBLISH_CHANNEL,
  publishPayload,
  type PublishMessage,
} from '@/lib/publish/channel';
import { getServerEnv } from '@/lib/env/server';

describe('announcements between instances', () => {
  it('read only their own payloads', () => {
    expect(parsePublishPayload(publishPayload(['db:events'], 'a'))).toEqual({
      from: 'a',
      tags: ['db:events'],
    });
    expect(parsePublishPayload('not json')).toBeNull();
    expect(parsePublishPayload('{"from":1,"tags":[]}')).toBeNull();
    expect(parsePublishPayload(undefined)).toBeNull();
  });
});

const databaseUrl = getServerEnv().DATABASE_URL;

/** Two instances on one PostgreSQL server: what one publishes, the other hears. */
describe.skipIf(!databaseUrl)('LISTEN/NOTIFY on PostgreSQL', () => {
  let other: Client;
  const heard: PublishMessage[] = [];
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    other = new Client({ connectionString: databaseUrl });
    await other.connect();
    close = (await listenForPublished(databaseUrl!, (message) => heard.push(message))).close;
  });
  afterAll(async () => {
    await close?.();
    await other.end();
  });

  it("hears another instance's change within a second, and not its own", async () => {
    const started = Date.now();
    await other.query('select pg_notify($1, $2)', [
      PUBLISH_CHANNEL,
      publishPayload(['db:events'], 'another-instance'),
    ]);
    await other.query('select pg_notify($1, $2)', [
      PUBLISH_CHANNEL,
      publishPayload(['db:members']),
    ]);
    await expect.poll(() => heard.length, { timeout: 5000 }).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(heard[0]).toEqual({ from: 'another-instance', tags: ['db:events'] });
    expect(INSTANCE_ID).not.toBe('another-instance');
  });
});
