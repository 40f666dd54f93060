// Lists, at the end of a run, every test that failed and then passed on its retry (the browser layer
// retries once under CI=true, docs/decisions/test-layers.md "A retry, named"), with the first lines of
// each failed attempt's error: a flake is named in the run's tail, never silently absorbed. More
// than one line: a browser file's error names the problems on the lines after its first ("The
// browser reported 1 problem(s):" alone said nothing, session 29).
import type { Reporter, TestCase } from 'vitest/node';

/** Lines of the failed attempt's error kept in the tail (the first says what, the next ones where). */
const ERROR_LINES = 6;

export default class RetriedTestsReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const diagnostic = test.diagnostic();
    if (!diagnostic || diagnostic.retryCount === 0) return;
    const result = test.result();
    const firstError = (result.errors?.[0]?.message ?? '')
      .split('\n')
      .slice(0, ERROR_LINES)
      .map((line) => line.slice(0, 300))
      .join('\n  | ');
    const outcome = result.state === 'passed' ? 'passed on retry' : `still ${result.state}`;
    this.retried.push(
      `RETRIED: ${test.project.name} ${test.module.relativeModuleId} > ${test.fullName} ` +
        `(${diagnostic.retryCount} retry, ${outcome})${firstError ? `: ${firstError}` : ''}`,
    );
  }

  onTestRunEnd(): void {
    for (const line of this.retried) console.log(line);
  }
}
