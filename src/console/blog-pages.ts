import type Router from '@koa/router';
import type { ConsoleDeps } from './console-deps.js';

// PLACEHOLDER: filled in by the work on this section of the console.
export function blogPages(_router: Router, _deps: ConsoleDeps): void {}
