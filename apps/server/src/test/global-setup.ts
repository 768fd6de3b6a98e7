/** Says once, loudly, when the PostgreSQL half of the integration suites will not run. */
export default function setup(): void {
  if (!process.env.TEST_DATABASE_URL) {
    process.stdout.write(
      '\nPostgreSQL tests skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run them.\n\n',
    );
  } else {
    process.stdout.write(`\nIntegration tests run on SQLite and on PostgreSQL (${process.env.TEST_DATABASE_URL}).\n\n`);
  }
}
