import { parseArgs } from 'node:util';
import { startEngine } from '../engine.js';
import { startRegistration } from '../server/registration.js';
import {
  controlKeyFrom,
  fetchPolicyFrom,
  REGISTRATION_FLAGS,
  registrationFromFlags,
} from '../server/registration-flags.js';
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
    ...REGISTRATION_FLAGS,
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
  controlKey: controlKeyFrom(process.env),
  fetchPolicy: fetchPolicyFrom(values, process.env),
});
const joining = registrationFromFlags(values, { host: String(values.host), port: engine.port }, process.env);
const registration = joining ? startRegistration(joining) : null;
process.on(
  'SIGTERM',
  () => void (registration?.stop() ?? Promise.resolve()).then(() => engine.close()).then(() => process.exit(0)),
);
