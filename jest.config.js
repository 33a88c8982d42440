/** Back-end tests: unit and integration (real PostgreSQL), TypeScript through swc in ESM mode. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
};

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  resolver: '<rootDir>/test/jest-resolver.cjs',
  moduleNameMapper: {
    '^@mkt/contracts$': '<rootDir>/libs/contracts/src/index.ts',
    '^@mkt/contracts/web$': '<rootDir>/libs/contracts/src/web.ts',
    '^@mkt/platform$': '<rootDir>/libs/platform/src/index.ts',
    '^@mkt/platform/testing$': '<rootDir>/libs/platform/src/testing/index.ts',
    '^@mkt/platform/media$': '<rootDir>/libs/platform/src/media/index.ts',
    '^@mkt/platform/visual$': '<rootDir>/libs/platform/src/visual/index.ts',
    '^@mkt/platform/pdf$': '<rootDir>/libs/platform/src/pdf/index.ts',
    '^@mkt/uploads$': '<rootDir>/services/uploads/src/index.ts',
    '^@mkt/identity$': '<rootDir>/services/identity/src/index.ts',
    '^@mkt/catalogue$': '<rootDir>/services/catalogue/src/index.ts',
    '^@mkt/catalogue/demo$': '<rootDir>/services/catalogue/demo/index.ts',
    '^@mkt/orders$': '<rootDir>/services/orders/src/index.ts',
    '^@mkt/licensing$': '<rootDir>/services/licensing/src/index.ts',
    '^@mkt/payouts$': '<rootDir>/services/payouts/src/index.ts',
    '^@mkt/contests$': '<rootDir>/services/contests/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  roots: ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/apps', '<rootDir>/web-store/src', '<rootDir>/web-admin/src', '<rootDir>/loadtests'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testMatch: ['**/*.spec.ts', '**/*.int-spec.ts'],
  testTimeout: 60000,
  maxWorkers: 2,
};
