/**
 * The instruments' service, the one entry from outside the module: a machine as the listeners see it
 * (instruments.machine.ts), an analyser's results taken in (instruments.intake.ts) and its host queries answered
 * (instruments.query.ts), the unmatched queue (instruments.queue.ts) and the messages log (instruments.messages.ts),
 * and the TCP listeners (instruments.listeners.ts) with what each connection speaks (instruments.connections.ts over
 * the HL7, MLLP and ASTM codecs).
 */
export { astmQueryAnswer } from './instruments.connections.js';
export { hl7Ack, hl7QueryAnswer, readHl7 } from './instruments.hl7.js';
export { type Intake, receiveResults } from './instruments.intake.js';
export {
  INSTRUMENT_LOCK,
  InstrumentListeners,
  type ListenerOptions,
  registerMachineResync,
  resyncListeners,
  setCurrentListeners,
} from './instruments.listeners.js';
export { type IncomingMessage, instrumentPrincipal, loadMachine, type Machine, type Observation } from './instruments.machine.js';
export { getMessage, listMessages } from './instruments.messages.js';
export { answerQuery, pendingTests } from './instruments.query.js';
export { discardUnmatched, listMachines, listUnmatched, matchCandidates, matchUnmatched } from './instruments.queue.js';
