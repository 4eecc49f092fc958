// Prints the run's HEARTS_E2E_SEED (e2e/seed.ts) when a test fails, with the command that
// runs the failed test again with the same choices.

import { relative } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SeedReporter implements Reporter {
  private readonly failed: TestCase[] = [];

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped' && result.status !== test.expectedStatus) this.failed.push(test);
  }

  onEnd(): void {
    if (this.failed.length === 0) return;
    const seed = process.env['HEARTS_E2E_SEED'] ?? '?';
    console.log(`\n  Failed with the tests' random choices from HEARTS_E2E_SEED=${seed}; to repeat them:`);
    for (const t of this.failed) {
      const where = `${relative(process.cwd(), t.location.file)}:${t.location.line}`;
      console.log(`    HEARTS_E2E_SEED=${seed} npx playwright test ${where}   # ${t.title}`);
    }
    console.log('');
  }
}
