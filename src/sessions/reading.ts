/** Reading a session's transcript and drawing its handoff from it: what session end and the hooks need. */
export { readTranscript, parseTranscript } from './transcript.js';
export { extractHandoff } from './extract-handoff.js';
