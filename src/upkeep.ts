/** The work a home's upkeep does (forgetting, topics, duplicates, doctor, verify): none of it is a search's. */
export { archiveCandidates } from './consolidate/retention.js';
export { forget } from './consolidate/forget.js';
export { coveredBy } from './consolidate/coverage.js';
export { runDoctor } from './doctor.js';
export { runVerify, sealStateOf } from './verify/run.js';
export { duplicateReport } from './consolidate/duplicates.js';
export { runTopics } from './consolidate/topics.js';
