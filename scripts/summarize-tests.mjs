// Prints one plain "N passed, N failed" line per test runner from their JSON reports.
import { existsSync, readFileSync } from 'node:fs';

function countVitest(report) {
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function countPlaywright(report) {
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  };
}

const total = { passed: 0, failed: 0, skipped: 0 };
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
  console.log(
    `${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  );
}
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
