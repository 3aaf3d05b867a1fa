import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BuiltAction,
  builtServerActions,
  eventFormFields,
  form,
} from '../e2e/support/server-actions';
import { pdfBytes } from '../unit/api/support/resume-files';
import type { Answer, Visitor } from './support/client';
import { type Cluster, startCluster } from './support/cluster';

/*
 * Two production instances of one build on one PostgreSQL database, the uploaded files in one
 * bucket, behind Caddy (HTTPS, connections to the instances kept open): what one instance does,
 * the other sees, and a visitor cannot tell which one answered. The tests run in order on one
 * deployment: the console's first account (made on one instance from the link the other
 * printed), an upload and a resume, a change in the console, 300 registrations at once, the
 * scheduled work, the sign-in limits, signing out, the emails all of it queued, and the instance
 * that runs the scheduled work killed while registrations arrive, the other then taking the
 * work over at its next minute (the lane's last half minute is that wait).
 */

const DIST_DIR = process.env.NEXT_DIST_DIR || '.next-test';
const CONSOLE = 'app/(admin)/admin/(console)';
const ADMIN = { name: 'Mei Chen', email: 'mei.chen@example.org', password: 'two lanterns 2026!' };
const EMPTY_FORM = { errors: {}, values: {} };

let cluster: Cluster;
let actions: BuiltAction[];
/** The super admin, signed in once: the same browser on either instance's address. */
let admin: Visitor;

function actionOf(file: string, name: string): BuiltAction {
  const found = actions.find((action) => action.file === file && action.name === name);
  if (!found) throw new Error(`The build has no action ${name} in ${file}`);
  return found;
}

const [A, B] = [0, 1] as const;
const instance = (index: 0 | 1) => cluster.instances[index];
/** The visitor `who`, on one instance's own address of the proxy. */
const on = (who: Visitor, index: 0 | 1) => who.at(instance(index).origin);
const upstreamOf = (answer: Answer) => Number(answer.headers['x-upstream-port']);
const nameOf = (answer: Answer) =>
  upstreamOf(answer) === instance(A).port
    ? 'A'
    : upstreamOf(answer) === instance(B).port
      ? 'B'
      : '?';

const eventFields = (title: string, daysFromNow: number, capacity: number) =>
  eventFormFields(title, { daysFromNow, capacity, description: 'Two instances, one club.' });

/** Creates an event through instance `index`'s console; answers its id. */
async function createEvent(index: 0 | 1, title: string, capacity: number): Promise<number> {
  const answer = await on(admin, index).action(
    actionOf(`${CONSOLE}/events/actions.ts`, 'saveEvent'),
    '/admin/events/new',
    [EMPTY_FORM, form(eventFields(title, 2, capacity))],
  );
  const id = /\/admin\/events\/(\d+)/.exec(answer.redirect ?? '');
  expect(id, answer.text.slice(-500)).not.toBeNull();
  return Number(id![1]);
}

type Registered = { id: number; status: string; waitlist_position: number | null };

/** Registers `email` through the balancing address; answers the site's answer, or the failure. */
async function register(
  visitor: Visitor,
  eventId: number,
  email: string,
): Promise<{ answer: Answer | null; error: string | null }> {
  try {
    const answer = await visitor.postApi(`/api/events/${eventId}/register/`, {
      first_name: 'Guest',
      last_name: email.split('@')[0],
      email,
    });
    return { answer, error: null };
  } catch (error) {
    return { answer: null, error: (error as Error).message };
  }
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | false | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  actions = builtServerActions(DIST_DIR);
  cluster = await startCluster(DIST_DIR);
});
afterAll(async () => {
  await cluster?.stop();
});

