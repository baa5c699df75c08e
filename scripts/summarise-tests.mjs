// Sums the JSON reports of every suite into one closing line: "tests: N passed, N failed, N skipped".
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    // Vitest (Jest-compatible JSON): a test file that failed before running any test counts as one failure.
    for (const suite of report.testResults ?? []) {
      const tests = suite.assertionResults ?? [];
      passed += tests.filter((t) => t.status === 'passed').length;
      failed += tests.filter((t) => t.status === 'failed').length;
      skipped += tests.filter((t) => t.status === 'pending' || t.status === 'skipped' || t.status === 'todo').length;
      if (suite.status === 'failed' && !tests.some((t) => t.status === 'failed')) failed += 1;
    }
  }
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
