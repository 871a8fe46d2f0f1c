import { helpReply } from '@nlims/contracts';
import { anyoneSignedIn, principalOf } from '../../core/auth.js';
import type { Db } from '../../core/db.js';
import type { App } from '../../core/types.js';
import { helpFor } from './help.service.js';

/** The help page's facts: who administers the caller's account, how to reach them, and the product's version. */
export function helpRoutes(app: App, db: Db): void {
  app.get(
    '/api/help/',
    {
      config: { may: anyoneSignedIn },
      schema: {
        tags: ['help'],
        summary:
          "Who to ask for help: the caller's facility and its administrators (the caller's own facility only), the super administrators where they administer the caller, and the product's version",
        response: { 200: helpReply },
      },
    },
    (request) => helpFor(db, principalOf(request)),
  );
}
