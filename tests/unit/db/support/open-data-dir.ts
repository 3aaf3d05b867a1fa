// Child process of lock.test.ts: tries to open the PGlite data folder given as argument.
import { openDatabase } from '@/lib/db/client';

try {
  const handle = await openDatabase({ dataDir: process.argv[2]!, migrate: false });
  console.log('opened');
  await handle.close();
} catch (error) {
  console.log(`failed: ${(error as Error).message}`);
  process.exitCode = 3;
}
