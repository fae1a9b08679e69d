import { ChangeNotifications } from '../../src/caching/change-notifications.js';
import { answerCache } from '../../src/registry/result-cache.js';
import type { Services } from '../../src/services.js';

/** The change notifications and the answer cache as the app makes them (not listening: nothing is kept until told so). */
export function testCaches(): Pick<Services, 'changes' | 'resultCache'> {
  const changes = new ChangeNotifications();
  return { changes, resultCache: answerCache(changes) };
}
