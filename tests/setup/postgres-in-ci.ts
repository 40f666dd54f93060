// Global setup of the api project (docs/decisions/test-layers.md): the PostgreSQL halves of the
// concurrency, multi-process and backup tests run only with TEST_DATABASE_URL. Locally a missing
// one skips them, saying so; under CI=true it fails the run, as a missing Chromium does, so a CI
// machine without PostgreSQL can never report a green run that never touched it.
export default function requirePostgresInCi(): void {
  if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
    throw new Error(
      'CI=true but TEST_DATABASE_URL is not set: the PostgreSQL tests would be skipped. Start PostgreSQL and set it ' +
        '(.ci/run does both), e.g. TEST_DATABASE_URL=postgres://shopci:shopci@localhost:5432/shop_ci.',
    );
  }
}
