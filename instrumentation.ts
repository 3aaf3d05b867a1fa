/**
 * Runs once when the server starts. On the embedded database, the server takes the data
 * folder's lock before it answers anything: a second server on the same folder refuses to start
 * (exit code 1, with a message naming the process that holds it) instead of printing 'Ready' and
 * answering 500s. It then opens and migrates the database, and, under `next dev`, seeds an empty
 * embedded one (lib/db/bootstrap.ts), before it answers. While the club console has no account, it then prints the one-time link that
 * creates the first one (lib/auth/setup.ts), without holding up the start. On PostgreSQL it
 * listens for changes published by other instances (lib/publish/listen.ts). Every minute it
 * queues due reminders and delivers the email outbox (lib/jobs/tick.ts). When it sends email
 * without NEXT_PUBLIC_SITE_URL, it says that the links in its emails need it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // `next build` loads this file too; only a server holds the folder.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { holdConfiguredDataFolder } = await import('./lib/db/server-lock');
  holdConfiguredDataFolder();
  // Before the first answer: migrated, and under `next dev` an empty embedded one seeded.
  const { prepareServerDatabase } = await import('./lib/db/bootstrap');
  await prepareServerDatabase().catch((error: unknown) => {
    // Pages then say their data failed to load, and each request tries to open it again.
    console.error('The database could not be opened at start:', error);
  });
  const { announceSetupLink } = await import('./lib/auth/announce-setup');
  void announceSetupLink();
  const { followOtherInstances } = await import('./lib/publish/listen');
  void followOtherInstances();
  const { startTicking } = await import('./lib/jobs/tick');
  startTicking();
  const { warnWhenEmailLinksNeedSiteUrl } = await import('./lib/mail/site-address-notice');
  warnWhenEmailLinksNeedSiteUrl();
}
