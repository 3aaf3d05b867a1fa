// Reads the .env files a production server reads (Next.js's order: .env.production.local,
// .env.local, .env.production, .env), so that a command run on the server sees the settings the
// site runs with. A variable already in the environment wins, then the earlier file. Imported
// first, before any module that reads the environment.
for (const file of ['.env.production.local', '.env.local', '.env.production', '.env']) {
  try {
    process.loadEnvFile(file);
  } catch (error) {
    // The files are optional.
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
  }
}
