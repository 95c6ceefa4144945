/**
 * A large generated transcript (plain JSONL): chatter, tool noise and pasted output, with a
 * decision every `every` lines. Shared by the crash test and the throughput bench's idea.
 */
export function generateTranscript(lines: number, every = 10): { text: string; decisions: number } {
  const out: string[] = [];
  let decisions = 0;
  const base = Date.parse('2026-06-01T00:00:00Z');
  for (let i = 1; i <= lines; i++) {
    const time = new Date(base + i * 1000).toISOString();
    let role = 'user';
    let content: string;
    if (i % every === 0) {
      decisions++;
      content = i % 20 === 0 ? `我们决定把服务 svc-${i} 迁移到第 ${i} 号机房。` : `We decided to use plan ${i} for service svc-${i}.`;
    } else if (i % 7 === 0) {
      role = 'tool';
      content = `exit 0\n${'x'.repeat(200)}`;
    } else if (i % 5 === 0) {
      role = 'assistant';
      content = `Here is the output you asked for:\n${Array.from({ length: 30 }, (_, k) => `line ${k} of the log ${i}`).join('\n')}`;
    } else content = i % 2 ? 'ok' : '好的，谢谢';
    out.push(JSON.stringify({ time, role, content, agent: 'hermes', session: 'bulk' }));
  }
  return { text: out.join('\n') + '\n', decisions };
}
