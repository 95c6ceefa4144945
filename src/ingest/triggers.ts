import type { Detection, Trigger } from './types.js';

/**
 * Which of the six write triggers a conversation turn carries, by rule: no model, the same turn gives
 * the same answer. The user writes Chinese first with English terms, paths, ports and versions mixed
 * in, so every lexicon has both languages.
 *
 * A turn is read as prose: fenced code, log-looking lines, table rows and quoted spans ("…", 「…」,
 * 《…》) are dropped first, so a pasted stack trace or an article title that says "decided" carries
 * nothing. Each remaining sentence is then checked:
 *   - a question, a plan not yet carried out ("我先看看", "I'll try…") or a negated cue reports nothing;
 *   - cue lexicons (`CUES`) name candidate triggers; shape checks (`SHAPES`: ports, versions, paths,
 *     IPs, cron lines, hosts) and the speaker's role raise or lower the confidence;
 *   - a change of configuration needs a changed *thing* (a config noun or a value), a result needs
 *     something more than a trivial edit (a typo, a comment, formatting).
 * The turn's trigger is the first of `PRIORITY` that reaches `THRESHOLD`: the most specific wins
 * ("修好了，根因是时区没设" is a lesson before it is a result).
 *
 * A user correcting a fact ("不对，端口是9090", "no, it's 9090 now", "记错了，应该是…", "actually the
 * path is …") sets `correction` and takes the most fitting trigger, config-change when nothing else
 * fits: the pipeline writes it as a 〔更正〕 record.
 */

/** Most specific first: when a turn carries several triggers, the first one that fires is kept. */
export const PRIORITY: readonly Trigger[] = ['agent-exchange', 'decision', 'inventory-change', 'config-change', 'lesson', 'task-result'];

/** Lowest confidence at which a trigger is reported. */
export const THRESHOLD = 0.5;

/** The confidence of a decision stated with a strong cue ("决定", "decided", "从现在起", "以后…都"). */
export const STRONG_DECISION = 0.75;

/** The names the user's agents go by (and other agents they talk to). */
export const AGENT_NAMES =
  /\b(?:hermes|openclaw|codeagent|code ?agent|claude(?: code)?|codex|cursor|gemini|01号?|02号?)\b|写作(?:那边|那个|助手|智能体|agent)|执行(?:那边|那个|智能体|agent)|代码(?:那边|那个|智能体|agent)|另一个(?:智能体|agent)|\b(?:the )?(?:writing|coding|code|ops|workflow|housekeeping) agent\b/i;

/**
 * The cue lexicons, one place. Chinese cues match anywhere; English cues on word boundaries.
 * `strong` cues fire on their own; `weak` cues need support (a value, a config noun, the right role).
 */
