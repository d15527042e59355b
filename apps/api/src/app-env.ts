/** Hono context variables shared by every route. */
import type { Database } from '#src/db/client.ts';
import type { Logger } from '#src/lib/logger.ts';

export interface AppEnv {
  Variables: {
    db: Database;
    logger: Logger;
    requestId: string;
  };
}
