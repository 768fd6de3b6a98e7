import { parseArgs } from 'node:util';
import { startEngine } from '../engine.js';
import { TestRenderer } from './test-renderer.js';

/**
 * The engine's command line over the recording renderer: the same flags and the same Remote Control server as
 * `cli.ts`, without a browser. The server's engine-pool tests start and kill it as a real child process.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    'data-dir': { type: 'string', default: 'data/engine' },
  },
  strict: false,
});

const engine = await startEngine({
  renderer: new TestRenderer(),
  dataDir: String(values['data-dir']),
  port: Number(values.port),
  host: String(values.host),
  width: 320,
  height: 180,
});
process.on('SIGTERM', () => void engine.close().then(() => process.exit(0)));
