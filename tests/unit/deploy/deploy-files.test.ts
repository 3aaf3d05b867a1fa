import { execFileSync, spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_VARIABLES } from '@/lib/env/server-variables.mjs';
import { tempTree } from '../support/temp-tree';

/**
 * The files of deploy/ that a Debian or Ubuntu server takes (README, 'Going live'), checked by
 * the tools that will read them: Caddy's own validation and adapter for the Caddyfile,
 * `systemd-analyze verify` for the units (the test command installs both from Debian's
 * packages), and against the repository: the commands, paths, ports and variables they name
 * exist, and are the ones the site reads.
 */

const ROOT = process.cwd();
const SITE = '/srv/tcsa';
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const UNITS = ['tcsa.socket', 'tcsa.service', 'tcsa-backup.service', 'tcsa-backup.timer'];
const SCRIPTS = readdirSync(path.join(ROOT, 'deploy')).filter((name) => name.endsWith('.sh'));

/** A unit file's settings: `Section.Key` → the values it is given, comments left out. */
function unitSettings(file: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const raw of read(file).split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    const [key, ...value] = line.split('=');
    const name = `${section}.${key!.trim()}`;
    settings.set(name, [...(settings.get(name) ?? []), value.join('=').trim()]);
  }
  return settings;
}
const setting = (unit: Map<string, string[]>, name: string) => unit.get(name)?.at(-1) ?? '';

