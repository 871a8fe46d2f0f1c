import { z } from 'zod';
import { defineTiles } from '../tiles.js';

const date = z.date().or(z.string());

/** `GET facility_general_order_dashboard/`: today's workload, status counts, seven days' turnaround, overdue tests, fourteen days' orders. */
export const clinicalDashboardReply = z.object({
  today: z.object({ ordered: z.number(), received: z.number(), approved: z.number() }),
  by_status: z.array(z.object({ test_order_status: z.number(), count: z.number() })),
  tat: z.object({ approved: z.number(), within: z.number(), median_hours: z.number().nullable(), within_percent: z.number().nullable() }),
  overdue: z.object({
    count: z.number(),
    items: z.array(z.object({ id: z.number(), lab_number: z.string(), test: z.string(), due_at: date, status: z.number() })),
  }),
  daily: z.array(z.object({ day: z.string(), count: z.number() })),
});
export type ClinicalDashboard = z.infer<typeof clinicalDashboardReply>;

/** The General laboratory's dashboard's headline figures: today's workload, the week's turnaround, the overdue tests. */
export const GENERAL_TILES = defineTiles<ClinicalDashboard>([
  { key: 'ordered', icon: 'tests', value: 'today.ordered' },
  { key: 'received', icon: 'samples', value: 'today.received' },
  { key: 'approved', icon: 'approved', value: 'today.approved' },
  { key: 'withinTat', icon: 'due', value: 'tat.within_percent', unit: 'percent', note: { within: 'tat.within', approved: 'tat.approved' } },
  { key: 'medianTat', icon: 'turnaround', value: 'tat.median_hours', unit: 'hours', note: { approved: 'tat.approved' } },
  { key: 'overdue', icon: 'warning', value: 'overdue.count', alert: 'positive' },
]);
