import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';
import boundaries from 'eslint-plugin-boundaries';

/**
 * The layers of lib/, lowest first: a file may import its own layer and the layers below it,
 * never one above (README, 'Code map'). The first pattern a file matches decides its layer, so
 * the few files that a folder holds for a lower layer (a domain's statuses, a pure formatter)
 * are listed before their folder. Type-only imports may cross: a type may sit beside the code
 * that produces it while lower code describes its values.
 */
export const LAYERS = [
  {
    type: 'vocabulary',
    pattern: [
      'lib/env/**',
      'lib/build/**',
      'lib/events/**',
      'lib/site/!(seo).ts',
      'lib/site/paths.ts',
      'lib/db/time.ts',
      'lib/*/statuses.ts',
      'lib/auth/{roles,permissions,messages,links}.ts',
      'lib/admin/search.ts',
      'lib/api/{contract,sources}.ts',
      'lib/copy/{catalogue,fill,markers,client-keys,answer-words}.ts',
      'lib/content/{coerce,env,preview}.ts',
      'lib/http/{client-address,random-hex,body-limits,security-headers}.{mjs,d.mts}',
      'lib/mail/audiences.ts',
      'lib/media/{kinds,range}.ts',
      'lib/memberships/{application-schema,detail-fields,email-key-expression,finance-facts,format,instructions,payment-words,price-input,settling}.ts',
      'lib/registrations/{bulk,count-words,group-commit,pools,questions,window}.ts',
      'lib/submissions/{resume-type,resume}.ts',
      'lib/testing/{faults,fault-cookie,test-copy}.ts',
    ],
  },
  {
    type: 'bootstrap',
    pattern: [
      'lib/db/bootstrap.ts',
      'lib/db/seed/**',
      'lib/db/backup/**',
      'lib/db/submissions-export.ts',
      'lib/testing/**',
    ],
  },
  {
    // Infrastructure kept beside the concern that uses it most.
    type: 'infrastructure',
    pattern: ['lib/auth/server-secrets.ts', 'lib/submissions/uploads.ts'],
  },
  {
    type: 'application',
    pattern: [
      'lib/*/*endpoint{,s}.ts',
      'lib/{registrations,submissions,memberships}/client.ts',
      'lib/admin/**',
      'lib/auth/**',
      'lib/jobs/**',
      'lib/site/seo.ts',
      'lib/api/respond.ts',
      'lib/audit/{changes,read}.ts',
      'lib/content/routes.ts',
      // The emails' previews compose every domain's emails (registrations, memberships).
      'lib/mail/previews.ts',
    ],
  },
  { type: 'memberships', pattern: ['lib/memberships/**'] },
  { type: 'registrations', pattern: ['lib/registrations/**'] },
  { type: 'submissions', pattern: ['lib/submissions/**'] },
  { type: 'infrastructure', pattern: ['lib/**'] },
];

/** What each layer may import (its own layer included); type-only imports are not held. */
const MAY_IMPORT = {
  vocabulary: ['vocabulary'],
  infrastructure: ['vocabulary', 'infrastructure'],
  memberships: ['vocabulary', 'infrastructure', 'memberships'],
  registrations: ['vocabulary', 'infrastructure', 'memberships', 'registrations'],
  submissions: ['vocabulary', 'infrastructure', 'submissions'],
  application: [
    'vocabulary',
    'infrastructure',
    'memberships',
    'registrations',
    'submissions',
    'application',
  ],
  bootstrap: LAYERS.map((layer) => layer.type),
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    files: ['lib/**/*.{ts,tsx,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['lib/**/*'],
      'boundaries/elements': LAYERS.map((layer) => ({ ...layer, mode: 'full' })),
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message:
            '${file.type} code may not import ${dependency.type} code (imports only point down; README, Code map)',
          rules: [
            ...Object.entries(MAY_IMPORT).map(([from, allow]) => ({ from, allow })),
            { from: '*', allow: '*', importKind: 'type' },
          ],
        },
      ],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Playwright fixtures receive a callback named `use`, which the React hooks rule mistakes for React's.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  globalIgnores([
    '.next*/**',
    'node_modules/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'sanity.types.ts',
    'studio/schema.json',
    'lib/db/migrations/**',
    '.data/**',
    '.reports/**',
  ]),
]);
