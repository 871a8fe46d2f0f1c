import {
  CONSUMABLE_STOCK_CARD_COLUMNS,
  consumableAdjustBody,
  consumableAlerts,
  consumableConfigBody,
  consumableConfigItem,
  consumableConfigListQuery,
  consumableConfigPatch,
  consumableCountBody,
  consumableDisposeBody,
  consumableIssueBody,
  consumableIssuePlan,
  consumableIssuePlanQuery,
  consumableIssueReply,
  consumableItem,
  consumableItemBody,
  consumableItemListQuery,
  consumableItemPatch,
  consumableLot,
  consumableLotListQuery,
  consumableOpenBody,
  consumableQuarantineBody,
  consumableReceipt,
  consumableReceiptBody,
  consumableReceiptListQuery,
  consumableReceiptReply,
  consumableStockCard,
  consumableStockCardQuery,
  consumableStockCardRows,
  consumableTestOption,
  idParams,
  paginated,
} from '@nlims/contracts';
import { z } from 'zod';
import { principalOf } from '../../core/auth.js';
import type { Db, Tx } from '../../core/db.js';
import { idempotencyHeaders, idempotentCreate } from '../../core/idempotency.js';
import type { App } from '../../core/types.js';
import { jsonOrFile, sendTable } from '../../core/export/xlsx.js';
import { createConfig, deleteConfig, listConfigs, testOptions, updateConfig } from './consumables.configs.js';
import { createItem, getItem, listItems, updateItem } from './consumables.items.js';
import { getLot, listLots, listReceipts, receive } from './consumables.lots.js';
import { adjust, count, dispose, issue, issuePlan, openLot, quarantine } from './consumables.moves.js';
import { alerts, stockCard } from './consumables.reports.js';
import { stockFacility } from './consumables.service.js';

const tags = ['consumables'];
/** Who may write, decided before the body is read: the facility's administrator (the services check again). */
const keeper = { may: stockFacility };

/**
 * Consumables (the facility administrator's): items and the tests that use them, receipts, lots and their moves,
 * the stock card and the alerts. Every write is one transaction with its stock lines and audit row; creates and
 * moves honour Idempotency-Key, so a retried receipt or issue is not made twice.
 */
