/**
 * The write triggers ("第一层：强制写入触发器"): six moments when an
 * agent must write to memory at once, plus the self-check before each reply. Printed for pasting
 * into AGENTS.md or CLAUDE.md; the hooks cover session ends, these rules cover everything between.
 */
export const RULES_MARKDOWN = `## Memory: when to write (optmem)

Write a record with \`optmem add\` (or the \`optmem\` MCP tool) **at once**, before replying, when:

1. A task with a real result is finished (deployed, bug fixed, service configured).
2. You hit a pitfall or learned an important lesson.
3. System configuration changed (cron, services, firewall, DNS, ports).
4. The user made a decision (a choice between options, a purchase or sale).
5. A service, project or skill was added or removed.
6. There was important collaboration with another agent.

Before every reply, ask: "Is there anything in this turn worth recording?" If yes, write it first, then reply.
Rather write too much than miss something: the log is raw material, consolidation trims it later.
A fact that changed gets a new record marked 〔更正〕 naming what it corrects; a rule that must never be broken gets 〔红线〕.

## 记忆：什么时候必须写（optmem）

遇到下面六种情况，**立即**用 \`optmem add\`（或 \`optmem\` MCP 工具）写一条记录，写完再回复：

1. 完成了有实质结果的任务（部署、修 bug、配置服务）。
2. 踩了坑或发现了重要教训。
3. 修改了系统配置（cron、服务、防火墙、DNS、端口）。
4. 用户做了决策（选择方案、买卖股票）。
5. 新增或删除了服务 / 项目 / skill。
6. 和其他智能体有重要协作。

每次回复用户之前，先问自己："这轮对话有值得记录的吗？" 有，就先写再回复。
宁可多写，不可漏写：日记是原始素材，归档时再精简。
事情变了就追加一条带〔更正〕的新记录并点明纠正哪一条；碰不得的纪律标〔红线〕。
`;
