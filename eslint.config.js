import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVICES = ['identity', 'catalogue', 'orders', 'licensing', 'payouts', 'uploads', 'contests'];

/** A service imports libs/* and never another service's files (ARCHITECTURE section 2). */
const otherServices = (service) => ({
  group: SERVICES.filter((other) => other !== service).flatMap((other) => [`@mkt/${other}`, `@mkt/${other}/*`, `**/services/${other}/**`]),
  message: 'A service never imports another service: exchange events or use a client from libs/contracts.',
});
const serviceBoundaries = SERVICES.map((service) => ({
  files: [`services/${service}/**/*.ts`],
  rules: { 'no-restricted-imports': ['error', { patterns: [otherServices(service)] }] },
}));

/**
 * The catalogue's runtime source never reaches into its demo data and benchmark generator (kept
 * beside it in services/catalogue/demo): they depend on the service, not the other way round.
 * Flat config replaces a rule's options per file, so the service boundary is repeated here.
 */
const catalogueRuntime = {
  files: ['services/catalogue/src/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          otherServices('catalogue'),
          { group: ['@mkt/catalogue/demo', '**/demo/**', '../demo'], message: 'The catalogue runtime never imports its demo data or benchmark generator.' },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'reports/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // CommonJS is only where a tool loads a module synchronously (Jest's resolver).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Libraries sit below the services: they may not reach up into any service.
    files: ['libs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@mkt/identity', '@mkt/catalogue', '@mkt/orders', '@mkt/licensing', '@mkt/payouts', '@mkt/uploads', '@mkt/contests', '**/services/**'], message: 'libs never import services.' }] },
      ],
    },
  },
  {
    // Browser tests pass functions into the page: they run there, with the browser's globals.
    files: ['web-store/**/*.{ts,tsx}', 'web-admin/**/*.{ts,tsx}', 'e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The home route's JavaScript has no room for zod: the store reads paths, types and helpers
    // from the zod-free entry. A schema it truly needs belongs in a lazily loaded route.
    files: ['web-store/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@mkt/contracts', message: 'Import from @mkt/contracts/web (no zod); schemas only in lazily loaded routes.' },
            { name: 'zod', message: 'Validate only in lazily loaded routes.' },
          ],
        },
      ],
    },
  },
  ...serviceBoundaries,
  catalogueRuntime,
);