export function consumablesRoutes(app: App, db: Db): void {
  // ---- items -------------------------------------------------------------------------------------------------
  app.get(
    '/api/consumable_generic/',
    {
      schema: {
        tags,
        summary: 'Items stocked, with usable stock at the store and per bench, months of stock, low-stock and expiry flags, cost per test',
        querystring: consumableItemListQuery,
        response: { 200: paginated(consumableItem) },
      },
    },
    (request) => listItems(db, principalOf(request), request.query),
  );
  app.post(
    '/api/consumable_generic/',
    {
      config: keeper,
      schema: {
        tags,
        summary: 'Add an item (and the tests that use it)',
        headers: idempotencyHeaders,
        body: consumableItemBody,
        response: { 201: consumableItem },
      },
    },
    (request, reply) => idempotentCreate(db, request, reply, 201, (tx) => createItem(tx, principalOf(request), request.body)),
  );
  app.get(
    '/api/consumable_generic/:id/',
    { schema: { tags, summary: 'One item with its stock figures and tests', params: idParams, response: { 200: consumableItem } } },
    (request) => getItem(db, principalOf(request), request.params.id),
  );
  app.patch(
    '/api/consumable_generic/:id/',
    {
      config: keeper,
      schema: {
        tags,
        summary: 'Change an item (only the fields sent; `tests`, sent, replaces its tests)',
        params: idParams,
        body: consumableItemPatch,
        response: { 200: consumableItem },
      },
    },
    (request) => db.transaction((tx) => updateItem(tx, principalOf(request), request.params.id, request.body)),
  );

  // ---- which tests use an item -------------------------------------------------------------------------------
  app.get(
    '/api/consumable_config/',
    {
      schema: {
        tags,
        summary: 'Tests that use items: units per run, automatic use',
        querystring: consumableConfigListQuery,
        response: { 200: paginated(consumableConfigItem) },
      },
    },
    (request) => listConfigs(db, principalOf(request), request.query),
  );
  app.get(
    '/api/consumable_config/tests/',
    {
      schema: {
        tags,
        summary: 'The tests the facility offers (panels, their members, stand-alone tests), each with its bench',
        response: { 200: z.array(consumableTestOption) },
      },
    },
    (request) => testOptions(db, principalOf(request)),
  );
  app.post(
    '/api/consumable_config/',
    {
      config: keeper,
      schema: { tags, summary: 'A test that uses an item', headers: idempotencyHeaders, body: consumableConfigBody, response: { 201: consumableConfigItem } },
    },
    (request, reply) => idempotentCreate(db, request, reply, 201, (tx) => createConfig(tx, principalOf(request), request.body)),
  );
  app.patch(
    '/api/consumable_config/:id/',
    {
      config: keeper,
      schema: {
        tags,
        summary: 'Change units per run or automatic use',
        params: idParams,
        body: consumableConfigPatch,
        response: { 200: consumableConfigItem },
      },
    },
    (request) => db.transaction((tx) => updateConfig(tx, principalOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/consumable_config/:id/',
    { config: keeper, schema: { tags, summary: 'The test no longer uses the item', params: idParams, response: { 204: z.null().describe('Deleted.') } } },
    async (request, reply) => {
      await db.transaction((tx) => deleteConfig(tx, principalOf(request), request.params.id));
      return reply.code(204).send(null);
    },
  );

  // ---- receipts ----------------------------------------------------------------------------------------------
  app.get(
    '/api/received_consumable/',
    {
      schema: {
        tags,
        summary: 'Receipts at the store, latest first',
        querystring: consumableReceiptListQuery,
        response: { 200: paginated(consumableReceipt) },
      },
    },
    (request) => listReceipts(db, principalOf(request), request.query),
  );
  app.post(
    '/api/received_consumable/',
    {
      config: keeper,
      schema: {
        tags,
        summary: 'Receive a lot at the store (a lot number the item already holds adds to it; same expiry required)',
        headers: idempotencyHeaders,
        body: consumableReceiptBody,
        response: { 201: consumableReceiptReply },
      },
    },
    (request, reply) => idempotentCreate(db, request, reply, 201, (tx) => receive(tx, principalOf(request), request.body)),
  );

  // ---- lots and their moves ----------------------------------------------------------------------------------
  app.get(
    '/api/consumable/',
    {
      schema: {
        tags,
        summary: 'Lots, first to expire first: status, expiry, balance at the store and at benches, usable or why not',
        querystring: consumableLotListQuery,
        response: { 200: paginated(consumableLot) },
      },
    },
    (request) => listLots(db, principalOf(request), request.query),
  );
  app.get(
    '/api/consumable/issue_plan/',
    {
      schema: {
        tags,
        summary: 'What an issue would take from the store, lot by lot (nothing moves)',
        querystring: consumableIssuePlanQuery,
        response: { 200: consumableIssuePlan },
      },
    },
    (request) => issuePlan(db, principalOf(request), request.query),
  );
  app.post(
    '/api/consumable/issue/',
    {
      config: keeper,
      schema: {
        tags,
        summary: 'Issue to a bench: first expiry first across the usable lots at the store, or from the lot chosen',
        headers: idempotencyHeaders,
        body: consumableIssueBody,
        response: { 200: consumableIssueReply },
      },
    },
    (request, reply) => idempotentCreate(db, request, reply, 200, (tx) => issue(tx, principalOf(request), request.body)),
  );
  app.get('/api/consumable/:id/', { schema: { tags, summary: 'One lot with its balances', params: idParams, response: { 200: consumableLot } } }, (request) =>
    getLot(db, principalOf(request), request.params.id),
  );
  const move = <B extends z.ZodType>(
    verb: string,
    summary: string,
    body: B,
    run: (tx: Tx, p: ReturnType<typeof principalOf>, id: number, b: z.output<B>) => Promise<unknown>,
  ) =>
    app.post(
      `/api/consumable/:id/${verb}/`,
      { config: keeper, schema: { tags, summary, params: idParams, headers: idempotencyHeaders, body, response: { 200: consumableLot } } },
      (request, reply) =>
        idempotentCreate(db, request, reply, 200, (tx) => run(tx, principalOf(request), (request.params as { id: number }).id, request.body as z.output<B>)),
    );
  move('adjust', 'An adjustment at a place, with its reason (signed units)', consumableAdjustBody, (tx, p, id, b) => adjust(tx, p, id, b));
  move('dispose', 'Dispose of stock at a place, or of the whole lot everywhere', consumableDisposeBody, (tx, p, id, b) => dispose(tx, p, id, b));
  move('count', 'A physical count at a place (the line records the difference)', consumableCountBody, (tx, p, id, b) => count(tx, p, id, b));
  move('open', 'Open the lot: usable until the earlier of its expiry and the opened date plus the stability', consumableOpenBody, (tx, p, id, b) =>
    openLot(tx, p, id, b),
  );
  move('quarantine', 'Put the lot in quarantine (nothing is issued or used from it)', consumableQuarantineBody, (tx, p, id, b) =>
    quarantine(tx, p, id, false, b.note),
  );
  move('release', 'Release the lot from quarantine', consumableQuarantineBody, (tx, p, id, b) => quarantine(tx, p, id, true, b.note));

  // ---- stock card and alerts ---------------------------------------------------------------------------------
  app.get(
    '/api/stock_card/',
    {
      schema: {
        tags,
        summary: 'The stock card of a lot or an item (at a bench, the store, or everywhere): lines oldest first with running balance',
        querystring: consumableStockCardQuery,
        response: { 200: jsonOrFile(consumableStockCard, 'The card as JSON (paged), or every line of the period as a CSV or XLSX download with `format`.') },
      },
    },
    async (request, reply) => {
      const format = request.query.format ?? 'json';
      const card = await stockCard(db, principalOf(request), request.query, format !== 'json');
      const { name, ...json } = card;
      if (format === 'json') return json;
      return sendTable(reply, format, name, consumableStockCardRows(card.results), CONSUMABLE_STOCK_CARD_COLUMNS);
    },
  );
  app.get(
    '/api/consumable_alerts/',
    {
      schema: {
        tags,
        summary: 'Low stock (usable only), lots expiring soon, expired lots holding stock, uses not recorded for lack of stock',
        response: { 200: consumableAlerts },
      },
    },
    (request) => alerts(db, principalOf(request)),
  );
}
