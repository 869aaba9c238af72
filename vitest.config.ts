import { configDefaults, defineConfig } from 'vitest/config';

// Server tests share one embedded PGlite per worker (it takes seconds to open), so files
// in a worker run without module isolation; each file works in its own schema.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          sequence: { groupOrder: 0 },
          // client/**/*.server.test.ts: client code against the real server, so on the
          // server's database (PGlite or TEST_DATABASE_URL) with its setup.
          // bench/**: checks of the benchmarks' own verdicts, on the server's database.
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'migrations/**/*.test.ts', 'client/**/*.server.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          isolate: false,
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['server/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, 'client/**/*.server.test.ts'],
          environment: 'node',
          // Runs after the server project (which has its own worker settings).
          sequence: { groupOrder: 1 },
          testTimeout: 20_000,
        },
      },
    ],
  },
});
