// Prints one plain "N passed, N failed, N skipped" line per test runner from their JSON reports,
// then the total. A test that passed only on its retry is flaky: it is counted on its own line,
// never among the passed, and named, since a flaky test is a defect to fix.
import { existsSync, readFileSync } from 'node:fs';

function countVitest(report) {
  // A test that ran again after failing carries meta.retried (tests/webkit/support/retries.ts).
  const flaky = [];
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed' && test.meta?.retried) flaky.push(test.fullName);
    }
  }
  return {
    passed: (report.numPassedTests ?? 0) - flaky.length,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    flaky,
  };
}

/** Every test of a Playwright JSON report, with its full title and its outcome. */
function* playwrightTests(suite, titles = []) {
  const path = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      yield {
        title: [...path, spec.title].join(' › '),
        project: test.projectName,
        status: test.status,
      };
    }
  }
  for (const child of suite.suites ?? []) yield* playwrightTests(child, path);
}

function countPlaywright(report) {
  const stats = report.stats ?? {};
  const flaky = [];
  for (const suite of report.suites ?? []) {
    for (const test of playwrightTests(suite)) {
      if (test.status === 'flaky') flaky.push(`[${test.project}] ${test.title}`);
    }
  }
  return {
    passed: stats.expected ?? 0,
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    flaky,
  };
}

const total = { passed: 0, failed: 0, skipped: 0, flaky: [] };
for (const argument of process.argv.slice(2)) {
  const [file, label] = argument.split(':');
  if (!file || !existsSync(file)) {
    console.log(`${label}: no report (${file})`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const counts = 'numPassedTests' in report ? countVitest(report) : countPlaywright(report);
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  total.flaky.push(...counts.flaky.map((name) => `${label} ${name}`));
  console.log(
    `${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  );
  if (counts.flaky.length > 0) console.log(`${label} flaky: ${counts.flaky.length}`);
}
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
console.log(`flaky (passed only on a retry): ${total.flaky.length}`);
for (const name of total.flaky) console.log(`  flaky: ${name}`);
