import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The layers of lib/ are held by lint (eslint.config.mjs, README 'Code map'): imports only
 * point down, and no import goes round in a circle. These tests plant what the rules must
 * refuse and lint it with the project's own configuration, so a rule that stopped matching
 * (a renamed folder, a pattern that no longer resolves) fails here rather than passing quietly.
 */

const root = path.resolve('.');
const eslint = new ESLint({ cwd: root });

type Finding = { rule: string | null; message: string };

const planted = new Set<string>();
afterAll(() => {
  for (const file of planted) rmSync(path.join(root, file), { force: true });
});

/** Writes `source` at `filePath` (the circle rule follows imports on disk) and lints it. */
async function lintPlanted(filePath: string, source: string): Promise<Finding[]> {
  planted.add(filePath);
  writeFileSync(path.join(root, filePath), source);
  try {
    const [result] = await eslint.lintFiles([filePath]);
    return (result?.messages ?? []).map((message) => ({
      rule: message.ruleId,
      message: message.message,
    }));
  } finally {
    rmSync(path.join(root, filePath), { force: true });
  }
}

const LAYER_RULE = 'boundaries/element-types';

describe('the layers of lib/', () => {
  const UPWARD_IMPORTS = [
    {
      file: 'lib/db/planted.ts',
      from: '@/lib/db/seed',
      name: 'seedDatabase',
      refusal: 'infrastructure code may not import bootstrap code',
    },
    {
      file: 'lib/env/planted.ts',
      from: '@/lib/db/client',
      name: 'getDb',
      refusal: 'vocabulary code may not import infrastructure code',
    },
    {
      file: 'lib/memberships/planted.ts',
      from: '@/lib/registrations/counts',
      name: 'registrationCounts',
      refusal: 'memberships code may not import registrations code',
    },
  ];

  it.each(UPWARD_IMPORTS)(
    'refuses $from in $file, naming both layers',
    async ({ file, from, name, refusal }) => {
      const findings = await lintPlanted(
        file,
        `import { ${name} } from '${from}';\nexport const planted = ${name};\n`,
      );
      expect(findings).toContainEqual({
        rule: LAYER_RULE,
        message: expect.stringContaining(refusal),
      });
    },
  );

  it('lets an import point down, and a type-only import cross', async () => {
    const down = await lintPlanted(
      'lib/registrations/planted.ts',
      [
        "import { getDb } from '@/lib/db/client';",
        "import { MEMBERSHIP_STATUSES } from '@/lib/memberships/statuses';",
        "import type { Session } from '@/lib/auth/session';",
        'export const planted = [getDb, MEMBERSHIP_STATUSES];',
        'export type Planted = Session;',
        '',
      ].join('\n'),
    );
    expect(down.filter((finding) => finding.rule === LAYER_RULE)).toEqual([]);
  });

  it('refuses a circle of imports', async () => {
    const other = 'lib/site/planted-circle-b.ts';
    planted.add(other);
    writeFileSync(
      path.join(root, other),
      "import { a } from './planted-circle-a';\nexport const b = () => a();\n",
    );
    const findings = await lintPlanted(
      'lib/site/planted-circle-a.ts',
      "import { b } from './planted-circle-b';\nexport const a = () => b();\n",
    );
    expect(findings.map((finding) => finding.rule)).toContain('import/no-cycle');
  });
});

/** Files of lib/ that are data rather than code: the Studio's default texts. */
const DATA_FILES = new Set(['lib/copy/catalogue.ts']);
const MAX_LINES = 600;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(relative);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) ? [relative] : [];
  });
}

describe('the size of lib/', () => {
  it(`has no file of code over ${MAX_LINES} lines`, () => {
    const long = sourceFiles('lib')
      .filter((file) => !DATA_FILES.has(file))
      .map((file) => ({
        file,
        lines: readFileSync(path.join(root, file), 'utf8').split('\n').length,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
