import { defineConfig } from 'vitest/config';

// isolated-vm needs --no-node-snapshot on Node >= 20; forks let us pass it to every test process.
export default defineConfig({
  test: {
    pool: 'forks',
    execArgv: ['--no-node-snapshot'],
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
