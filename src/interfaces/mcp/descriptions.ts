/**
 * What the model reads: the server's instructions and every tool's description. Kept in one place so
 * the wording stays consistent and short. The six write triggers (`optmem rules`,
 * "强制写入触发器"): without them agents read memory but never write it.
 */

/** The six moments a record must be written, before replying. */
export const WRITE_TRIGGERS = [
  'a task finished with a real result (deployed, bug fixed, service configured)',
  'you hit a pitfall or learned a lesson',
  'configuration changed (cron, service, firewall, DNS, port, path)',
  'the user decided something (chose a plan, bought or sold, set a rule)',
  'a service, project or skill was added or removed',
  'an important exchange with another agent',
] as const;

const TRIGGER_LIST = WRITE_TRIGGERS.map((t, i) => `${i + 1}. ${t}`).join('\n');

const CORRECTION_RULE =
  'Correction (更正): when a stored fact changed or was wrong, never re-add or repeat the old fact; write a new record starting ' +
  '〔更正〕 that says what changed, e.g. "[code] 〔更正〕后端端口已从8080改为9090". Pass corrects=[ID] when you know the old ' +
  "record's id (search shows it). The old record stays as history and ranks below its correction.";

const REDLINE_RULE =
  'Red line (红线): a rule that must never be broken starts with 〔红线〕 (or tier="redline"), e.g. "〔红线〕不得在生产库执行 DROP". ' +
  'Red lines rank above everything; only a newer red line replaces one.';

export const SERVER_INSTRUCTIONS = `optmem is the long-term memory shared by this user's agents. Plain Markdown files are the truth.
Search it before answering about past work, configuration, decisions or people.
Write to it (tool add) at once, before replying, when:
${TRIGGER_LIST}
Before every reply ask: did this turn produce something worth keeping? When unsure, write.
${CORRECTION_RULE}
${REDLINE_RULE}
At a session's start call session_start; at its end call session_end to leave a handoff.`;

export const DESCRIPTIONS = {
  search: `Search the shared long-term memory (Chinese and English; literal words match best, so use the words the record would contain).
Use it before answering about past work, configuration, decisions or people, and before writing a correction (to get the old record's id).
Each result has: superseded=true and supersededBy=ID when a newer record replaces it (trust the replacement, not it; with supersession.otherPoint=true the replacement changed another point of it, and what you asked about still holds); pinned=true for a red line 〔红线〕 that applies; conflicts = ids of corrections aimed at a red line (the red line wins).
Time words in the query (昨天, 上周, 最近, yesterday, last week) filter or favour recent records. since/until take ISO 8601 like 2026-11-01. explain=true adds each ranking stage's part.
An overview query (上周做了什么, 这个月, what did we do last week) or kinds ["summary"] also returns "summaries": nodes of the summary tree, each line with the ids of the records it comes from.`,

  add: `Write one record to the shared long-term memory. Write at once, before replying, when:
${TRIGGER_LIST}
When unsure, write: one record too many costs little, a lost one costs a repeated mistake.
One fact per record, self-contained, with the concrete values (names, ports, paths, versions, dates). Start the text with the domain prefix, e.g. "[code] ...", or pass domain.
${CORRECTION_RULE}
${REDLINE_RULE}
Returns the new id, the records it supersedes and any warnings.`,

  link:
    'Record that NEW supersedes OLD when a correction did not link to what it corrects (add said "corrects nothing known" or "ambiguous"). Appends an event to the log; nothing is edited. OLD must be older than NEW. A red line is only overridden by a newer red line.',

  unlink:
    'Undo a wrong supersession link: NEW no longer supersedes OLD, however the link was made (named id, resolved from the text, inferred). Appends an event to the log; the newest event about the pair decides. Use when a true fact was hidden by a correction about something else.',

  get: 'Read one record by id: its full text, fields and file:line. An unknown id returns a "not found" result.',

  history:
    'The supersession chain through a record, oldest first: what it replaced, what replaced it, which one is current, and how each link was found (named by id, resolved from a 〔更正〕 text, inferred from a changed value, or linked by hand), and the link/unlink events about them.',

  core_show:
    'Show core memory: the small block (about 2,000 characters) every session carries: red lines, corrections, pinned facts, then recent records. overflow lists what did not fit (still in the log and searchable). project narrows it to one project.',

  core_add: `Write a record and put it in core memory. Use it for a fact every future session must know without searching (how the user wants to be addressed, the main server, a standing rule). pin=true keeps it there until core_unpin. For ordinary events use add. ${REDLINE_RULE}`,

  core_pin: 'Pin an existing record (by id) into core memory, so it stays there regardless of age. Pinning twice does nothing more.',

  core_unpin: 'Unpin a record: it leaves core memory unless it is there for another reason (red line, correction, recent). The record stays in the log.',

  core_remove: 'Take a record out of core memory. The record itself stays in the log and in search; nothing is deleted.',

  session_start:
    'Call at the start of a session on a project, before working. Returns the context pack as Markdown: red lines, core memory, the last handoff of the project (done / stuck / next), open items and relevant records. Follow its red lines.',

  session_end:
    "Call when a session ends (or before its context is compacted) to leave a handoff for the next session on the same project: done, stuck, next, decisions, files (lists of short lines). It replaces the project's previous handoff; the old one stays as history. Give at least one item: a handoff with nothing in it is refused, and the previous one stays. Record lasting facts with add as they happen; the handoff is for carrying work over.",
} as const;

export type ToolName = keyof typeof DESCRIPTIONS;
