import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../support/temp-tree';

/**
 * The scripts of deploy/ run for real, with stand-ins only for what a test cannot have: root and
 * systemd (`id`, `runuser`, `systemctl`), the site's build and answer (`next`, `curl`), npm's
 * backup and rclone's remote. git and gpg are the real ones.
 */

const ROOT = process.cwd();

/** Executable stand-ins in a folder put first on PATH; each notes its call in calls.log. */
function standIns(folder: string, scripts: Record<string, string>): string {
  const bin = path.join(folder, 'bin');
  mkdirSync(bin, { recursive: true });
  for (const [name, body] of Object.entries(scripts)) {
    const file = path.join(bin, name);
    writeFileSync(
      file,
      `#!/usr/bin/env bash\necho "${name} $*" >>"${folder}/calls.log"\n${body}\n`,
    );
    chmodSync(file, 0o755);
  }
  return bin;
}
const callsOf = (folder: string) =>
  existsSync(path.join(folder, 'calls.log'))
    ? readFileSync(path.join(folder, 'calls.log'), 'utf8').trim().split('\n')
    : [];

describe('deploy/backup.sh', () => {
  function setUp() {
    const folder = tempTree('tcsa-nightly-', { passphrase: 'correct horse battery staple\n' });
    const backups = path.join(folder, 'backups');
    const remote = path.join(folder, 'remote');
    mkdirSync(backups);
    mkdirSync(remote);
    // Fifteen earlier nights, oldest first.
    for (let night = 15; night >= 1; night -= 1) {
      const file = path.join(
        backups,
        `tcsa-2026-11-${String(27 - night).padStart(2, '0')}T0915Z.tar.gz`,
      );
      writeFileSync(file, `night ${night}`);
      const at = new Date(Date.now() - night * 86_400_000);
      utimesSync(file, at, at);
    }
    const bin = standIns(folder, {
      // npm run db:backup writes tonight's archive.
      npm: `printf 'tonight' >"$BACKUP_DIR/tcsa-2026-11-27T0915Z.tar.gz"; echo "Wrote tonight's backup."`,
      // rclone copies to a local folder; deletes nothing here.
      rclone: `if [ "$1" = copyto ]; then cp "$2" "${remote}/$(basename "$3")"; fi`,
    });
    const run = (env: Record<string, string>) =>
      spawnSync('bash', [path.join(ROOT, 'deploy', 'backup.sh')], {
        encoding: 'utf8',
        env: {
          PATH: `${bin}:${process.env.PATH}`,
          HOME: folder,
          BACKUP_DIR: backups,
          BACKUP_KEEP: '14',
          NODE_ENV: 'production',
          ...env,
        },
      });
    return { folder, backups, remote, run };
  }

  it('backs up, keeps the newest 14 here, and copies the new one encrypted off the server', () => {
    const { folder, backups, remote, run } = setUp();
    const result = run({
      BACKUP_COPY_TO: 'clubdrive:tcsa-backups/',
      BACKUP_PASSPHRASE_FILE: path.join(folder, 'passphrase'),
    });
    expect(result.status, result.stderr).toBe(0);
    const kept = readdirSync(backups).sort();
    expect(kept).toHaveLength(14);
    expect(kept.at(-1)).toBe('tcsa-2026-11-27T0915Z.tar.gz');
    expect(kept[0]).toBe('tcsa-2026-11-14T0915Z.tar.gz');
    expect(result.stdout).toContain('Deleted');
    expect(result.stdout).toContain(
      'Copied tcsa-2026-11-27T0915Z.tar.gz.gpg to clubdrive:tcsa-backups/.',
    );

    const calls = callsOf(folder);
    expect(calls[0]).toBe('npm run --silent db:backup');
    expect(calls[1]).toMatch(
      /^rclone copyto \S+\/tcsa-2026-11-27T0915Z\.tar\.gz\.gpg clubdrive:tcsa-backups\/tcsa-2026-11-27T0915Z\.tar\.gz\.gpg$/,
    );
    // A month of nightly copies, the 1st of each month for a year.
    expect(calls[2]).toBe(
      'rclone delete clubdrive:tcsa-backups/ --min-age 32d --filter - tcsa-????-??-01T* --filter + tcsa-*.tar.gz.gpg --filter - *',
    );
    expect(calls[3]).toBe(
      'rclone delete clubdrive:tcsa-backups/ --min-age 366d --filter + tcsa-*.tar.gz.gpg --filter - *',
    );

    // The copy is encrypted, and the passphrase opens it.
    const copy = path.join(remote, 'tcsa-2026-11-27T0915Z.tar.gz.gpg');
    expect(readFileSync(copy).includes('tonight')).toBe(false);
    const opened = execFileSync(
      'gpg',
      [
        '--batch',
        '--quiet',
        '--homedir',
        folder,
        '--pinentry-mode',
        'loopback',
        '--passphrase-file',
        path.join(folder, 'passphrase'),
        '--decrypt',
        copy,
      ],
      { encoding: 'utf8' },
    );
    expect(opened).toBe('tonight');
  });

  it('makes no copy without a destination, and fails rather than copy it unencrypted', () => {
    const quiet = setUp();
    const alone = quiet.run({});
    expect(alone.status).toBe(0);
    expect(alone.stdout).toContain('BACKUP_COPY_TO is empty');
    expect(callsOf(quiet.folder).filter((call) => call.startsWith('rclone'))).toEqual([]);

    const unsafe = setUp();
    const refused = unsafe.run({
      BACKUP_COPY_TO: 'clubdrive:tcsa-backups',
      BACKUP_PASSPHRASE_FILE: path.join(unsafe.folder, 'missing'),
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('cannot be read: no copy is made without encrypting it.');
    expect(readdirSync(unsafe.remote)).toEqual([]);
  });
});

describe('deploy/update.sh and deploy/rollback.sh', () => {
  /**
   * A site's folder: a clone of a repository with two versions (the second one on origin/main
   * only), its deploy/ scripts, a stand-in `next` that makes a build folder, and the first
   * version's build in .next, as the README's first installation leaves it.
   */
  function setUp() {
    const folder = tempTree('tcsa-release-', {});
    const origin = path.join(folder, 'origin.git');
    const site = path.join(folder, 'site');
    const state = path.join(folder, 'state');
    mkdirSync(state);
    const git = (cwd: string, ...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Club', '-c', 'user.email=club@example.org', ...args], {
        cwd,
        encoding: 'utf8',
      }).trim();
    execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', origin]);
    mkdirSync(site);
    git(site, 'init', '--quiet', '--initial-branch=main');
    git(site, 'remote', 'add', 'origin', origin);
    cpSync(path.join(ROOT, 'deploy'), path.join(site, 'deploy'), { recursive: true });
    writeFileSync(path.join(site, 'package-lock.json'), '{"v":1}\n');
    writeFileSync(path.join(site, 'tsconfig.json'), '{"include":[".next/types"]}\n');
    writeFileSync(path.join(site, '.gitignore'), 'node_modules/\n.next*/\n');
    git(site, 'add', '.');
    git(site, 'commit', '--quiet', '-m', 'first');
    git(site, 'push', '--quiet', 'origin', 'HEAD:main');
    const first = git(site, 'rev-parse', 'HEAD');
    writeFileSync(path.join(site, 'package-lock.json'), '{"v":2}\n');
    git(site, 'commit', '--quiet', '-am', 'second');
    git(site, 'push', '--quiet', 'origin', 'HEAD:main');
    const second = git(site, 'rev-parse', 'HEAD');
    git(site, 'checkout', '--quiet', '--detach', first);
    mkdirSync(path.join(site, '.next'));
    // The build stand-in: a folder with its BUILD_ID; a build also edits tsconfig.json, as
    // Next.js does for a new build folder.
    const bin = path.join(site, 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(
      path.join(bin, 'next'),
      `#!/usr/bin/env bash\nset -e\n[ -z "$FAIL_BUILD" ] || exit 1\nmkdir -p "$NEXT_DIST_DIR" && git rev-parse HEAD >"$NEXT_DIST_DIR/BUILD_ID"\necho '{"include":["'$NEXT_DIST_DIR'/types"]}' >tsconfig.json\n`,
    );
    chmodSync(path.join(bin, 'next'), 0o755);
    const stand = standIns(folder, {
      id: 'echo 0',
      runuser: 'shift 3; exec "$@"',
      systemctl: '',
      chown: '',
      npm: '',
      curl: '[ -z "$SITE_DOWN" ]',
    });
    const run = (script: string, args: string[] = [], env: Record<string, string> = {}) =>
      spawnSync(path.join(site, 'deploy', script), args, {
        encoding: 'utf8',
        env: {
          PATH: `${stand}:${process.env.PATH}`,
          HOME: folder,
          TCSA_SITE_DIR: site,
          TCSA_STATE_DIR: state,
          TCSA_USER: 'nobody-here',
          NODE_ENV: 'production',
          ...env,
        },
      });
    const head = () => git(site, 'rev-parse', 'HEAD');
    const served = () => readFileSync(path.join(state, 'build.env'), 'utf8');
    return { folder, site, state, first, second, run, head, served, git };
  }

  it('update: backs up, builds the new version beside the running one, restarts on it; rollback goes back', () => {
    const { folder, site, state, first, second, run, head, served, git } = setUp();
    const update = run('update.sh');
    expect(update.status, update.stderr + update.stdout).toBe(0);
    const build = `.next-${second.slice(0, 12)}`;
    expect(head()).toBe(second);
    expect(served()).toBe(`NEXT_DIST_DIR=${build}\n`);
    expect(readFileSync(path.join(site, build, 'BUILD_ID'), 'utf8').trim()).toBe(second);
    expect(existsSync(path.join(site, '.next')), 'the old build stays for a rollback').toBe(true);
    // The build's edit of tsconfig.json is undone: the code folder is as the commit has it.
    expect(git(site, 'status', '--porcelain')).toBe('');
    const calls = callsOf(folder);
    expect(calls).toContain('systemctl start tcsa-backup.service');
    // The dependencies changed between the versions: installed before the build.
    expect(calls.indexOf('npm install --no-audit --no-fund')).toBeGreaterThan(
      calls.indexOf('systemctl start tcsa-backup.service'),
    );
    expect(calls.at(-2)).toBe('systemctl restart tcsa');
    const releases = readFileSync(path.join(state, 'releases'), 'utf8').trim().split('\n');
    expect(releases.map((line) => line.split(' ').slice(1).join(' '))).toEqual([
      `${first} .next`,
      `${second} ${build}`,
    ]);
    expect(update.stdout).toContain(`The site runs ${second.slice(0, 12)}.`);

    expect(run('update.sh').stdout).toContain('nothing to do');

    const rollback = run('rollback.sh');
    expect(rollback.status, rollback.stderr).toBe(0);
    expect(head()).toBe(first);
    expect(served()).toBe('NEXT_DIST_DIR=.next\n');
    expect(rollback.stdout).toContain(`The site runs ${first.slice(0, 12)} again.`);
    // And forward again.
    expect(run('rollback.sh').status).toBe(0);
    expect(head()).toBe(second);
    expect(served()).toBe(`NEXT_DIST_DIR=${build}\n`);
  });

  it('a failed build leaves the running version alone; a new version that does not answer is rolled back', () => {
    const failing = setUp();
    const broken = failing.run('update.sh', [], { FAIL_BUILD: '1' });
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('The build failed');
    expect(failing.head()).toBe(failing.first);
    expect(existsSync(path.join(failing.state, 'build.env'))).toBe(false);
    expect(callsOf(failing.folder)).not.toContain('systemctl restart tcsa');

    const silent = setUp();
    const down = silent.run('update.sh', [], { SITE_DOWN: '1', TCSA_WAIT_SECONDS: '0' });
    expect(down.status).toBe(1);
    expect(down.stderr).toContain(
      'The new version does not answer: going back to the previous one.',
    );
    expect(silent.head()).toBe(silent.first);
    expect(silent.served()).toBe('NEXT_DIST_DIR=.next\n');
  });

  it('refuses to run but as root', () => {
    const { run, folder } = setUp();
    writeFileSync(path.join(folder, 'bin', 'id'), '#!/usr/bin/env bash\necho 1000\n');
    const refused = run('update.sh');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('Run it as root');
  });
});