describe('deploy/Caddyfile', () => {
  it('is valid for Caddy, and formatted as caddy fmt writes it', () => {
    const validate = spawnSync(
      'caddy',
      ['validate', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'],
      {
        encoding: 'utf8',
      },
    );
    expect(
      validate.error,
      'caddy is installed by the test command (apt-get install caddy)',
    ).toBeUndefined();
    expect(validate.status, validate.stderr).toBe(0);
    expect(validate.stdout + validate.stderr).toContain('Valid configuration');
    expect(validate.stderr).not.toMatch(/"level":"(warn|error)"/);
    const formatted = execFileSync('caddy', ['fmt', 'deploy/Caddyfile'], { encoding: 'utf8' });
    expect(formatted).toBe(read('deploy/Caddyfile'));
  });

  it('serves the domain over HTTPS in front of the site’s port, compressed, its build files kept a year', () => {
    const config = JSON.parse(
      execFileSync('caddy', ['adapt', '--config', 'deploy/Caddyfile'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as { apps: { http: { servers: Record<string, { listen: string[]; routes: unknown[] }> } } };
    const servers = Object.values(config.apps.http.servers);
    expect(servers.map((server) => server.listen)).toEqual([[':443']]);
    const text = JSON.stringify(servers[0]!.routes);
    // The site's route: its domain, compression, the build files' caching, the proxy.
    expect(text).toContain('"host":["tcsa.example.org"]');
    expect(text).toContain('"encodings":{"gzip":{},"zstd":{}}');
    expect(text).toContain('"path":["/_next/static/*"]');
    // Set only where the site set no Cache-Control (`?`: deferred, a default).
    expect(text).toMatch(/"require":\{"headers":\{"Cache-Control":null\}\}/);
    expect(text).toContain('"Cache-Control":["public, max-age=31536000, immutable"]');
    expect(text).toMatch(
      /"handler":"reverse_proxy".*"upstreams":\[\{"dial":"127\.0\.0\.1:3000"\}\]/,
    );
    // A site not running at all is waited for, up to 30 s.
    expect(text).toContain('"try_duration":30000000000');
    expect(text).toContain('{"handler":"request_body","max_size":64000000}');
    // www. sent on to the domain.
    expect(text).toContain('"host":["www.tcsa.example.org"]');
    expect(text).toContain('"Location":["https://tcsa.example.org{http.request.uri}"]');
  });

  it('refuses no body the site takes: the largest, a console video, fits under its limit', async () => {
    const { CONSOLE_VIDEO_BYTES } = await import('@/lib/http/body-limits.mjs');
    expect(read('deploy/Caddyfile')).toContain('max_size 64MB');
    expect(CONSOLE_VIDEO_BYTES + 1024 * 1024).toBeLessThan(64_000_000);
  });

  it('sends requests to the address and port systemd holds for the site, which it serves', () => {
    const exec = setting(unitSettings('deploy/tcsa.service'), 'Service.ExecStart');
    expect(exec).toContain('--port 3000 --hostname 127.0.0.1');
    expect(setting(unitSettings('deploy/tcsa.socket'), 'Socket.ListenStream')).toBe(
      '127.0.0.1:3000',
    );
    expect(setting(unitSettings('deploy/tcsa.service'), 'Unit.Requires')).toBe('tcsa.socket');
    expect(read('scripts/serve.mjs')).toContain('process.env.LISTEN_PID !== String(process.pid)');
    expect(read('deploy/Caddyfile')).toContain('reverse_proxy 127.0.0.1:3000');
    expect(read('deploy/release-common.sh')).toContain('PORT=${TCSA_PORT:-3000}');
    // The options serve.mjs reads.
    expect(read('scripts/serve.mjs')).toContain("option(['--port', '-p'])");
    expect(read('scripts/serve.mjs')).toContain("option(['--hostname', '-H'])");
  });
});

describe('deploy/*.service and *.timer', () => {
  it('pass systemd-analyze verify, with every command they run present in the repository', () => {
    // The units name the code's folder on a server; here it is this repository.
    const folder = tempTree('tcsa-units-', {});
    for (const unit of UNITS) {
      writeFileSync(path.join(folder, unit), read(`deploy/${unit}`).replaceAll(SITE, ROOT));
    }
    const verify = spawnSync(
      'systemd-analyze',
      ['verify', ...UNITS.map((unit) => path.join(folder, unit))],
      { encoding: 'utf8' },
    );
    expect(verify.error, 'systemd-analyze comes with Debian’s systemd package').toBeUndefined();
    expect(verify.stdout + verify.stderr).toBe('');
    expect(verify.status).toBe(0);
  });

  it('run the site as its own user, restarted on failure, stopped gently, its data outside the code', () => {
    const site = unitSettings('deploy/tcsa.service');
    expect(setting(site, 'Service.User')).toBe('tcsa');
    expect(setting(site, 'Service.Restart')).toBe('on-failure');
    expect(setting(site, 'Service.KillSignal')).toBe('SIGTERM');
    // serve.mjs ends the requests in progress within 10 s of SIGTERM, then exits with 143.
    expect(read('scripts/serve.mjs')).toContain('setTimeout(() => process.exit(code), 10_000)');
    expect(read('scripts/serve.mjs')).toContain("signal === 'SIGINT' ? 130 : 143");
    expect(setting(site, 'Service.SuccessExitStatus')).toBe('143');
    expect(parseInt(setting(site, 'Service.TimeoutStopSec'), 10)).toBeGreaterThan(10);
    expect(setting(site, 'Service.StateDirectory')).toBe('tcsa');
    expect(setting(site, 'Service.WorkingDirectory')).toBe(SITE);
    expect(setting(site, 'Service.ReadWritePaths')).toBe(SITE);
    // The build the site serves, chosen by deploy/update.sh, read by serve.mjs and next.config.mjs.
    expect(setting(site, 'Service.EnvironmentFile')).toBe('-/var/lib/tcsa/build.env');
    expect(read('deploy/release-common.sh')).toContain('BUILD_ENV="$STATE_DIR/build.env"');
    expect(read('scripts/serve.mjs')).toContain('process.env.NEXT_DIST_DIR');
    expect(read('next.config.mjs')).toContain('process.env.NEXT_DIST_DIR');

    const backup = unitSettings('deploy/tcsa-backup.service');
    expect(setting(backup, 'Service.User')).toBe('tcsa');
    expect(setting(backup, 'Service.Type')).toBe('oneshot');
    expect(setting(backup, 'Service.EnvironmentFile')).toBe(`${SITE}/.env.local`);
    const timer = unitSettings('deploy/tcsa-backup.timer');
    expect(setting(timer, 'Timer.Unit')).toBe('tcsa-backup.service');
    expect(setting(timer, 'Timer.Persistent')).toBe('true');
  });

  it('name only files of the repository, and commands of package.json', () => {
    const files = [...UNITS, ...SCRIPTS, 'Caddyfile'].map((name) => read(`deploy/${name}`));
    const paths = new Set(files.flatMap((text) => text.match(/\/srv\/tcsa\/[\w./-]+/g) ?? []));
    // Each server's own settings, not in the repository.
    paths.delete(`${SITE}/.env.local`);
    expect(paths.size).toBeGreaterThan(3);
    for (const named of paths) {
      const inRepo = path.join(ROOT, named.slice(SITE.length + 1));
      expect(existsSync(inRepo), named).toBe(true);
      if (/\/(node|[\w-]+\.sh)$/.test(named)) accessSync(inRepo, constants.X_OK);
    }
    const scripts = Object.keys(
      (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
    );
    const commands = new Set(
      [...files, read('README.md')].flatMap((text) =>
        [...text.matchAll(/npm run (?:--silent )?([\w:]+)/g)].map((match) => match[1]!),
      ),
    );
    for (const command of commands) expect(scripts, `npm run ${command}`).toContain(command);
  });

  it('give the backup script every variable it reads, and the site’s own from its settings', () => {
    const script = read('deploy/backup.sh');
    const used = new Set([...script.matchAll(/\$\{?([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]!));
    const unit = unitSettings('deploy/tcsa-backup.service');
    const given = new Set(
      (unit.get('Service.Environment') ?? []).map((assignment) => assignment.split('=')[0]!),
    );
    for (const name of used) {
      const fromSettings = (SERVER_VARIABLES as readonly string[]).includes(name);
      expect(given.has(name) || fromSettings, name).toBe(true);
      if (fromSettings) expect(read('.env.example'), name).toContain(`\n${name}=`);
    }
    expect(used).toContain('BACKUP_DIR');
    // The unit gives nothing the script does not read, bar the standard PATH.
    for (const name of given) expect(name === 'PATH' || used.has(name), name).toBe(true);
  });
});

describe('deploy/*.sh', () => {
  it('are bash scripts with no syntax error, the runnable ones executable', () => {
    for (const name of SCRIPTS) {
      const check = spawnSync('bash', ['-n', `deploy/${name}`], { encoding: 'utf8' });
      expect(check.status, `${name}: ${check.stderr}`).toBe(0);
      if (name !== 'release-common.sh') accessSync(path.join(ROOT, 'deploy', name), constants.X_OK);
    }
  });
});
