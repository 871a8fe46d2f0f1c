/**
 * The samples' service: orders (placed, follow-on tests) in orders.ts, the sample moves (collect, accept, reject,
 * hold, release, cancel) in moves.ts, offered from here as one service.
 */
export { addSamples, createOrder, type NewSample, orderFollowOn, requireOrderAmong, resolveTests } from './orders.js';
export { lockSample, type MoveInput, moveSample, moveSamples, requireMoveAmong, sampleStatusName, setDueTimes } from './moves.js';
