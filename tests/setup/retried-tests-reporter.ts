// Lists, at the end of a run, every test that failed and then passed on its retry (the browser layer
// retries once under CI=true, docs/decisions/test-layers.md "A retry, named"), with the first line of
// each failed attempt's error: a flake is named in the run's tail, never silently absorbed.
import type { Reporter, TestCase } from 'vitest/node';

export default class RetriedTestsReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const diagnostic = test.diagnostic();
    if (!diagnostic || diagnostic.retryCount === 0) return;
    const result = test.result();
    const firstError = result.errors?.[0]?.message?.split('\n')[0]?.slice(0, 200) ?? '';
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
