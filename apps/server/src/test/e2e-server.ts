import { loadConfig } from '../config.js';
import { runServer } from '../server.js';
import { TEST_SCRYPT_COST } from './test-password-cost.js';

// The server as `npm start` runs it, configured from the environment, with one difference: passwords are hashed at
// the test cost. The end-to-end run signs in and creates a few hundred accounts, each a hash of 0.3 s of one core at
// production's cost; the password tests hash at production's cost.
runServer(() => ({ ...loadConfig(), passwordCost: TEST_SCRYPT_COST }));
