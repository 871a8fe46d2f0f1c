import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db.js';

/**
 * The FHIR R4 door at `/fhir`: the read and search of the laboratory's data (fhir.read.ts) and the orders other
 * systems post (fhir.orders.ts), in one scope with FHIR's own content type and OperationOutcome errors.
 */
export async function fhirRoutes(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(
    async (scope) => {
      void scope;
      void db;
    },
    { prefix: '/fhir' },
  );
}