export const CUES = {
  /** task-result: something was finished with a real outcome (deployed, fixed, configured, published). */
  result: {
    strong:
      /((?:同步|上传|下载|迁移|导入|导出|备份|部署|安装|转换|压缩|编译|构建)(?:到[^，。]{1,16})?完成|已完成|完成了|做完了|写完了|改完了|弄完了|做好了|处理好了|压好了|配好了|配置好了|跑起来了|能用了|可以用了|已同步|同步好了|已生成|已更新|更新好了|验证通过|验过了|已验证|已清理|清理完|清理了|已回滚|回滚了|已交付|已上传|上传好了|已发送|打包好了|已打包|装好了|搞定了?|已修复|修复了|修好了?|已解决|解决了|已上线|上线了|已部署|部署好了?|部署完成|部署到|跑通了?|测试通过|全部通过|都通过了|已发布|发布了|发出去了|已推送|推送了|已合并|合并了|合进|已定稿|定稿了|排版好了?|已提交|提交了|写好了|生成好了|迁移完成|迁好了|恢复了|已恢复|备份好了?|备份完成|跑完了|导出了|已导出|整理好了?|归档好了)|\b(deployed|fixed|shipped|merged|published|released|completed|finished|resolved|restored|migrated|implemented|wrapped up|opened (?:a )?pr|landed|rolled back|reverted|tagged|uploaded|delivered|finalized|cleaned up|freed|got .{1,30} working|is (?:up|running|working) (?:again|now)|now (?:works|runs|loads|builds|compiles)|ci is green|pass(?:es)? now|restarted|rebooted|reinstalled|recovered|re-?registered|re-?ran|rebuilt|repaired|all (?:\d+ )?tests pass(?:ed|ing)?|tests (?:are )?(?:now )?passing|now passes|works now|now works|is (?:now )?live|went live|backed up|pushed to|rolled out|done:)\b/i,
    weak: /(好了|完成|通过|生效了|成功|恢复正常|正常了|删掉了|去掉了|补上了|加上了|换好了|处理了|替换了|放回)|\b(done|passed|succeeded|success(?:fully)?|up and running|wrote|generated|created|updated|exported|cleaned up|ran|(?:is|are) back|back online|again|(?:runs?|tests?) pass(?: now)?|pass now)\b/i,
  },
  /** lesson: a pitfall hit, a cause found, a rule learned for next time. */
  lesson: {
    strong:
      /(踩坑|踩了个坑|踩到坑|坑记录|有个坑|一个坑|这个坑|教训|找到原因|查到原因|原因找到|一定要|否则|根因|根本原因|原来是因为|原来是|问题出在|罪魁祸首|以后[^，。,]{0,10}(?:要|得|记得|一定|必须|千万|别|不要)|这次发现|下次(?:要|得|记得|一定|别|不要)|千万别|千万不要|切记|务必|切勿|经验是|坑点|血的教训|又踩|踩雷|问题在于|原因在于|结果发现|一查才知道|记住[，,:：]|注意[:：]|坑在于|才发现|才知道|之所以.*是因为)|\b(lessons?|root cause|found the (?:reason|cause|culprit|problem)|got burned|bit us|turns? out|turned out|the culprit|gotcha|pitfall|caveat|note to self|never again|til|beware|watch out for|the catch is|it was because|the reason (?:was|is)|next time,? (?:we|i|remember|make sure|always|don't)|always remember|the trick is|the fix was|the (?:issue|problem|bug) was(?: that)?|was caused by|because of a)\b|\bwhenever\b.{3,60},|\b(?:remember|careful|important|heads up|warning):/i,
    weak: /(原因是|是因为|导致|注意|记得|不能|必须先|要先)|\b(because|caused|remember to|make sure to|must|don't forget)\b/i,
  },
  /** config-change: a setting, port, version, schedule, firewall rule, DNS record or path changed. */
  configVerb: {
    strong:
      /(?<!重新)(改成了?|改为|改到|换成了?|换了|更换了?|写进了?|写入了?|调成|调整为|调到|设为|设置为|设成|配置成|配置为|切到|切换到|迁到|迁移到|升级到|升到|降级到|降到|更新为|更新到|从\S{1,16}改|开放了|放行了?|关闭了|关掉了|禁用了|启用了|打开了|加了一条|新增了一条|删了一条|挪到|指向了?|绑定到|固定为|锁定在|锁在|改期到?|换到|关了|挂载到|映射到|重定向到|监听在|调大到?|调小到?|调高到?|调低到?|加大到|减少到|延长到|缩短到|限制为|限制到|放宽到|收紧到|替换为|开启了|关闭)|\b(changed|switched|moved|migrated|bumped|upgraded|downgraded|pinned|set (?:\S+ ){0,6}to|set up .{0,20} (?:on|at) port|reset|raised|lowered|increased|decreased|enabled|disabled|opened|closed|blocked|allowed|pointed|repointed|rotated|reconfigured|configured|updated|remapped|rescheduled|reassigned|swapped|replaced .{1,30} with|defaults? to|raised to|lowered to|increased to|reduced to|limited to|capped at|extended to|shortened to|mapped|mounted|bound to|redirected|turned (?:on|off)|toggled|is now|are now|now (?:runs|listens|points|uses|lives))\b/i,
  },
  configNoun:
    /(端口|配置|密码|密钥|定时任务|计划任务|防火墙|安全组|解析|域名|证书|服务端口|环境变量|\.env|版本|镜像|路径|目录|超时|时区|代理|限流|并发|内存|副本|默认模型|模型|数据库|连接池|日志级别|缓存|白名单|黑名单|权限|时间表|发布时间|推送时间|频率|节点|分支保护|回调地址|保留(?:天数|时间|份数|策略)|阈值|上限|下限)|(?<![A-Za-z])(?:key|token|cron|crontab|ufw|iptables|DNS|nginx|systemd|base_?url|api ?base|TTL)(?![A-Za-z])|\b(port|config|configuration|key|token|password|credentials?|secret|cron|crontab|schedule|firewall|dns|domain|record|cert|certificate|nginx|systemd|env|environment variable|version|image|path|directory|dir|timeout|timezone|proxy|rate limit|concurrency|memory|replicas|default model|model|base url|endpoint|database|pool size|log level|cache|ttl|allowlist|whitelist|permission|branch protection|webhook url|node|python|runtime|setting|settings|flag)\b/i,
  /** decision: the user chose something (a plan, a tool, a trade, a rule from now on). */
  decision: {
    strong:
      /(决定|定了|就这么定|就这么办|就这样吧|拍板|敲定|就用|改用|选用|采用|统一用|一律用|一律|一概|凡是|(?:关|停|删|下|撤|去|砍|换|扔|卖)(?:掉|了)吧|[买卖]\s*\d+\s*(?:股|手)|挂单|以后\S{0,16}(?:都|一律|统一|不要|别|必须|只|改成|改为)|今后|从今天起|从现在起|不再用|别再用|不用\S{1,12}了|选方案|选第|就选|就按|按方案|我选|就定|就这个|同意|批准|确定了|确定用|定下来|不换了|不改了|照旧|先这样|暂时不|暂不|不考虑|否决|先不动|不动它|观望|按兵不动|保持[^，。,]{0,16}不变|不做了|先不做|不要\S{0,10}了|买入|卖出|清仓|加仓|减仓|建仓|止损|止盈|平仓|砍掉|不做了|先不做|放弃)|\b(decided|decision:|let'?s go with|we'?ll go with|go with|going with|we'?ll use|let'?s use|use .{1,30} from now on|from now on|stick with|settled on|opted for|i pick|i choose|i chose|pick (?:option|plan)|we won'?t|no more|not doing|kill it|go for|let'?s (?:do|keep|stick)|keep using|stay (?:on|with)|not going to|cancel(?:led)?|scrap|shelve|postpone|put (?:it )?on hold|(?:archive|delete|drop|keep|merge) (?:both|all|it|them)|\S+ it is|no \w+ for now|drop(?:ping)? (?:the )?\w+|buy|sell|sold|bought|trim(?:med)? (?:the )?position|cut (?:the )?position|final call|final answer)\b/i,
    weak: /(用\S{1,20}吧|选\S{1,10}吧|那就|就它了|可以，?就|行，?就|好，?就|停掉吧|删了吧|下掉吧)|\b(ok,? (?:then )?(?:use|go)|sounds good,? (?:go|let'?s)|approved|approve|agreed|go ahead)\b/i,
  },
  /** inventory-change: a service, project, repo, skill, agent or tool was added or removed. */
  inventoryVerb:
    /(新增了|新建了|新开了|新上了|新加了|加了一个|开通了|引入了|多了一个|新搭了|下架了|注销了|退订了|取消了订阅|干掉了|添加了|装了|安装了|装好了?|已删除|已移除|已卸载|已停用|已下线|接入了|上线了一个|部署了一个|搭了一个|搭好了?|创建了|建了一个|开了一个|注册了|下线了|删除了|删掉了|移除了|卸载了|停用了|停掉了|退役|废弃了|归档了|撤掉了|拆掉了|关停了|迁出了)|\b(?:is|are|now) gone\b|\bno longer (?:exists?|runs?|running|deployed)\b|\b(added|created|installed|set up|spun up|launched|introduced|provisioned|stood up|subscribed|unsubscribed|killed|registered|onboarded|bootstrapped|removed|deleted|uninstalled|decommissioned|retired|archived|deprecated|tore down|torn down|shut down|sunset|dropped)\b/i,
  inventoryNoun:
    /(服务(?!块|端口|配置|器?地址)|项目|仓库|技能|插件|智能体|容器|实例|数据库|机器人|公众号|站点|网站|工具|机器|主机|服务器(?!\s*(?:块|配置))|虚拟机|小号|工作流|流水线|队列|存储桶|子域名|账号|订阅|定时脚本|脚本)|(?<![A-Za-z])(?:repos?|skills?|agents?|bots?|MCP|VPS|buckets?)(?![A-Za-z])|\b(service|project|repository|repo|skill|plugin|agent|container|instance|droplet|vm|vps|server(?!\s*(?:block|entry|name|块|配置))|host|action|plan|widget|integration|app|database|bot|site|website|tool|mcp server|workflow|pipeline|queue|bucket|subdomain|account|subscription|extension|package|microservice|worker|daemon)\b/i,
  /** agent-exchange: work handed to, or news received from, another agent. */
  exchange:
    /(交给|转给|发给|同步给|转交|委托|抄送|转告|告诉了|分给|派给|指派|接手|接过去|对齐了|让\S{0,8}(?:去|来|帮)|通知了?|回复|回了|留言|留了言|按\S{0,12}的要求|收到了?[^，。]{0,16}(?:的|发来)|发来|反馈|汇报|报告说|说已经|那边(?:说|回|已经|确认|反馈)|对接|协作|交接|约定了|商量|确认了)|\b(handed|hand(?:ed)? it to|passed (?:it )?to|sent\b.{0,40}\bto|sent (?:it|them|him|her) |delegated|forwarded|cc'?d|looped in|checked with|aligned with|took over|assigned (?:it )?to|shared (?:it )?with|messaged|relayed|asked (?:\w+ to|whether|if|me)|told (?:\w+ to|it|them)|notified|pinged|reported|replied|responded|acknowledged|confirmed|synced with|coordinated|agreed with|got back|came back with|says|said|handoff)\b/i,
  /** correction: the user says an earlier fact was wrong. At the start of a sentence unless noted. */
  correctionLead:
    /^(?:不对(?!劲)|不是的|错了|记错了|你记错了|搞错了|说错了|写错了|弄错了|更正(?:一下)?|纠正(?:一下)?|订正|不，|不,|no[,.!]|nope|wrong|you (?:got|have) it wrong|that'?s (?:wrong|not right|incorrect|outdated|old)|correction|actually|not anymore|you misremembered|i misspoke|to correct)/i,
  correctionInner:
    /(应该是|应是|其实是|实际上是|实际是|早就改成|早改成|已经不是|已经改成|现在是\S{1,20}不是|不是[^，,。]{1,24}[，,]\s*(?:而)?是|(?:你|之前|上次)?(?:写错了|记错了|搞错了|说错了|弄错了)|并不是|之前记的|之前说的\S{0,6}(?:不对|错))|\b(is actually|was actually|should be|you got it wrong|you have it wrong|you'?re wrong|it'?s actually|not .{1,30}, but|no longer|not .{1,20} anymore|now,? not|outdated|stale)\b/i,
  /** plans and hedges: a sentence that says what may or will happen has not happened yet. */
  plan: /^(?:如果|假如|要是|万一|if\b|我先|先|我去|我来|我再|我会|我要|我想|我打算|我准备|让我|准备|打算|计划|待会|等下|等会|回头|稍后|马上|正在|接下来我|试试|试一下|看看|查一下|先看看|先查)|(我先|先看看|先试试|试试|看一下|看看|准备|打算|考虑|也许|可能|或许|要不|要不要|能不能|是不是|会不会|待会|等下|稍后|晚点|回头再|再说|正在)|(?:等|以后|到时候?|将来|需要时|需要的时候)[^，。；,;]{1,16}再|的话\s*[，,]|\b(i'?ll|i will|let me|once we|when we need|let'?s (?:see|check|try|look)|going to|gonna|plan to|planning to|will try|about to|trying|try to|maybe|might|perhaps|probably|could we|should we|would it|you could|you can|you should|you might|we could|if you want|i think we (?:could|should)|consider|considering|thinking about|looking into|checking|investigating|working on it|in progress)\b/i,
  /** words that turn a cue around when they come just before it. */
  negation: /(没|没有|还没|尚未|未|不|别|无法|不能|不会|并未)\s*$|\b(not|n't|never|no|without|nothing|yet to|to be|failed to|couldn'?t|can'?t)\s*$/i,
  /** edits too small to remember on their own. */
  trivial: /(错别字|重命名|renamed|typo|空格|空行|缩进|格式化|标点|注释|拼写|换行|lint|prettier|whitespace|indentation|formatting|comment|rename(?:d)? (?:a |the )?variable|import 顺序|import order|一个字|措辞)/i,
  /** chatter: a whole turn made only of these is nothing to keep. */
  chatter:
    /^(?:你好|您好|早|早上好|早安|中午好|下午好|晚上好|晚安|在吗|在不在|谢谢|多谢|感谢|辛苦了|辛苦|好的|好|好嘞|行|可以|嗯|嗯嗯|哦|噢|ok|okay|k|收到|明白|了解|知道了|没问题|哈哈+|厉害|牛|不错|棒|赞|👍|🙏|hi|hello|hey|thanks|thank you|thx|ty|got it|cool|nice|great|perfect|awesome|sure|yes|yep|no problem|np|lol|good morning|good night|morning)(?:[\s!！.。~～,，、?？👍🙏😄😂]|啊|呀|啦|哈|的|了|你|您|哦|吧)*$/i,
};

/** Value shapes: what a configuration is made of. */
export const SHAPES = {
  port: /(?:端口|port)\s*(?:号)?\s*(?:是|为|改成|改为|to|from|:|=|：)?\s*\d{2,5}\b|(?<![\d.])(?::|：)\d{2,5}\b|\b\d{4,5}\s*端口/i,
  version: /\bv?\d+\.\d+(?:\.\d+)*(?:-[\w.]+)?\b|\b(?:node|python|pnpm|npm|go|java|postgres|redis|nginx|ubuntu|debian)\s*v?\d{1,3}\b/i,
  path: /(?:^|[\s(（"'`：:=])(?:~|\.{1,2})?\/[\w.@-]+(?:\/[\w.@-]*)*|\b[\w-]+\/[\w./-]+\.\w{1,5}\b|\b[\w-]+\.(?:ya?ml|json|toml|conf|ini|env|service|timer)\b/i,
  ip: /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/,
  cron: /(?:^|\s)(?:[\d*/,-]+\s+){4}[\d*/,-]+(?=\s|$)|每(?:天|日|周|小时|\d+\s*(?:分钟|小时|天))|\bevery \d*\s*(?:minutes?|hours?|days?|weeks?)\b|\bdaily\b|\bhourly\b|\bat \d{1,2}(?::\d{2})?\s*(?:am|pm)?\b|\d{1,2}\s*[点:：]\s*\d{0,2}|(?:凌晨|早上|上午|中午|下午|傍晚|晚上|夜里|每天|每晚)\s*[零〇一二两三四五六七八九十]{1,3}\s*点|[零〇一二两三四五六七八九十]{1,3}\s*点\s*(?:半|一刻|三刻|[零〇一二两三四五六七八九十]{1,3}\s*分)/i,
  host: /\b(?:[a-z0-9-]+\.)+(?:com|cn|net|io|dev|org|app|ai|top|xyz|me|co|cc|local|internal|lan)\b/i,
  env: /\b[A-Z][A-Z0-9_]{2,}=\S+/,
  /** a value changed from one thing to another: "从 30 改成 7", "from 01:00 to 02:15", "8080 → 5173" */
  fromTo: /从\s*\S{1,24}?\s*(?:改|调|换|升|降|提|挪|迁|切|加|减|缩|扩)\S{0,2}?(?:成|到|为|至)\s*\S|\bfrom\s+\S{1,30}\s+to\s+\S|\S\s*(?:→|->|=>)\s*\S/i,
  duration: /\b\d+\s*(?:ms|s|sec|seconds?|m|min|minutes?|h|hours?|d|days?|MB|GB|KB|G|M)\b|\d+\s*(?:秒|分钟|小时|天|兆|个)/i,
};

type Role = string;

interface SentenceHit {
  trigger: Trigger;
  confidence: number;
  cues: string[];
}

/** Openers that carry nothing: "对了，记错了…", "oh wait, no…". */
const OPENER = /^(?:对了|哦|噢|啊|嗯|诶|唉|哎|oh|hmm|wait|sorry|btw|ah)[，,\s!！。.]*/i;
/** The speaker asks for something to be done: it has not been done yet. */
export const REQUEST = /^(?:请|帮我|帮忙|麻烦|你去|你把|你帮|去把|把|还是)|(?:(?<!了)一下|吧|好吗|行吗|可以吗)(?:[。！!，,]|$)|^(?:please|can you|could you|pls|would you)\b/i;
/** Past or done: 了, 已, 过; English past tense and perfect. */
export const DONE = /(了|已|过)|\b(?:\w+ed|did|was|were|had|has|have|got|ran|made|went|sent|set|put|came|said|told|found|took|wrote|built|rebuilt|is now|are now)\b/i;
/** Somebody else's words about the world (docs, articles, a guide): not something that happened here. */
const HEARSAY = /(文档|教程|文章里|官方说|官网说|据说|听说)|\b(?:the )?(?:docs?|documentation|guide|readme|changelog|article|blog post|manual)\s+(?:says|said|states|mentions|recommends)\b/i;

/** "以后要多实例再迁 Postgres", "等流量上来再换": a step for later, under a condition. */
const FUTURE = /(?:等|以后|到时候?|将来|需要时|需要的时候)[^，。；,;]{1,16}再(?:迁|换|改|上|加|升|买|卖|做|说|考虑|拆|搬|切)|\b(?:once|when) (?:we|it|traffic|usage) (?:need|grow|get|hit|reach)s?\b[^.]*,\s*(?:we'?ll|then)\b/i;

/**
 * The user's choice without a choice word: "We'll publish on Sunday instead of Friday", "升 React 19 吧",
 * "let's move the blog to Vercel". A user's request to do something now ("改一下端口吧", "帮我…") is not.
 */
const CHOICE_EN = /^(?:ok(?:ay)?,?\s*|so,?\s*|then,?\s*)?(?:we'll|we will|we're going to|we are going to|let's|let us)\s+(?!(?:see|check|try|look|think|talk|discuss|figure|wait|find|ask|test|debug|investigate|start by|first)\b)[a-z]/i;
const CHOICE_CONTRAST = /(而不是|不再用|换掉|替掉)|\b(?:instead of|rather than|in place of)\b/i;
const CHOICE_ZH = /^(?:那就|就|还是|干脆)?(?:用|升|换|上|迁|切|选|装|停|删|下|关|开|买|卖|接|走|改用)(?:到|成)?\s*[A-Za-z0-9][^，。,]{0,24}吧/;

/** A fix, then a colon, then what was wrong. */
const FIX_EXPLAINED = /^[^。\n]{0,40}?(?:修好了?|修复了|解决了|\bfixed\b|\bresolved\b)[^：:。\n]{0,40}[：:]\s*(?=[^\n。]{0,60}(?:之前|原来|那次|以前|本来|导致|因为|少了|多了|漏了|没有|没设|写错|\bwas\b|\bwere\b|\bhad\b|because|caused|missing|\bshared\b|raced|wrong|forgot|never))/i;

/** An acknowledgement opening a short reply. */
const ACK = /^(?:了解|明白了?|收到|好的|记下了|记住了|知道了|noted|got it|understood|ok(?:ay)?|sure|thanks for the correction)[，,:：!！.。]/i;

/**
 * How an agent reports work it has done, when no result word is used: an English sentence opening
 * with a past-tense verb ("Refactored the auth module…", "Archived both drafts…"), a Chinese one with
 * 已/已经 + 把/将 or 把…V了 ("已把排版任务…", "把缓存目录挪到了…").
 */
const REPORT_EN = /^(?:i(?:'ve| have)?\s+)?(?!(?:looked|checked|tried|noticed|noted|started|wanted|needed|seemed|considered|thought|guessed|wondered|investigated|searched|compared|reviewed|asked|used|expected|assumed|hoped|planned|intended|failed|attempted|suggested|proposed|recommended|mentioned|learned|read)\b)(?:[a-z]+ed|ran|built|rebuilt|wrote|rewrote|made|set up|put|cut|sent|took|shipped|split|spun up|tore down|brought up|got)\b/i;
/**
 * The same with the subject first: "Migration applied to production at 22:14", "Cleanup ran: 412 old
 * files deleted", "v1 service was removed". It must carry a figure (a number, a path, a host) and not
 * read as a routine check ("ran fine", "as usual").
 */
const REPORT_EN_SUBJ = /^(?:the |our |all |both )?(?!(?:here|there|this|that|it|i|we|you|they|he|she)\b)[A-Za-z][\w.#-]*(?: (?!(?:is|are|was|were|be|been)\b)[\w.#-]+){0,3}? (?:(?:was|were|has been|have been|got|is now|are now) )?(?!(?:looked|checked|tried|noticed|seemed|failed|started|needed|wanted|used|expected|based|called|named|related|scheduled)\b)(?:[a-z]{3,}ed|ran|rebuilt|went out|shipped)\b(?! by\b)/i;
const ROUTINE = /(正常|照常|和往常一样|没问题)|\b(?:fine|as usual|as expected|normally|ok|okay|on schedule|like every day)\b/i;
const REPORT_ZH = /^(?:我|都|也)?(?:已经?|已)(?:把|将|给|在|经)?|把[^，。；]{1,30}(?:改|换|删|加|装|建|迁|挪|移|修|升|降|合|推|发|传|压|整理|归档|清理|同步|备份|导出|生成|写|放|配|设)[^，。；]{0,4}了/;

/** Changes to the agent's own notes, not to a system. */
const NOT_CONFIG = /\b(?:my|our) (?:notes|memory|records?|list)\b|(?:记下|笔记|备忘|记录里|我的记录)/i;

const NONE = (cues: string[] = []): Detection => ({ trigger: null, correction: false, confidence: 0, cues });

/**
 * What the rules saw in a turn: their verdict, every trigger's best sentence confidence (before the
 * priority order picks one), the correction's confidence, and the gate that dropped the turn outright
 * (tool output, a paste, chatter, an acknowledgement), if any. The learned layer reads this.
 */
export interface RuleEvidence {
  detection: Detection;
  scores: Partial<Record<Trigger, number>>;
  correction: number;
  gate: 'role' | 'pasted' | 'chatter' | 'ack' | null;
}

/** The rules' verdict alone. */
export function detectByRules(turn: { role: string; text: string }, prev?: { role: string; text: string }): Detection {
  return ruleEvidence(turn, prev).detection;
}

export function ruleEvidence(turn: { role: string; text: string }, prev?: { role: string; text: string }): RuleEvidence {
  const gated = (gate: RuleEvidence['gate'], cues: string[] = []): RuleEvidence => ({ detection: NONE(cues), scores: {}, correction: 0, gate });
  // Tool output and system prompts are noise: what matters of a tool call is what the agent says of it.
  if (turn.role !== 'user' && turn.role !== 'assistant') return gated('role');
  const raw = turn.text ?? '';
  if (isPasted(raw)) return gated('pasted', ['pasted']);
  const text = prose(raw);
  if (!text.trim() || CUES.chatter.test(text.trim())) return gated('chatter');
  // "了解，已更新：…" / "Noted, …": the assistant acknowledging what the user just said.
  if (turn.role === 'assistant' && text.length <= 80 && ACK.test(text.trim())) return gated('ack', ['ack']);

  let sentences = splitSentences(text);
  // A long multi-line paste with a line of commentary: only its first and last lines speak.
  if (sentences.length > 10) sentences = [...sentences.slice(0, 2), ...sentences.slice(-2)];
  const selfCorrects = /我(?:刚才|之前)?说错了|\bi misspoke\b|\bcorrection:/i.test(text);
  const correction = turn.role === 'user' || selfCorrects ? isCorrection(sentences, text.length, prev) : null;

  const best = new Map<Trigger, SentenceHit>();
  const keep = (hit: SentenceHit) => {
    const had = best.get(hit.trigger);
    if (!had || hit.confidence > had.confidence) best.set(hit.trigger, hit);
  };
  for (const s of sentences) for (const hit of classify(s, turn.role, prev)) keep(hit);

  // A result with its cause is a lesson: "修好了：之前少了 --delete，导致…".
  const result = best.get('task-result');
  if (result && result.confidence >= THRESHOLD && !best.get('lesson')?.confidence) {
    const why = sentences.map((s) => cue(s, CUES.lesson.weak)).find((x) => x && /因为|原因|导致|because|caused/i.test(x));
    if (why) keep({ trigger: 'lesson', confidence: 0.6, cues: [why, ...result.cues] });
  } else if (result && result.confidence >= THRESHOLD) {
    const l = best.get('lesson')!;
    if (l.confidence < THRESHOLD && /因为|原因|导致|because|caused/i.test(l.cues.join(' '))) keep({ ...l, confidence: 0.6 });
  }

  // "修好了：那次提交把 SameSite 设成了 Strict…", "Fixed the flaky test: two tests shared…": a fix
  // followed by what was wrong is a lesson, whatever settings the explanation mentions.
  const fixExplained = turn.role === 'assistant' && FIX_EXPLAINED.exec(text)?.[0];
  if (fixExplained && !['agent-exchange', 'decision', 'inventory-change'].some((t) => (best.get(t as Trigger)?.confidence ?? 0) >= THRESHOLD)) {
    best.delete('config-change');
    keep({ trigger: 'lesson', confidence: 0.7, cues: [fixExplained.trim()] });
  }

  const scores: Partial<Record<Trigger, number>> = {};
  for (const [t, h] of best) scores[t] = round(h.confidence);
  const evidence = (detection: Detection): RuleEvidence => ({ detection, scores, correction: correction?.confidence ?? 0, gate: null });

  if (correction) {
    const fitting = PRIORITY.map((t) => best.get(t)).find((h) => h && h.trigger !== 'task-result' && h.confidence >= THRESHOLD - 0.15);
    const trigger: Trigger = fitting?.trigger ?? 'config-change';
    return evidence({
      trigger,
      correction: true,
      confidence: round(Math.max(correction.confidence, fitting?.confidence ?? 0)),
      cues: unique([...correction.cues, ...(fitting?.cues ?? [])]),
    });
  }

  for (const t of PRIORITY) {
    const h = best.get(t);
    if (h && round(h.confidence) >= THRESHOLD) return evidence({ trigger: t, correction: false, confidence: round(h.confidence), cues: unique(h.cues) });
  }
  return evidence(NONE());
}

/** Candidate triggers of one sentence, each with its confidence. */
function classify(sentence: string, role: Role, prev?: { role: string; text: string }): SentenceHit[] {
  const s = sentence.trim().replace(OPENER, '');
  if (!s || isQuestion(s) || HEARSAY.test(s) || FUTURE.test(s)) return [];
  const out: SentenceHit[] = [];
  const planned = CUES.plan.test(s);
  const shapes = shapeCues(s);
  const trivial = CUES.trivial.test(s);
  const request = role === 'user' && REQUEST.test(s);
  const done = DONE.test(s);

  // decision: the user's, or the assistant recording the user's ("按你的决定", "as you decided").
  const dec = cue(s, CUES.decision.strong);
  const decWeak = dec ? null : cue(s, CUES.decision.weak);
  const relayed = /(按你的|你决定|你说的|你定的|按照你)|\b(as you decided|per your decision|you decided|as you said)\b/i.test(s);
  if ((dec || decWeak) && (role === 'user' || relayed) && !/^(?:如果|假如|if)\b/i.test(s)) {
    let c = dec ? STRONG_DECISION : 0.45 + (prevProposes(prev) ? 0.15 : 0) + (CUES.inventoryNoun.test(s) || CUES.configNoun.test(s) || /[A-Za-z]{3,}/.test(s) ? 0.1 : 0);
    if (planned && !dec) c -= 0.2;
    if (/(考虑|也许|可能|要不|或许|还没想好|再想想|犹豫)|\b(maybe|might|perhaps|not sure|thinking about|considering)\b/i.test(s)) c -= 0.35;
    out.push({ trigger: 'decision', confidence: c, cues: [(dec ?? decWeak)!] });
  }

  if (role === 'user' && !(dec || decWeak) && !/^(?:如果|假如|要是|if)\b/i.test(s) && !/(一下|帮我|帮忙|麻烦|请)|\b(?:please|can you|could you)\b/i.test(s)) {
    const contrast = CHOICE_CONTRAST.test(s);
    const choice = CHOICE_EN.exec(s)?.[0] ?? CHOICE_ZH.exec(s)?.[0];
    if (choice || (contrast && !planned)) out.push({ trigger: 'decision', confidence: choice && contrast ? 0.65 : 0.55, cues: [(choice ?? 'instead').trim()] });
  }

  // agent-exchange: another agent named (not the one being spoken to), and something passed between them.
  const addressed = s.replace(/^(?:hermes|openclaw|codeagent)\s*(?:[，,:：]|你)\s*/i, '');
  // "It says it fixed…" after "codeagent said…?": the pronoun is that agent.
  const pronoun = /^(?:it|he|she|they)\s+(?:says|said|reported|replied|confirmed)\b|^(?:它|他|她)(?:说|回复|反馈|确认)/i.test(addressed) && prev && AGENT_NAMES.test(prev.text);
  const agent = AGENT_NAMES.exec(addressed)?.[0] ?? (pronoun ? AGENT_NAMES.exec(prev!.text)?.[0] : undefined);
  const ex = agent ? cue(addressed, CUES.exchange) : null;
  if (agent && ex && !planned && !(role === 'user' && (request || !done))) out.push({ trigger: 'agent-exchange', confidence: 0.7, cues: [agent, ex] });
  else if (/^\s*(?:\[from [\w-]+\]|来自\s*\S+\s*[:：]|@(?:hermes|openclaw|codeagent)\b)/i.test(s)) out.push({ trigger: 'agent-exchange', confidence: 0.6, cues: ['from-agent'] });

  // config-change: a change verb and a config noun or a value, done rather than planned.
  // "still pointed to", "is set to" describe a state, not a change; "updated my notes" is memory, not config.
  const cv = NOT_CONFIG.test(s) ? null : cue(s, CUES.configVerb.strong, /(still|仍然|依然|还是|\bis|\bare|\bwas|\bwere|\bbe|\bbeen)\s*$/i);
  const cn = CUES.configNoun.exec(s)?.[0];
  const valueShapes = shapes.filter((x) => x !== 'duration');
  if (cv && (cn || valueShapes.length) && !planned && !request) {
    let c = 0.45 + (cn ? 0.15 : 0) + (valueShapes.length ? 0.15 : 0);
    if (done) c += 0.1;
    if (!cn && cue(s, CUES.result.strong)) c -= 0.25; // "上线了，p95 从 320ms 降到 45ms" reports a result
    // The user stating a change with nothing done yet ("默认模型换成 deepseek") is choosing it.
    if (role === 'user' && !done) out.push({ trigger: 'decision', confidence: 0.55, cues: [cv, ...(cn ? [cn] : [])] });
    else out.push({ trigger: 'config-change', confidence: c, cues: [cv, ...(cn ? [cn] : []), ...valueShapes] });
  }

  // inventory-change: an entity added or removed.
  const [iv, inoun] = cueNear(s, CUES.inventoryVerb, CUES.inventoryNoun);
  if (iv && inoun && !planned && !request) out.push({ trigger: 'inventory-change', confidence: role === 'user' && !done ? 0.4 : 0.6, cues: [iv, inoun] });

  // lesson: a cause found or a rule for next time.
  const ls = cue(s, CUES.lesson.strong);
  const lw = ls ? null : cue(s, CUES.lesson.weak);
  if (ls || lw) {
    let c = ls ? 0.7 : 0.35;
    if (lw && done && informative(s)) c += 0.1;
    if (planned && !ls) c -= 0.2;
    out.push({ trigger: 'lesson', confidence: c, cues: [(ls ?? lw)!] });
  }

  // task-result: a finished piece of work, reported in the past tense, not trivial.
  const rs = cue(s, CUES.result.strong);
  const rw = rs ? null : cue(s, CUES.result.weak);
  const subj = role === 'assistant' && !rs && !ROUTINE.test(s) && /\d|[/:]/.test(s) ? REPORT_EN_SUBJ.exec(s)?.[0] : undefined;
  const report = (role === 'assistant' && !rs && !rw && (REPORT_EN.exec(s)?.[0] ?? REPORT_ZH.exec(s)?.[0])) || subj;
  if (report && !planned && !trivial && informative(s) && s.length >= 16) out.push({ trigger: 'task-result', confidence: 0.5, cues: ['report:' + report.trim()] });
  if ((rs || rw) && !planned && !request && !(role === 'user' && !done)) {
    const weakCount = rs ? 0 : new Set(s.match(new RegExp(CUES.result.weak.source, 'gi')) ?? []).size;
    let c = rs ? 0.65 : weakCount >= 2 ? 0.45 : 0.3;
    if (role === 'assistant') c += 0.1;
    if (shapes.length || /[A-Za-z]{3,}/.test(s)) c += 0.05;
    if (trivial) c -= 0.4;
    if (!informative(s)) c -= 0.3;
    out.push({ trigger: 'task-result', confidence: c, cues: [(rs ?? rw)!] });
  }
  return out;
}

/** A correction of a fact, or null: a lead ("不对", "no,", "actually") or an inner cue, and a fact. */
function isCorrection(sentences: string[], length: number, prev?: { role: string; text: string }): { confidence: number; cues: string[] } | null {
  const first = sentences.slice(0, 3);
  for (const raw of first) {
    const s = raw.trim().replace(OPENER, '');
    if (isQuestion(s)) continue;
    const lead = CUES.correctionLead.exec(s)?.[0];
    // "不是遗忘，而是…" in a long text is rhetoric; an inner cue counts in a short turn only.
    let inner = length <= 200 ? cue(s, CUES.correctionInner) : null;
    // "记一下：端口已经改成 2222 了" informs of a change; it corrects only what was just said otherwise.
    if (inner && !lead && /^(?:已经改成|早就改成|早改成)$/.test(inner) && !(prev && prev.role === 'assistant' && sharesTopic(sentences.join(' '), prev.text))) inner = null;
    if (!lead && !inner) continue;
    const whole = sentences.join(' ');
    const fact = hasFact(whole);
    if (!fact) continue;
    // "no, archive both": an English lead must be followed by a statement, not an order.
    if (lead && /^[a-z]/i.test(lead) && !inner && !/\b(?:is|are|was|were|it'?s|that'?s|lives?|runs?|uses?|now|moved|changed|raised|lowered|should be|not)\b/i.test(s.slice(lead.length))) continue;
    // "不对，再试一次" / "no, don't" are about an attempt, not a fact.
    if (/^(?:不对|no|nope|wrong)[，,.!\s]*(?:再|重新|你再|换个|别|不要|don'?t|try|again|redo|stop)/i.test(whole.trim())) continue;
    let c = lead && inner ? 0.85 : lead ? 0.7 : 0.6;
    if (prev && prev.role === 'assistant' && sharesTopic(whole, prev.text)) c += 0.1;
    return { confidence: Math.min(c, 0.95), cues: [lead, inner].filter((x): x is string => !!x) };
  }
  return null;
}

function hasFact(s: string): boolean {
  return (
    shapeCues(s).length > 0 ||
    CUES.configNoun.test(s) ||
    /\d{2,}|[A-Za-z]{2,}|(是|为|在|用|叫|改|应该|配)\s*\S/i.test(s)
  );
}

/** The assistant offered options or asked for a choice: a short "就用第二个" then decides. */
function prevProposes(prev?: { role: string; text: string }): boolean {
  return !!prev && prev.role === 'assistant' && (/[?？]/.test(prev.text) || /(方案|选项|还是|要不要|建议|推荐|的话|足够|要么|或者|[AB12]\s*[.、)）:：])|\b(option|options|should we|would you like|which (?:one|do you)|recommend|suggest|or|i'?d|your call)\b/i.test(prev.text));
}

function sharesTopic(a: string, b: string): boolean {
  const words = (t: string) => new Set((t.match(/[A-Za-z][\w.-]{2,}|\d{2,}|[\u3400-\u9fff]{2}/g) ?? []).map((w) => w.toLowerCase()));
  const wa = words(a);
  for (const w of words(b)) if (wa.has(w)) return true;
  return false;
}

/** The first cue of `re` in `s` that is not negated just before it, or null. */
function cue(s: string, re: RegExp, alsoNegating?: RegExp): string | null {
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
  for (const m of s.matchAll(g)) {
    const before = s.slice(Math.max(0, m.index - 8), m.index);
    if (CUES.negation.test(before) && !/^(?:别再|不要再|不再|不做|不动|不用|不要|no\b|not doing|never)/i.test(m[0])) continue;
    if (alsoNegating?.test(before)) continue;
    // An English cue inside a path or an identifier is not a word: "sites-enabled", "set_timeout".
    if (/^[A-Za-z]/.test(m[0]) && (/[-/_.@]$/.test(before) || /^[-/_]/.test(s.slice(m.index + m[0].length)))) continue;
    return m[0];
  }
  return null;
}

/** A cue of `verb` with a match of `noun` near it (the thing added or removed sits next to the verb). */
function cueNear(s: string, verb: RegExp, noun: RegExp): [string | null, string | null] {
  const g = new RegExp(verb.source, verb.flags.includes('g') ? verb.flags : verb.flags + 'g');
  for (const m of s.matchAll(g)) {
    const rest = s.slice(m.index);
    if (cue(rest, verb) !== m[0]) continue; // negated or inside a path
    const window = s.slice(Math.max(0, m.index - 25), m.index + m[0].length + 45);
    const n = noun.exec(window)?.[0];
    if (n) return [m[0], n];
  }
  return [null, null];
}

function shapeCues(s: string): string[] {
  return Object.entries(SHAPES)
    .filter(([, re]) => re.test(s))
    .map(([k]) => k);
}

export function isQuestion(s: string): boolean {
  const t = s.trim();
  if (/[?？]\s*$/.test(t)) return true;
  if (/(吗|呢|么|多少|几个|哪个|哪里|什么|为啥|为什么|怎么样|咋样|没有)\s*[。.~～]*$/.test(t)) return true;
  return /^(?:what|how|why|when|where|which|who|is|are|do|does|did|can|could|should|would|will|have|has)\b[^.!。！]*$/i.test(t);
}

/** Enough words to say something: "搞定！" or "Done." alone is not a result worth keeping. */
function informative(s: string): boolean {
  const stripped = s.replace(/(已完成|完成了|搞定了?|修好了?|好了|done|fixed|finished|completed)/gi, '');
  const cjk = (stripped.match(/[\u3400-\u9fff]/g) ?? []).length;
  const words = (stripped.match(/[A-Za-z0-9_./:-]{2,}/g) ?? []).length;
  return cjk >= 4 || words >= 2 || cjk + words * 2 >= 5;
}

/** A paste: many lines, few of them prose (logs, stack traces, JSON, diffs, command output). */
function isPasted(text: string): boolean {
  const lines = text.split('\n').filter((l) => l.trim());
  if (lines.length < 10) return false;
  const proseLines = prose(text)
    .split('\n')
    .filter((l) => l.trim().length >= 6);
  return proseLines.length <= Math.max(2, lines.length * 0.15);
}

/** The turn as prose: code fences, log-looking lines, tables and quoted spans removed. */
export function prose(text: string): string {
  return text
    .replace(/```[\s\S]*?(?:```|$)/g, '\n')
    .split('\n')
    .filter((l) => !LOG_LINE.test(l))
    .join('\n')
    .replace(/“[^”\n]{0,80}”|「[^」\n]{0,80}」|《[^》\n]{0,60}》|"[^"\n]{4,80}"|『[^』\n]{0,80}』|‘[^’\n]{0,80}’|'(?=[^'\n]*[\u3400-\u9fff])[^'\n]{2,80}'/g, ' ')
    .replace(/^\s*>.*$/gm, ' ');
}

const LOG_LINE =
  /^\s*(?:\||\$ |# |at [\w.$<>]+ \(|\s{4,}\S|[{}[\],]\s*$|"[\w-]+":|\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) +\d{1,2} \d{2}:\d{2}:\d{2} |\[\d{2}:\d{2}|(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\b|Traceback|File "|npm (?:ERR|WARN)|[+-]{3} |@@ |[+-](?![+-])\s?\S|diff --git|>>>|\w+@[\w-]+:[~/]|PS [A-Z]:\\|error(?:\[\w+\])?:|warning:|✓|✗|×|√|PASS |FAIL |Tests?:|Test Files)/;

export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    const l = line.replace(/^\s*(?:[-*+•]|\d+[.)、])\s+/, '').trim();
    for (const part of l.split(/(?<=[。！？；!?;])|(?<=[.])\s+(?=[A-Z\u3400-\u9fff])/)) {
      const s = part.trim();
      if (s.length >= 2) out.push(s);
    }
  }
  return out;
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

function round(x: number): number {
  return Math.round(Math.max(0, Math.min(1, x)) * 100) / 100;
}
