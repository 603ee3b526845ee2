// Lint, including the layering rules: folders name the process they run in, and imports point
// down (server → services → runtime → engine → {sandbox, scheduler} → shared). The engine reaches
// state through its ports (engine/ports/): store/ implements them, so it may import them, and the
// engine never imports the store. domain/ holds plain types any layer may use.
// tests/unit/layering.test.ts proves each block with a violation.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electronOnly = {
  name: 'electron',
  message: "'electron' may be imported only by src/main/index.ts, src/main/app/ and src/preload/ (the headless service must run under plain Node).",
};

/** A no-restricted-imports rule refusing `patterns` with `message`. */
const refuse = (patterns, message, paths = [electronOnly]) => ({
  'no-restricted-imports': ['error', { paths, patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'tests/fixtures/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-function': 'off',
      'no-restricted-imports': ['error', { paths: [electronOnly] }],
    },
  },
  { files: ['src/main/index.ts', 'src/main/app/**', 'src/preload/**'], rules: { 'no-restricted-imports': 'off' } },
  // Tests read untyped JSON from the real service.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['src/shared/**'],
    rules: refuse(['node:*', '**/main/**', '**/renderer/**', 'react', 'hono', 'hono/*'], 'src/shared is pure TypeScript shared by every process: no node:*, main or renderer imports.'),
  },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: refuse(['node:*', '**/main/**', '**/preload/**'], 'The renderer talks to the service over REST/SSE only; it may import src/shared.'),
  },
  {
    files: ['src/main/store/**', 'src/main/scheduler/**'],
    rules: refuse(['**/runtime/**', '**/server/**', '**/services/**', '**/cli/**'], 'store/ and scheduler/ sit below the runtime: they must not import it.'),
  },
  {
    files: ['src/main/sandbox/**'],
    rules: refuse(['**/runtime/**', '**/server/**', '**/services/**', '**/store/**', '**/cli/**'], 'sandbox/ knows only its protocol and shared/.'),
  },
  {
    files: ['src/main/runtime/**'],
    rules: refuse(['**/server/**', '**/services/**', '**/cli/**', 'hono', 'hono/*'], 'The runtime knows nothing about HTTP or the services above it.'),
  },
  {
    files: ['src/main/engine/**'],
    rules: refuse(
      ['**/server/**', '**/services/**', '**/runtime/**', '**/cli/**', '**/testing/**', '**/store/**', 'hono', 'hono/*'],
      'The engine knows nothing about HTTP, the kinds (runtime/) and services above it, or the test harness that uses it; it reaches state through its ports (engine/ports/), never the store that implements them.',
    ),
  },
  {
    files: ['src/main/server/**'],
    rules: refuse(
      ['**/engine/**', '**/runtime/**', '**/store/**', '**/sandbox/**', '**/scheduler/**', '**/config/**', '**/cli/**', '**/app/**', '**/testing/**', '**/service', '**/headless', '**/api-key'],
      'server/ adapts HTTP to the services: it may import services/, domain/ and shared/ only (the engine, the catalog and the store sit behind the services).',
    ),
  },
  {
    files: ['src/main/domain/**'],
    rules: refuse(
      ['**/engine/**', '**/runtime/**', '**/server/**', '**/services/**', '**/store/**', '**/sandbox/**', '**/scheduler/**', '**/cli/**', '**/app/**', '**/testing/**', 'node:*', 'hono', 'hono/*'],
      'domain/ holds plain types every layer may use: it imports only shared/.',
    ),
  },
  {
    files: ['src/main/services/**'],
    rules: refuse(['**/server/**', '**/cli/**', 'hono', 'hono/*'], 'Services are called by the server and the CLI, not the other way round.'),
  },
  {
    // runnel/testing runs inside users' test runners: components go to a runner child process
    // (sandbox/client), never into sandbox/host (lockdown() would freeze the test process).
    files: ['src/main/testing/**'],
    rules: refuse(
      ['**/sandbox/host/**', '**/server/**', '**/services/**', '**/service', '**/headless', '**/app/**', 'ses', 'hono', 'hono/*'],
      'runnel/testing runs components through sandbox/client and the runtime; it must not load sandbox/host, the server or the services.',
    ),
  },
  {
    files: ['src/main/cli/**'],
    rules: refuse(['**/runtime/**', '**/store/**', '**/sandbox/**', '**/server/**'], 'The CLI is a REST client of the service (serve only composes it through headless.ts).'),
  },
);
