/**
 * npm run db:seed — fills the configured database with the seed content (lib/db/seed), after
 * applying pending migrations.
 *
 *   npm run db:seed                 seeds an empty database; refuses when it has content
 *   npm run db:seed -- --if-empty   seeds only when empty, otherwise does nothing (npm start uses it)
 *   npm run db:seed -- --reset      replaces all content, registrations included (submissions are kept)
 *   npm run db:seed -- --no-demo-members
 *                                   the membership year and types without the demo members, for the
 *                                   club's real database (combine with the others)
 */
import '../lib/env-files.mjs';
import { parseArgs } from 'node:util';
import { configuredOpenOptions, openDatabase } from '@/lib/db/client';
import { isDatabaseEmpty, seedDatabase } from '@/lib/db/seed';

const { values } = parseArgs({
  options: {
    'if-empty': { type: 'boolean' },
    reset: { type: 'boolean' },
    'no-demo-members': { type: 'boolean' },
  },
});

const handle = await openDatabase({ ...configuredOpenOptions(), migrate: true });
const where = `${handle.kind}: ${handle.location}`;
try {
  if (!values.reset && !(await isDatabaseEmpty(handle.db))) {
    if (values['if-empty']) {
      console.log(`Database already has content; not seeding (${where}).`);
    } else {
      console.error(
        `The database already has content (${where}). Run "npm run db:seed -- --reset" to replace it; that also deletes every registration.`,
      );
      process.exitCode = 1;
    }
  } else {
    await seedDatabase(handle.db, { demoMembers: !values['no-demo-members'] });
    console.log(`Seeded the database (${where}).`);
  }
} finally {
  await handle.close();
}
