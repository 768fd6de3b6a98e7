import { warmSharedEngines } from './shared-engine.js';

// Runs before each file of the engine-integration tier, which share one process: the first call starts the warm-up.
warmSharedEngines();
