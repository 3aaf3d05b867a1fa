// Child process of lock.test.ts, run by Node as it is (its types are stripped): waits until the
// shared start instant, tries to take the data folder's lock, says whether it won, and holds it.
import { lockDataFolder } from '../../../../lib/db/lock.ts';

const [dataDir = '', startAt = '0', holdMs = '0'] = process.argv.slice(2);
while (Date.now() < Number(startAt)) {
  // Spin: every contender tries in the same millisecond.
}
try {
  lockDataFolder(dataDir);
  console.log(JSON.stringify({ pid: process.pid, won: true }));
  setTimeout(() => process.exit(0), Number(holdMs));
} catch (error) {
  console.log(JSON.stringify({ pid: process.pid, won: false, message: (error as Error).message }));
}
