// Prints the run's HEARTS_E2E_SEED (e2e/seed.ts) when a test fails, with the command that
// runs the failed test again with the same choices, and a few lines of what failed and
// where: the list reporter's full account comes before the run's summary, and a CI log
// that keeps only its tail keeps these.

import { relative } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Lines of an error's message kept in the summary. */
const MESSAGE_LINES = 8;

// Playwright colours its messages; a log file wants the plain text.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

export default class SeedReporter implements Reporter {
  private readonly failed: { test: TestCase; result: TestResult }[] = [];

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped' && result.status !== test.expectedStatus) this.failed.push({ test, result });
  }

  onEnd(): void {
    if (this.failed.length === 0) return;
    const seed = process.env['HEARTS_E2E_SEED'] ?? '?';
    console.log(`\n  Failed with the tests' random choices from HEARTS_E2E_SEED=${seed}; to repeat them:`);
    for (const { test } of this.failed) {
      const where = `${relative(process.cwd(), test.location.file)}:${test.location.line}`;
      console.log(`    HEARTS_E2E_SEED=${seed} npx playwright test ${where}   # ${test.title}`);
    }
    for (const { test, result } of this.failed) {
      console.log(`\n  ${test.title} (${result.status} after ${(result.duration / 1000).toFixed(1)} s):`);
      for (const error of result.errors) {
        const at = error.location ? `${relative(process.cwd(), error.location.file)}:${error.location.line}` : '';
        const lines = (error.message ?? error.value ?? '').replace(ANSI, '').split('\n').filter((l) => l.trim() !== '');
        for (const line of lines.slice(0, MESSAGE_LINES)) console.log(`    ${line}`);
        if (at) console.log(`    at ${at}`);
      }
    }
    console.log('');
  }
}