describe('two instances behind one proxy', () => {
  it('the first account is made on one instance from the link the other printed, and its session holds on both', async () => {
    const link = /\/admin\/setup\?token=([\w-]+)/;
    const token = await waitFor(
      'B prints the setup link',
      async () => link.exec(instance(B).log())?.[1],
      30_000,
    );
    admin = cluster.visitor('127.0.0.2', instance(A).origin);
    const created = await admin.action(
      actionOf('app/(admin)/admin/setup/actions.ts', 'createSuperAdmin'),
      `/admin/setup?token=${token}`,
      [EMPTY_FORM, form({ token, ...ADMIN, confirmPassword: ADMIN.password })],
    );
    expect(created.redirect, created.text.slice(-500)).toBe('/admin');
    for (const index of [A, B]) {
      const page = await on(admin, index).fetch('/admin');
      expect(page.status, instance(index).name).toBe(200);
      expect(nameOf(page)).toBe(instance(index).name);
      // React writes a marker between the words and the name it fills in.
      expect(page.text()).toMatch(/Welcome, (<!-- -->)?Mei Chen/);
    }
    // The other instance's own link was ended by the first account.
    const other = link.exec(instance(A).log())?.[1];
    expect(other).toBeDefined();
    const refused = await cluster.visitor('127.0.0.3').fetch(`/admin/setup?token=${other}`);
    expect(refused.text()).toContain('This setup link is not valid');
  });

  it('a picture uploaded on one instance is served by the other from the bucket, whole and by range, cached for a year', async () => {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#8f001a' },
    })
      .png()
      .toBuffer();
    const uploaded = await on(admin, A).fetch('/admin/upload?purpose=poster', {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: png,
    });
    expect(uploaded.status, uploaded.text()).toBe(201);
    expect(nameOf(uploaded)).toBe('A');
    const { url } = uploaded.json<{ url: string }>();
    expect(url).toMatch(/^\/files\/[0-9a-f]{40}\.webp$/);

    const stranger = cluster.visitor('127.0.0.4', instance(B).origin);
    const whole = await stranger.fetch(url);
    expect(nameOf(whole)).toBe('B');
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('image/webp');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(whole.body).metadata()).width).toBe(64);
    const part = await stranger.fetch(url, { headers: { range: 'bytes=10-49' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-49/${whole.body.byteLength}`);
    expect(part.body.equals(whole.body.subarray(10, 50))).toBe(true);
    const key = `media/${url.slice('/files/'.length)}`;
    expect((await cluster.bucket.list()).map((object) => object.key)).toContain(key);
  });

  it('a resume sent to one instance is downloaded from the other by staff only, and no address serves it', async () => {
    const resume = pdfBytes(30_000);
    const applicant = cluster.visitor('127.0.0.5', instance(A).origin);
    await applicant.fetch('/api/csrf/');
    const data = new FormData();
    data.append('applicant_name', 'Li Wei');
    data.append('applicant_email', 'li.wei@example.org');
    data.append('position', 'VP Finance');
    data.append(
      'resume_file',
      new Blob([Buffer.from(resume)], { type: 'application/pdf' }),
      'cv.pdf',
    );
    const sent = await applicant.fetch('/api/applications/', {
      method: 'POST',
      headers: { 'x-csrftoken': applicant.cookies.get('csrftoken')! },
      body: data,
    });
    expect(sent.status, sent.text()).toBe(201);
    const { id } = sent.json<{ id: number }>();
    const { rows } = await cluster.db.query<{ stored: string }>(
      'select resume_stored_name as stored from job_applications where id = $1',
      [id],
    );
    const stored = rows[0]!.stored;

    const download = await on(admin, B).fetch(`/admin/inbox/resumes/${id}/resume`);
    expect(nameOf(download)).toBe('B');
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.body.equals(Buffer.from(resume))).toBe(true);
    for (const index of [A, B]) {
      const visitor = cluster.visitor('127.0.0.6', instance(index).origin);
      expect((await visitor.fetch(`/admin/inbox/resumes/${id}/resume`)).status).toBe(401);
      expect((await visitor.fetch(`/files/${stored}`)).status).toBe(404);
    }
    expect((await cluster.bucket.read(stored))?.equals(Buffer.from(resume))).toBe(true);
    // With a bucket configured, nothing is written to the uploads folder.
    expect(existsSync(cluster.uploadsDir)).toBe(false);
  });

  let galaId: number;
  /** How many emails each address is owed by the end: every one is sent, and once. */
  const expectedMail = new Map<string, number>();
  let nightId: number;

  it('a change in the console on one instance shows on the other within 2 s', async () => {
    galaId = await createEvent(A, 'Moon Festival Gala 中秋晚会', 120);
    nightId = await createEvent(B, 'Dumpling Night', 1000);
    const stranger = cluster.visitor('127.0.0.7', instance(B).origin);
    // B reads the event and keeps what it read (its cached reads and pages).
    await waitFor(
      'B shows the new event',
      async () => (await stranger.fetch(`/api/events/${galaId}/`)).status === 200,
      2_000,
    );
    for (const path of [`/api/events/${galaId}/`, '/api/events/', `/events/${galaId}`]) {
      const answer = await stranger.fetch(path);
      expect(answer.status, path).toBe(200);
      expect(answer.text(), path).toContain('Moon Festival Gala');
    }

    const renamed = 'Mid-Autumn Gala 中秋晚会';
    const saved = await on(admin, A).action(
      actionOf(`${CONSOLE}/events/actions.ts`, 'saveEvent'),
      `/admin/events/${galaId}`,
      [EMPTY_FORM, form({ ...eventFields(renamed, 2, 120), eventId: String(galaId) })],
    );
    expect(saved.status).toBe(200);
    const changedAt = Date.now();
    const seen: Record<string, number> = {};
    await waitFor(
      'B shows the new title everywhere',
      async () => {
        const answers = await Promise.all(
          [`/api/events/${galaId}/`, '/api/events/', `/events/${galaId}`].map(
            async (path) => [path, (await stranger.fetch(path)).text()] as const,
          ),
        );
        for (const [path, text] of answers) {
          if (text.includes(renamed) && !text.includes('Moon Festival Gala')) {
            seen[path] ??= Date.now() - changedAt;
          }
        }
        return Object.keys(seen).length === 3;
      },
      2_000,
    );
    console.log(`B showed the change after ${JSON.stringify(seen)} ms`);
  });

  it('300 registrations at once, spread over both instances, confirm exactly the capacity and lose none', async () => {
    const visitor = cluster.visitor('127.0.0.8');
    await visitor.fetch('/api/csrf/');
    const emails = Array.from({ length: 300 }, (_, n) => `guest.${n}@example.org`);
    const results = await Promise.all(emails.map((email) => register(visitor, galaId, email)));
    const failures = results.filter((result) => result.answer?.status !== 201);
    expect(
      failures.map((failure) => failure.error ?? failure.answer?.text()),
      'every registration answered 201',
    ).toEqual([]);
    const byInstance = { A: 0, B: 0, '?': 0 };
    for (const { answer } of results) byInstance[nameOf(answer!)] += 1;
    expect(byInstance.A).toBeGreaterThan(50);
    expect(byInstance.B).toBeGreaterThan(50);
    const registered = results.map(
      ({ answer }) => answer!.json<{ registration: Registered }>().registration,
    );
    const confirmed = registered.filter((registration) => registration.status === 'confirmed');
    const waitlisted = registered.filter((registration) => registration.status === 'waitlisted');
    expect(confirmed).toHaveLength(120);
    expect(waitlisted).toHaveLength(180);
    expect(
      waitlisted.map((registration) => registration.waitlist_position).sort((a, b) => a! - b!),
    ).toEqual(Array.from({ length: 180 }, (_, n) => n + 1));

    const { rows } = await cluster.db.query<{ id: number; email: string; status: string }>(
      'select id, email, status from event_registrations where event_id = $1',
      [galaId],
    );
    expect(rows).toHaveLength(300);
    const stored = new Map(rows.map((row) => [row.id, row]));
    registered.forEach((registration, index) => {
      expect(stored.get(registration.id)).toEqual({
        id: registration.id,
        email: emails[index],
        status: registration.status,
      });
    });
    console.log(`registrations answered by A: ${byInstance.A}, by B: ${byInstance.B}`);

    // Each person's email is queued once; both instances' senders deliver them meanwhile (checked
    // below, once the other tests have given them the time).
    const { rows: queued } = await cluster.db.query<{ to: string; count: number }>(
      `select o.to_address as to, count(*)::int as count from email_outbox o
       join event_registrations r on r.id = o.registration_id
       where r.event_id = $1 group by o.to_address`,
      [galaId],
    );
    expect(queued.filter((row) => row.count !== 1)).toEqual([]);
    expect(queued.map((row) => row.to).sort()).toEqual([...emails].sort());
    for (const email of emails) expectedMail.set(email, 1);
  });

  it('1,000 ordinary requests while 50 oversized ones are refused: none fails, each refused one reads its 413', async () => {
    // The proxy keeps its connections to the instances open and sends any visitor's request on
    // any of them: a refusal that left its body unread on a connection the proxy then reused
    // would fail another visitor's request.
    const oversized = Buffer.alloc(10 * 1024 * 1024, 0x20);
    const tried = (answer: Promise<Answer>) =>
      answer.then(
        (done) => `${done.status}`,
        (error: Error) => `failed: ${error.message}`,
      );
    const refusals = Array.from({ length: 50 }, (_, n) =>
      tried(
        cluster.visitor(`127.0.0.${30 + (n % 10)}`).fetch('/api/messages/', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: oversized,
        }),
      ),
    );
    const paths = ['/api/events/', '/api/sponsors/', `/api/events/${galaId}/`, '/robots.txt'];
    const ordinary = Array.from({ length: 1000 }, (_, n) =>
      tried(cluster.visitor(`127.0.0.${40 + (n % 20)}`).fetch(paths[n % paths.length]!)),
    );
    const [refused, answered] = await Promise.all([Promise.all(refusals), Promise.all(ordinary)]);
    expect(answered.filter((status) => status !== '200')).toEqual([]);
    expect(refused.filter((status) => status !== '413')).toEqual([]);
  });

  /** The instance whose log says it runs the scheduled work: the one killed below. */
  let scheduler: 0 | 1;

  it('the scheduled work runs on one instance for both, and what falls due is done once', async () => {
    const runs = /now runs the scheduled work/;
    await waitFor(
      'an instance takes the scheduled work',
      async () => cluster.instances.some((each) => runs.test(each.log())),
      15_000,
    );
    const running = cluster.instances.filter((each) => runs.test(each.log()));
    expect(running.map((each) => each.name)).toHaveLength(1);
    scheduler = running[0]!.name === 'A' ? A : B;
    const { rows: holders } = await cluster.db.query(
      `select a.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and l.granted and a.datname = current_database()
         and a.application_name = 'tcsa-scheduler'`,
    );
    expect(holders).toHaveLength(1);
    // The System page of the instance that does not run the work says the club's work runs on
    // time: the last run is read from the database both share.
    const other = scheduler === A ? B : A;
    await waitFor(
      `the System page of ${cluster.instances[other]!.name} says the work ran lately`,
      async () => {
        const page = await on(admin, other).fetch('/admin/system');
        return page.status === 200 && page.text().includes('within the last 5 minutes');
      },
      15_000,
    );

    // The gala is tomorrow morning now, and 30 of its confirmed places were taken two hours ago:
    // each of them is owed its reminder. Both instances are asked to run the work at once, twice.
    await cluster.db.query(
      `update events set starts_at = now() + interval '12 hours' where id = $1`,
      [galaId],
    );
    const { rows: owed } = await cluster.db.query<{ email: string }>(
      `update event_registrations set status_changed_at = now() - interval '2 hours'
       where id in (select id from event_registrations
                    where event_id = $1 and status = 'confirmed' order by id limit 30)
       returning email`,
      [galaId],
    );
    const answers = await Promise.all(
      [A, B, A, B].map((index) =>
        cluster.visitor('127.0.0.10', instance(index).origin).fetch('/api/cron/tick', {
          method: 'POST',
          headers: { authorization: `Bearer ${cluster.cronSecret}` },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const queued = answers.map(
      (answer) => answer.json<{ reminders_queued: number }>().reminders_queued,
    );
    expect(queued.reduce((sum, n) => sum + n, 0)).toBe(30);
    const { rows: reminders } = await cluster.db.query<{ to: string }>(
      `select to_address as to from email_outbox where kind = 'reminder'`,
    );
    expect(reminders.map((row) => row.to).sort()).toEqual(owed.map((row) => row.email).sort());
    for (const { email } of owed) expectedMail.set(email, (expectedMail.get(email) ?? 0) + 1);
  });

  it('a sign-in limit reached through one instance holds on the other', async () => {
    const signIn = actionOf('app/(admin)/admin/sign-in/actions.ts', 'signIn');
    const attempt = (address: string, index: 0 | 1, email: string, password: string) =>
      cluster
        .visitor(address, instance(index).origin)
        .action(signIn, '/admin/sign-in', [{ error: null, email: '' }, form({ email, password })]);

    // One address: its tries are counted together, wherever they land.
    const fromOne: string[] = [];
    // Each answer's status and instance, to say what came back when a text is not the one due.
    const seen: string[] = [];
    for (let n = 0; n < 6; n += 1) {
      const answer = await attempt(
        '127.0.0.20',
        n % 2 === 0 ? A : B,
        `nobody.${n}@example.org`,
        'wrong',
      );
      fromOne.push(answer.text);
      seen.push(`${n % 2 === 0 ? 'A' : 'B'} ${answer.status}`);
    }
    expect(
      fromOne.slice(0, 5).every((text) => text.includes('The email or password is not right')),
      seen.join(', '),
    ).toBe(true);
    expect(fromOne[5], seen.join(', ')).toContain('Too many sign-in attempts from this device');

    // One account: five wrong passwords from five addresses over both instances lock it on both.
    for (let n = 0; n < 5; n += 1) {
      const answer = await attempt(
        `127.0.0.${30 + n}`,
        n % 2 === 0 ? A : B,
        ADMIN.email,
        `guess ${n}`,
      );
      expect(answer.text).toContain('The email or password is not right');
    }
    for (const index of [A, B]) {
      const right = await attempt(`127.0.0.${40 + index}`, index, ADMIN.email, ADMIN.password);
      expect(right.redirect, instance(index).name).toBeNull();
      expect(right.text).toContain('Too many wrong passwords for this account.');
    }
    // The session opened before the lock is the owner's and goes on working.
    expect((await on(admin, B).fetch('/admin')).status).toBe(200);
  });

  it('signing out on one instance ends the session on both', async () => {
    const copy = cluster.visitor(admin.address, instance(A).origin);
    for (const [name, value] of admin.cookies) copy.cookies.set(name, value);
    const out = await on(admin, B).action(
      actionOf(`${CONSOLE}/actions.ts`, 'signOut'),
      '/admin',
      [],
    );
    expect(out.redirect).toBe('/admin/sign-in');
    // The same cookie, replayed on the other instance, no longer opens the console.
    const page = await copy.fetch('/admin/events');
    expect(page.status).toBe(307);
    expect(String(page.headers.location)).toContain('/admin/sign-in');
  });

  it('every email queued on either instance is delivered, and once', async () => {
    const received = () => {
      const count = new Map<string, number>();
      for (const mail of cluster.mail) {
        for (const to of mail.to) count.set(to, (count.get(to) ?? 0) + 1);
      }
      return count;
    };
    await waitFor(
      `the ${[...expectedMail.values()].reduce((sum, n) => sum + n, 0)} emails`,
      async () => [...expectedMail].every(([to, n]) => (received().get(to) ?? 0) >= n),
      30_000,
    );
    // A moment more: a second copy of any of them would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const count = received();
    expect([...expectedMail].filter(([to, n]) => count.get(to) !== n)).toEqual([]);
  });

  it('killing an instance while registrations arrive loses no acknowledged registration', async () => {
    const eventId = nightId;
    const visitor = cluster.visitor('127.0.0.9');
    await visitor.fetch('/api/csrf/');
    const emails = Array.from({ length: 200 }, (_, n) => `night.${n}@example.org`);
    const results: Array<{ email: string; answer: Answer | null; error: string | null }> = [];
    const victim = instance(scheduler);
    let killed: Promise<void> | null = null;
    let next = 0;
    // 25 visitors at a time; the instance that runs the scheduled work is killed (SIGKILL, no
    // goodbye) once 60 have answered.
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        while (next < emails.length) {
          const email = emails[next++]!;
          results.push({ email, ...(await register(visitor, eventId, email)) });
          if (results.length === 60 && !killed) killed = victim.kill('SIGKILL');
        }
      }),
    );
    await killed;
    expect(victim.alive()).toBe(false);

    // Acknowledged: the visitor read that they are registered. An answer whose body was cut off
    // when the instance died is not, though its status says 201.
    const readable = (answer: Answer | null) => {
      try {
        return answer?.json<{ registration: Registered }>().registration ?? null;
      } catch {
        return null;
      }
    };
    const acknowledged = results.filter(
      (result) => result.answer?.status === 201 && readable(result.answer),
    );
    const unanswered = results.filter((result) => !acknowledged.includes(result));
    console.log(
      `kill: ${acknowledged.length} acknowledged, ${unanswered.length} not (${unanswered
        .map((result) => result.answer?.status ?? result.error)
        .join(', ')})`,
    );
    expect(acknowledged.length).toBeGreaterThan(150);
    const { rows } = await cluster.db.query<{ id: number; email: string }>(
      'select id, email from event_registrations where event_id = $1',
      [eventId],
    );
    const stored = new Map(rows.map((row) => [row.id, row.email]));
    for (const { email, answer } of acknowledged) {
      expect(stored.get(readable(answer)!.id), email).toBe(email);
    }
    // Those who got no answer try again: each is then registered, once.
    for (const { email } of unanswered) {
      const again = await register(visitor, eventId, email);
      expect([201, 409], `${email}: ${again.answer?.text()}`).toContain(again.answer?.status);
    }
    const { rows: after } = await cluster.db.query<{ email: string }>(
      'select email from event_registrations where event_id = $1',
      [eventId],
    );
    expect(after.map((row) => row.email).sort()).toEqual([...emails].sort());
  });

  it('the other instance takes the scheduled work over at its next minute', async () => {
    const survivor = instance(scheduler === A ? B : A);
    await waitFor(
      `${survivor.name} takes the scheduled work`,
      async () => /now runs the scheduled work/.test(survivor.log()),
      65_000,
    );
    const { rows } = await cluster.db.query<{ count: number }>(
      `select count(*)::int as count from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and l.granted and a.datname = current_database()
         and a.application_name = 'tcsa-scheduler'`,
    );
    expect(rows[0]!.count).toBe(1);
  });
});
