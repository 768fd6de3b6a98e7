import { loadConfig } from './config.js';
import { runServer } from './server.js';

runServer(() => loadConfig());
