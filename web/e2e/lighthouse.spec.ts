// Lighthouse (npm `lighthouse` 12; 13 needs Node.js 22) over the page as it loads, as a phone
// and as a laptop: accessibility, best practices and SEO score 100. Its performance score
// is a timing, on a shared machine: printed here, never asserted (docs/offline.md has the
// figures of a quiet machine). Lighthouse starts Debian's Chromium itself (CHROME_PATH).

import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const lighthouse = resolve('node_modules/.bin/lighthouse');

interface Audit {
  readonly id: string;
  readonly title: string;
  readonly score: number | null;
  readonly scoreDisplayMode: string;
}
interface Report {
  readonly runtimeError?: { readonly code: string; readonly message: string };
  readonly categories: Record<string, { readonly score: number; readonly auditRefs: readonly { readonly id: string; readonly weight: number }[] }>;
  readonly audits: Record<string, Audit>;
}

async function audit(url: string, preset: 'mobile' | 'desktop'): Promise<Report> {
  const args = [
    url,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    '--only-categories=performance,accessibility,best-practices,seo',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--disable-full-page-screenshot',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  // Lighthouse's own trace of the load can fail on a loaded machine ("Something went wrong
  // with recording the trace over your page load. Please run Lighthouse again.", NO_NAVSTART):
  // it happened in CI at 7c2b0b2 and once here. That failure says nothing of the page, and
  // Lighthouse's answer to it is to run again: up to three runs, each such failure printed.
  // Any other failure, or the page's own, fails at once.
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await run(lighthouse, args, { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, maxBuffer: 64 << 20 });
      return JSON.parse(stdout) as Report;
    } catch (e) {
      const text = `${String(e)} ${(e as { stdout?: string }).stdout ?? ''} ${(e as { stderr?: string }).stderr ?? ''}`;
      const again = /NO_NAVSTART|NO_TRACING_STARTED|NO_RESOURCE_REQUEST|Please run Lighthouse again/.test(text);
      if (!again || attempt === 3) throw e;
      console.log(`Lighthouse (${preset}) could not record its trace (run ${attempt}): running it again`);
    }
  }
}

/** "category: audit title" for each audit that lowers a category's score. */
function failing(report: Report, category: string): string[] {
  return report.categories[category]!.auditRefs.filter((ref) => ref.weight > 0)
    .map((ref) => report.audits[ref.id]!)
    .filter((a) => a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'informative' && a.score !== null && a.score < 1)
    .map((a) => `${category}: ${a.id} (${a.title})`);
}

// One preset after the other, in one test: two Lighthouse runs at once, each with its own
// Chromium, beside the other specs' browsers, is more load than a check of scores needs.
test('Lighthouse scores the page 100 for accessibility, best practices and SEO, as a phone and as a laptop', async ({ baseURL }) => {
  test.setTimeout(240_000);
  for (const preset of ['mobile', 'desktop'] as const) {
    const report = await audit(`${baseURL}/`, preset);
    expect(report.runtimeError, `Lighthouse (${preset}) loaded the page`).toBeUndefined();
    const categories = ['accessibility', 'best-practices', 'seo'];
    expect(categories.flatMap((c) => failing(report, c)), preset).toEqual([]);
    expect(Object.fromEntries(categories.map((c) => [c, report.categories[c]!.score])), preset).toEqual({ accessibility: 1, 'best-practices': 1, seo: 1 });
    // Measured, not asserted: a score of timings on a machine that runs other tests.
    const performance = report.categories['performance']!.score;
    expect(performance).toBeGreaterThan(0);
    console.log(`Lighthouse (${preset}): performance ${Math.round(performance * 100)}`);
  }
});
