// Runs the vitest suites as two processes side by side: the engine's Chromium suites, one file at a time (each one
// renders on both cores), and everything else, three files at a time. In one process vitest would run a project
// limited to one worker only after all the others, so the engine's eight minutes would come after the rest instead
// of beside it. `--integration` leaves the fast tier out; other arguments go to both (a reporter, say). The exit code
// is the first failure's.
import { spawn } from 'node:child_process';

const ENGINE_SUITES = 'engine-integration';
const integrationOnly = process.argv.includes('--integration');
const extra = process.argv.slice(2).filter((arg) => arg !== '--integration');

function vitest(label, projectArgs) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...projectArgs, ...extra], { stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      if (code !== 0) process.stderr.write(`\nvitest (${label}) failed: ${signal ?? `exit code ${code}`}\n`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all([
  vitest(ENGINE_SUITES, ['--project', ENGINE_SUITES]),
  vitest(
    `all but ${ENGINE_SUITES}`,
    integrationOnly
      ? ['--project', 'server-integration', '--project', 'web-integration']
      : ['--project', `!${ENGINE_SUITES}`],
  ),
]);
process.exit(codes.find((code) => code !== 0) ?? 0);
