import type { EngineGlobal } from '../contract/render-contract.js';
import { EnginePage } from './engine-page.js';

/**
 * Entry point of the engine's page. Node (ChromiumRenderer) calls `window.autostudioEngine` through Playwright;
 * everything else happens in the page.
 */

const canvas = document.querySelector('canvas');
if (!canvas) throw new Error('The engine page has no canvas');
(globalThis as EngineGlobal).autostudioEngine = new EnginePage(canvas);
