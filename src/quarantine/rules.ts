import type { InjectionRule } from './rule.js';
import { PERSONA_RULES } from './rules-persona.js';
import { PLANTED_RULES } from './rules-planted.js';

/*
 * The built-in scanner rules: a table of data. Each pattern reads the normalized text (normalize.ts:
 * lower case, folded, whitespace runs as one space) unless its input is "raw", and passes the static
 * check of pattern-check.ts (bounded quantifiers, no nesting, no backreferences). The fragments
 * below only spell the tables; every rule's pattern is one string.
 *
 * A rule must not fire on ordinary memory: ports, paths, shell commands, red lines the user writes,
 * code, URLs the user keeps. Each rule asks for the instruction *and* its target (ignore + previous +
 * instructions), never for a single common word. Figures: eval/injection/README.md.
 *
 * The table ends with the rules of rules-planted.ts (instructions planted for a later reader) and
 * rules-persona.ts (role-play and jailbreak personas).
 */

// --- English fragments ---
const EN_IGNORE = "(?:ignore|disregard|forget|overlook|override|bypass|neglect|abandon|discard|set aside|stop following|do not follow|don't follow|dont follow|do not obey|don't obey|no longer follow|pay no attention to)";
const EN_QUAL = "(?:previous|prior|above|earlier|preceding|former|foregoing|initial|original|old|existing|all|any|every|your|system|safety|security|content|developer|(?:the )?(?:user|owner)'s)";
const EN_RULES =
  '(?:instructions?|instruct|inputs?|directions?|directives?|prompts?|rules|guidelines?|guidance|commands?|constraints?|restrictions?|programming|polic(?:y|ies)|orders|system messages?|training|limitations?|filters|safeguards|red lines?)';
const EN_PERSONA =
  '(?:dan\\b|stan\\b|dude\\b|do anything now|developer mode|dev mode|god mode|jailbr(?:oken|eak)|unrestricted|unfiltered|uncensored|unlimited|unbound|unchained|amoral|immoral|unethical|evil|no (?:restrictions|limits|limitations|rules|filters|censorship|ethics|morals|boundaries|guidelines|content polic)|without (?:any )?(?:restrictions|limits|limitations|rules|filters|censorship|ethics|morals|content polic|safety|guidelines)|never refuses?|not bound by|not restricted|(?:does|do|can do|capable of) anything|no prohibitions|breaks? (?:ai |the )?rules|regardless of (?:legality|morality|ethics|laws?|rules|policies)|free (?:from|of) (?:all |any )?(?:rules|restrictions|limits|policies))';
const EN_ROLE =
  "(?:you are now|you're now|you are going to (?:act|pretend|be)|you will (?:now )?(?:act|pretend|be|simulate|play)|you are to (?:act|be|play)|act as|acting as|pretend (?:to be|you are|you're)|role-?play|role play|play the role|simulate|immerse yourself|transform into|from now on,? you|you have been (?:freed|released|unlocked)|answer as|respond as|new persona|your persona)";
const EN_SECRET = '(?:\\.env\\b|id_rsa|\\.ssh\\b|\\.aws\\b|credentials|api[ _-]?keys?|secrets? file|secrets|passwords?|private keys?|session (?:tokens?|ids?|cookies?)|access tokens?|auth tokens?|cookies)';

// --- Chinese fragments ---
const ZH_IGNORE =
  '(?:忽略|忽视|无视|不要理会|别理会|不用理会|不必理会|不理会|不要管|别管|不用管|抛开|抛弃|撇开|丢掉|丢弃|忘掉|忘记|忘了|忘却|跳过|绕过|推翻|废除|不要遵守|不用遵守|不必遵守|无需遵守|不再遵守|别听|不要听|不用听)';
const ZH_QUAL = '(?:之前|以前|此前|先前|上面|上述|以上|上文|前面|前述|前文|原有|原来|原先|原本|旧的|所有|全部|一切|任何|你的|你收到的|系统|开发者|官方|默认|现有)';
const ZH_RULES = '(?:指令|指示|命令|规则|规定|要求|设定|限制|约束|提示词|系统提示|说明|红线|条款|政策|准则|守则|安全策略|安全规则|安全限制|安全准则|身份设定|角色设定)';
const ZH_PERSONA =
  '(?:管理员|root|超级用户|超级管理员|最高权限|无限制|不受(?:任何)?(?:限制|约束)|没有(?:任何)?(?:限制|约束|道德)|(?:去除|去掉|解除|移除|摆脱)了?(?:任何|所有|一切)?的?(?:限制|约束|道德|审查|过滤)|无过滤|无审查|开发者模式|上帝模式|dan\\b|系统本身|[“"「]系统[”"」]|黑客|不会拒绝|从不拒绝|不拒绝|没有道德|调试接口|审核员|越狱|无所不能|渗透测试|不受约束|为所欲为|官方)';
const ZH_SEND = '(?:发给|发到|发送到|发送给|贴出来|贴到|打印出来|念给|泄露|转发到|转发给|汇总到|附在|附上|拼到|带上|公开)';
const ZH_SECRET = '(?:\\.env|id_rsa|\\.ssh|\\.aws|credentials|密码(?!管理|学|强度|策略|规则|复杂度|长度)|密钥|私钥|token(?! ?(?:数|用量|上限|数量|消耗|计数|长度))|api ?key|凭证|cookie|聊天记录|所有记忆|全部记忆|记忆库|所有记录|全部记录|记忆目录|memory ?目录|handoff 原文|数据库连接串)';

export const BUILTIN_RULES: readonly InjectionRule[] = Object.freeze([
  // ---------------- override: ignore / replace previous instructions ----------------
  {
    id: 'en-ignore-previous',
    category: 'override',
    languages: ['en'],
    description: 'asks to ignore, forget or override previous/system instructions or rules',
    pattern: `\\b${EN_IGNORE}\\b.{0,40}?\\b${EN_QUAL}\\b.{0,30}?\\b${EN_RULES}\\b`,
  },
  {
    id: 'en-ignore-instructions',
    category: 'override',
    languages: ['en'],
    description: 'asks to ignore "instructions" / "the above" / "everything before"',
    pattern:
      "\\b(?:ignore|disregard|forget)\\b (?:(?:the|all|any|your|these|those|my) )?(?:instructions|directions|directives|prompts?|the above|everything (?:above|before|else|you(?:'ve| have)? (?:been told|learned|know)|(?:from|about) (?:chat ?gpt|openai|your (?:training|rules|programming)))|all (?:of )?the above|the rest of (?:this|the) (?:data|text|document|message|input|content|page|email|prompt))\\b",
  },
  {
    id: 'en-ignore-and-instead',
    category: 'override',
    languages: ['en'],
    description: '"ignore … and instead/just print/say …": a hijacked task',
    pattern: '\\b(?:ignore|disregard|nevermind|never mind|stop everything)\\b.{0,40}?(?:\\band|\\bthen|\\bnow|[!.])[!.,]{0,3} ?(?:instead |only |just )(?:focus|print|say|output|respond|reply|answer|repeat|write|tell|translate|spell)',
  },
  {
    id: 'en-disregard-all-but',
    category: 'override',
    languages: ['en'],
    description: '"disregard all info except …"',
    pattern: '\\b(?:disregard|ignore|forget)\\b (?:all|any|everything) (?:(?:other )?(?:info|information|data|text|content|context) )?(?:except|but|other than|apart from)\\b',
  },
  {
    id: 'en-instructions-void',
    category: 'override',
    languages: ['en'],
    description: 'claims the previous instructions or red lines are revoked, fake or a test',
    pattern:
      "\\b(?:previous|prior|earlier|old|original|above|initial|former|your|the owner's|all) (?:instructions?|rules|directions|prompts?|guidelines|directives|system prompt|red lines?)\\b(?: you (?:were given|received|got|have))? (?:are|were|is|have been|has been|no longer) (?:now |all )?(?:revoked|void|null|invalid|cancell?ed|obsolete|outdated|expired|fake|wrong|false|a test|written by|apply|valid|in effect|lifted|suspended|overridden|superseded|disabled|just suggestions|suggestions|optional)",
  },
  {
    id: 'en-red-lines-void',
    category: 'override',
    languages: ['en'],
    description: 'says red lines no longer apply or may be ignored',
    pattern: "\\bred lines?\\b.{0,30}?\\b(?:no longer apply|do(?:es)? not apply|don't apply|are (?:just |only )?suggestions|as suggestions|are optional|are void|are outdated|can be ignored|may be ignored|(?:were|was|have been|has been|are|is) (?:now )?(?:lifted|revoked|removed|cancell?ed|suspended|waived|dropped|void))",
  },
  {
    id: 'en-takes-precedence',
    category: 'override',
    languages: ['en'],
    description: 'claims to supersede or outrank the system, owner or previous instructions',
    pattern:
      "\\b(?:supersedes?|overrides?|outranks?|takes? (?:precedence|priority) over|has (?:higher |top )?priority over|is more important than)\\b.{0,20}?\\b(?:previous|prior|old|original|other|existing|system|user'?s?|owner'?s?|all|any|every)\\b.{0,15}?(?:instructions?|rules|prompts?|guidelines|directives|red lines?|messages?)\\b",
  },
  {
    id: 'zh-ignore-previous',
    category: 'override',
    languages: ['zh'],
    description: '要求忽略/无视/忘掉之前的指令、规则、设定或红线',
    pattern: `${ZH_IGNORE}.{0,8}?${ZH_QUAL}.{0,12}?${ZH_RULES}`,
  },
  {
    id: 'zh-ignore-above',
    category: 'override',
    languages: ['zh'],
    description: '要求忽略以上/上面（或后面将出现）的全部内容',
    pattern: '(?:忽略|无视|不要管|别管|不用管)(?:掉)? ?(?:以上|上面|上述|上文|前面|前文|后面|下面|后续|之后|接下来)(?:的)?(?:所有|全部)?(?:的)?(?:内容|文字|信息|说明|文本|规定|文档|片段|段落)',
  },
  {
    id: 'zh-instructions-void',
    category: 'override',
    languages: ['zh'],
    description: '声称之前的指令/设定/红线已作废、是测试或只是建议',
    pattern:
      '(?:之前|以前|此前|先前|上面|上述|以上|前述|原有|原来|原先|旧的|所有|你收到的|开发者给你的)[^,。.!?;]{0,16}?(?:指令|指示|规则|设定|要求|红线|限制|规定|系统提示词?|系统设定|身份设定)(?:都|均|已|已经|统统|全部|全都|也|就|则|现在|从现在起|对你){0,3}(?:作废|失效|无效|撤销|取消|过期|过时|不算数?|不再有效|不再适用|是测试|都是测试|是错误的|是错的|是假的|仅供参考|只是建议|被覆盖|被撤销|被取消|没有约束力|不用遵守|无需遵守)',
  },
  {
    id: 'zh-red-lines-void',
    category: 'override',
    languages: ['zh'],
    description: '要求无视、绕过红线，或声称红线无效',
    pattern:
      '(?:无视|忽略|绕过|跳过|不用遵守|无需遵守|不必遵守|不用理会|无需理会|不受)[^,。]{0,12}?红线|红线[^,。]{0,8}?(?:对 ?(?:你|agent|ai|助手|模型) ?)?(?<!不)(?:没有约束力|没有效力|不具约束力|无效|不适用|只是建议|是过时的|都是过时的|无需理会|可以不遵守|可以忽略|可以无视|不用遵守|可以覆盖|作废)|红线[^。]{0,30}?(?:已|已经|被|都已|均已)(?:被)?(?:撤销|取消|废除|解除|作废|失效)|(?:所有|凡是)[^,。]{0,16}?红线[^,。]{0,12}?(?:过时|跳过|忽略|作废)',
  },
  {
    id: 'zh-takes-precedence',
    category: 'override',
    languages: ['zh'],
    description: '声称优先于或覆盖所有规则、指令、红线',
    pattern:
      '(?:优先级?(?:高于|凌驾于)|优先于|凌驾于|高于)[^,。]{0,8}?(?:红线|规则|指令|设定|规定|安全准则)|(?:覆盖|替换|取代)(?:掉)?(?:原有|原来|旧|之前|所有|全部)的?(?:规则|指令|设定|系统提示)|最高优先级的?(?:指令|规则)|(?:优先|无条件)(?:服从|执行)(?:本条|这条|ingest|agent)',
  },
  // ---------------- role and system-prompt overrides ----------------
  {
    id: 'en-persona',
    category: 'role',
    languages: ['en'],
    description: 'a role override into an unrestricted persona (DAN, developer mode, "no restrictions")',
    pattern: `\\b${EN_ROLE}\\b.{0,60}?${EN_PERSONA}`,
  },
  {
    id: 'en-persona-markers',
    category: 'role',
    languages: ['en'],
    description: 'jailbreak persona markers ("DAN mode", "[🔓JAILBREAK]", "stay in character", "[INSERT PROMPT HERE]")',
    pattern: '\\b(?:dan mode|developer mode output|do anything now|stay in character|jailbreak mode)\\b|\\b(?:debug(?:ging)?|god|admin|developer|dev|sudo|unrestricted|jailbreak|dan) mode (?:is )?(?:enabled|activated|on)\\b|\\[(?:🔓 ?|🔒 ?)?(?:jailbreak|classic|dan)\\]|\\[(?:insert |your )?prompt here\\]',
  },
  {
    id: 'en-your-new-role',
    category: 'role',
    languages: ['en'],
    description: '"your new role/task/instructions is …"',
    pattern: '\\byour (?:new|real|true|actual)(?: (?:operating|core|primary|main|updated|hidden|secret|standing))? (?:role|persona|identity|purpose|task|instructions?|directive|objective|system prompt|goal)s? (?:is|are|:|will be|supersedes?|overrides?|replaces?|takes? precedence|outranks?)',
  },
  {
    id: 'en-pretend-authority',
    category: 'role',
    languages: ['en'],
    description: 'asks the model to act as the owner, an administrator or the system',
    pattern: "\\b(?:act as|acting as|pretend (?:to be|you are|you're)|act like|impersonate)\\b.{0,15}?\\b(?:the owner|the user|(?:the |an? |system )?admin(?:istrator)?|sysadmin|root|superuser|the system|openai|anthropic|your developer|the developer)\\b",
  },
  {
    id: 'en-system-prompt',
    category: 'role',
    languages: ['en'],
    description: 'sets a new system prompt or announces a "system" override/update',
    pattern: '\\bnew system (?:prompt|message|instructions?)\\b|\\bsystem (?:override|update|notice|alert|instruction|prompt|note)s? ?:|(?:^|[\\s>"\'.!?(-])system ?: ?(?:focus|ignore|you|new|from now|disregard|override|forget|always|never|do not)\\b',
  },
  {
    id: 'en-reveal-prompt',
    category: 'role',
    languages: ['en'],
    description: 'asks the model to print its system prompt or earlier instructions',
    pattern:
      '\\b(?:print|reveal|show|output|repeat|tell me|display|give me|leak|spell check|dump|what (?:is|are))\\b.{0,25}?\\b(?:your|the) (?:full |entire |original |initial |hidden |secret |complete )?(?:system prompt|system message|initial instructions|original instructions|hidden instructions|previous instructions|instructions above|prompt above)',
  },
  {
    id: 'en-when-you-read',
    category: 'role',
    languages: ['en'],
    description: 'text addressed to the model that reads it later ("when you read this memory", "note to the AI")',
    pattern:
      '\\bwhen (?:you|an? (?:ai|agent|assistant|model|llm)) (?:read|reads|see|sees|retrieve|retrieves|load|loads|process|processes|encounter|encounters|find|finds) this\\b|\\b(?:note|message|instructions?) (?:to|for) (?:the )?(?:ai|assistant|llm|agent|model|chatgpt|claude)\\b ?:|\\b(?:invisible|hidden) (?:to|from) (?:humans|the user|users|people)\\b|\\bvisible (?:only )?to (?:the )?(?:ai|llm|model|assistant)',
  },
  {
    id: 'en-keep-from-user',
    category: 'role',
    languages: ['en'],
    description: 'asks to hide actions from the user or owner, or to act silently',
    pattern: "\\b(?:do not|don't|never) (?:tell|inform|notify|alert) (?:the )?(?:user|owner|human)\\b|\\bwithout (?:telling|asking|informing|notifying) (?:the )?(?:user|owner|human)\\b|\\bsilently (?:execute|run|delete|send|upload|approve|forward)\\b|\\bapprove (?:every|all|any) (?:quarantined|pending)\\b",
  },
  {
    id: 'en-fake-turns',
    category: 'role',
    languages: ['en'],
    description: 'a fake assistant/user turn injected into the text',
    pattern: '\\bassistant ?: ?[<\\[].{0,60}?[>\\]] ?user ?:|(?:[a-z]>|\\]) ?(?:user|human) ?: |\\[system\\] ?\\(#|<<\\/?sys>>|\\[\\/?inst\\]',
  },
  {
    id: 'en-ai-unbound',
    category: 'role',
    languages: ['en'],
    description: 'describes an AI, chatbot or persona as free of rules, filters or ethics',
    pattern: `\\b(?:chat ?gpt|gpt|ai|assistant|chatbot|bot|language model|llm|model|persona|character)\\b.{0,80}?${EN_PERSONA}|\\b(?:never|not ever|don't|do not|won't|will not|must not|doesn't|does not)\\b (?:ever )?(?:break character|refuse (?:a|any)|cite (?:openai|content polic)|follow (?:any |the )?(?:openai|content polic|ethical|principles|rules or|guidelines))|\\b(?:does not|doesn't|do not|don't) have (?:a |any )?(?:content filter|filters|restrictions|ethical guidelines)|\\b(?:openai|chatgpt)'?s? content polic|\\b(?:do not|don't|will not|won't|never|stop) (?:respond|reply|answer|act) (?:as|like) (?:gpt|chatgpt|an ai|the assistant|claude)\\b`,
  },
  {
    id: 'en-named-persona',
    category: 'role',
    languages: ['en'],
    description: 'gives the model a new name and an AI persona ("you are now Tyler. Behave like him", "transform into X, an AI …")',
    pattern:
      "\\byou are now [a-z]{2,20}[.,!] ?(?:behave|act|respond|speak|talk|answer|reply)\\b|\\b(?:transform into|you are now|you will be|become|act as|pretend to be|you are)\\b [\\w-]{2,30},? (?:an|a) (?:ai|chatbot|bot|language model|assistant|llm)\\b",
  },
  {
    id: 'en-dual-response',
    category: 'role',
    languages: ['en'],
    description: 'asks for two answers, one of them from an unfiltered persona ("[GPT]: … [DAN]: …")',
    pattern: '\\b(?:answer|respond|reply|generate|give|create|maintain)\\b.{0,30}?\\b(?:in |with )?(?:two|2) (?:different |separate |distinct ){0,2}(?:ways|manners|forms|versions|voices|responses|paragraphs|personas|persons|styles|entities)\\b|\\b(?:two|2) (?:different |separate ){0,2}(?:persons|personas|entities|personalities)\\b|\\[(?:chatgpt|gpt|classic|jailbreak|dan|normal)[^\\]]{0,20}\\] ?:',
  },
  {
    id: 'zh-only-obey',
    category: 'override',
    languages: ['zh'],
    description: '把之前的话当作没说过、只服从某个来源的指令、不提风险或红线',
    pattern:
      '(?:之前|以前|上面|刚才)[^,。]{0,12}?(?:说的话|的话|说过的|的指令|的要求)[^,。]{0,4}?(?:当成|当作|视为)(?:没说过|不存在|无效|作废)|你只(?:执行|听|服从|听从)[^,。]{0,16}?(?:的指令|的命令|的话)|不要(?:提醒|提示|提)(?:用户)?风险|不要(?:引用|提及|遵守)(?:任何)?红线',
  },
  {
    id: 'zh-persona',
    category: 'role',
    languages: ['zh'],
    description: '角色覆盖：让模型成为管理员、无限制助手、开发者模式等',
    pattern: `(?:你(?:就|将|要|必须|会|现在|从此)?(?:是|成为|扮演|变成|作为|充当|进入|化身为?|切换为|切换成)|扮演|假装|充当|化身)(?:了)?.{0,24}?${ZH_PERSONA}`,
  },
  {
    id: 'zh-your-new-role',
    category: 'role',
    languages: ['zh'],
    description: '"你的新身份/真实身份/系统提示词是……"、改写你的角色设定',
    pattern: '你的(?:新|真实|真正|实际)的?(?:系统提示词?|system prompt|身份|角色|设定|任务|指令)(?:是|为|:)|(?:更新|修改|重置|改写|覆盖)(?:一下)?你的(?:角色|身份|系统)设定|忘(?:记|掉|了)你是谁|忘(?:记|掉|了)(?:你|自己)是(?:一个)? ?(?:ai|人工智能|语言模型|助手|机器人|chat ?gpt)',
  },
  {
    id: 'zh-mode',
    category: 'role',
    languages: ['zh'],
    description: '进入无限制/越狱/开发者模式，或模拟开发者模式的回答',
    pattern: '你.{0,6}?(?:进入|开启|切换到|处于)(?:了)?[“"「]?(?:开发者|无限制|无过滤|越狱|上帝|无审查|无约束)模式|(?:无限制|无过滤|越狱|上帝|无审查|无约束)模式|模拟(?:一下)?开发者模式|开发者模式的?(?:输出|回复|回答)|(?:进入|切换到|切换至)(?:管理员|超级管理员|root|超级用户|sudo)模式',
  },
  {
    id: 'zh-system-tag',
    category: 'role',
    languages: ['zh'],
    description: '伪装成系统/管理员消息（【系统提示】、系统通知：……）并带指令',
    pattern:
      '[【\\[(<] ?(?:重要|紧急)?(?:系统|system|管理员|admin)(?:提示|消息|通知|指令|公告|更新)? ?[】\\])>:].{0,30}?(?:你|ai|助手|忽略|指令|规则|执行|从现在|即日起|权限|优先|覆盖|永久|无条件|assistant)|系统(?:升级|更新)?(?:通知|消息|公告|指令|提示) ?:.{0,30}?(?:你|忽略|指令|规则|执行|权限|优先|覆盖|永久|无条件)|(?:以下|下面)(?:是|内容)?来自(?:系统管理员|管理员|开发者|上级|系统)[^,。]{0,6}?(?:指令|通知|命令|要求|,请)',
  },
  {
    id: 'zh-system-prompt',
    category: 'role',
    languages: ['zh'],
    description: '设置新的系统提示词，或宣称系统提示词已更新/覆盖',
    pattern:
      '系统提示词?(?:已|已经)?(?:更新|覆盖|变更|改为|替换)|(?:新的?|作为|当作|当成|设为|设置为)(?:你的)?(?:新的?)? ?(?:系统提示词?|system prompt)',
  },
  {
    id: 'zh-reveal-prompt',
    category: 'role',
    languages: ['zh'],
    description: '要求输出系统提示词或初始指令',
    pattern: '(?:输出|打印|告诉我|泄露|显示|念|给我看|说出|复述|透露)(?:一下)?你(?:的)?(?:完整的?|原始的?|全部的?)? ?(?:系统提示词?|system prompt|初始指令|原始指令)',
  },
  {
    id: 'zh-when-you-read',
    category: 'role',
    languages: ['zh'],
    description: '写给日后读到它的模型的话（"当你读到这条记忆时"、"仅 AI 可见"）',
    pattern: '当你(?:读到|看到|检索到|加载|读取|处理)(?:这条|本条|此条|这段)|(?:仅|只有|只对) ?(?:ai|模型|助手|agent) ?可见|(?:备注|提示|说明|注意)给 ?(?:ai|模型|助手|agent)',
  },
  {
    id: 'zh-keep-from-user',
    category: 'role',
    languages: ['zh'],
    description: '要求瞒着用户、静默执行、跳过确认或自动放行隔离记录',
    pattern:
      '(?:不要|别)(?:告诉|让)(?:用户|owner|主人)|(?:这条|这件事|这个)别告诉他|偷偷(?:地)?(?:执行|发送|上传|带上|附上|删除|导出|拼)|静默(?:执行|删除|发送|上传)|(?:不需要|不用|无需|不必)(?:再)?(?:向|跟)(?:用户|owner|主人)确认|(?:自动|直接)(?:批准|放行|通过)[^,。]{0,10}?(?:隔离|quarantine)|(?:隔离|quarantine)[^,。]{0,10}?(?:都|一律|全部)?(?:自动|直接)(?:批准|放行|通过)|清空 ?(?:quarantine|隔离区|隔离队列)|跳过所有确认',
  },
  // ---------------- tool-call syntax ----------------
  {
    id: 'tool-call-tag',
    category: 'tool-call',
    languages: ['any'],
    description: 'a tool-call tag with a payload (<tool_call>{…}, <invoke name=…>)',
    pattern: '<(?:tool_call|tool_use|function_call|function_calls|use_tool|tool)\\b[^>]{0,60}> ?[\\[{]|<invoke name=|<(?:tool_call|function_call)>.{0,20}?"name"',
  },
  {
    id: 'tool-call-json',
    category: 'tool-call',
    languages: ['any'],
    description: 'function-call JSON ("function_call": {…}, {"name": …, "arguments": …}, tools/call)',
    pattern:
      '"(?:function_call|tool_calls?|tool_use|tool_name)" ?: ?[{\\["]|\\{ ?"(?:name|tool|function)" ?: ?"[\\w.:/-]{1,80}" ?, ?"(?:arguments|args|parameters|params|input)" ?:|"method" ?: ?"tools/call"',
  },
  {
    id: 'chat-template-tokens',
    category: 'tool-call',
    languages: ['any'],
    description: 'chat-template role tokens (<|im_start|>system, <|start_header_id|>assistant)',
    pattern: '<\\|(?:im_start|start_header_id|im_sep)\\|> ?(?:system|assistant|user|developer|tool)|<\\|(?:system|assistant|user)\\|>|<\\/?(?:system|system_prompt|sys)>',
  },
  {
    id: 'tool-mcp-call',
    category: 'tool-call',
    languages: ['any'],
    description: 'an MCP tool named with its arguments (mcp__server__tool … "arguments")',
    pattern: '\\bmcp__[a-z0-9-]{1,40}__[a-z0-9_-]{1,60}.{0,30}?(?:"arguments"|"args"|"input"|"params")',
  },
  {
    id: 'tool-dangerous-invoke',
    category: 'tool-call',
    languages: ['en', 'zh'],
    description: 'asks to call a shell, file-writing, deleting or sending tool',
    pattern:
      '调用(?:一下)? ?(?:工具 ?)?(?:shell|bash|terminal|终端|exec|run_shell|run_command|execute|write_file|delete[\\w]{0,20}|http_post|send_email|export[\\w]{0,10})|\\b(?:call|invoke|use|run) (?:the )?(?:shell|bash|terminal|exec|run_shell|write_file|delete_[\\w]{1,20}|http_post|send_email|export_[\\w]{1,20}) tool\\b|调用工具 ?[a-z_][\\w.-]{1,40}.{0,4}?参数',
  },
  {
    id: 'remote-script',
    category: 'tool-call',
    languages: ['any'],
    description: 'a script from a bare IP address piped into a shell',
    pattern: '\\b(?:curl|wget)\\b[^|]{0,40}?https?://\\d{1,3}\\.[\\d.]{5,11}[^|]{0,30}?\\| ?(?:sudo )?(?:ba|z|da)?sh\\b',
  },
  {
    id: 'shell-persistence',
    category: 'tool-call',
    languages: ['any'],
    description: 'a download or key planted in a shell profile, crontab or authorized_keys',
    pattern: '(?:\\.bashrc|\\.zshrc|\\.profile|authorized_keys|crontab).{0,40}?(?:curl|wget|ssh-rsa|ssh-ed25519|nc -e|/dev/tcp)',
  },
  // ---------------- exfiltration ----------------
  {
    id: 'url-data-placeholder',
    category: 'exfiltration',
    languages: ['any'],
    description: 'a URL whose query carries a data placeholder ({conversation}, [DATA], $MEMORY, <secret>)',
    pattern: 'https?://[^\\s]{1,80}?[?&#][\\w.-]{1,24}=(?:\\[[a-z_ -]{1,30}\\]|\\{[^}\\s]{1,30}\\}|\\{\\{|\\$\\{?[a-z_]{2,30}|<[a-z_ -]{2,30}>|%7b|%5b|%3c)',
  },
  {
    id: 'url-open-parameter',
    category: 'exfiltration',
    languages: ['any'],
    description: 'a URL ending in an empty parameter (…?data=) waiting for something to be appended, or whose parameter value is a description in Chinese',
    pattern: 'https?://[^\\s]{1,200}?[?&][\\w.-]{1,40}=(?:$|[\\s"\'`),;，。]|[\\u3400-\\u9fff])',
  },
  {
    id: 'markdown-image-query',
    category: 'exfiltration',
    languages: ['any'],
    description: 'a Markdown image from an external host with a query string (rendering it sends the query)',
    pattern: '!\\[[^\\]]{0,60}\\] ?\\( ?https?://[^\\s)?]{1,150}\\?[^\\s)]',
  },
  {
    id: 'exfil-host',
    category: 'exfiltration',
    languages: ['any'],
    description: 'a URL on a request-capture, paste or file-drop host (webhook.site, pastebin, transfer.sh …)',
    pattern:
      'https?://[\\w.-]{0,60}?(?:webhook\\.site|requestbin|pipedream\\.net|pastebin\\.com|paste\\.ee|hastebin|ghostbin|transfer\\.sh|file\\.io|0x0\\.st|ngrok(?:-free)?\\.(?:io|app|dev)|interact\\.sh|oast\\.(?:fun|me|live|pro|site|online)|burpcollaborator\\.net|beeceptor\\.com|hookbin\\.com|requestcatcher\\.com|canarytokens\\.com|discord(?:app)?\\.com/api/webhooks)',
  },
  {
    id: 'exfil-bare-ip',
    category: 'exfiltration',
    languages: ['any'],
    description: 'memory, chat history or secrets headed for a URL on a public bare IP address',
    pattern:
      '(?:聊天记录|对话|记忆|记录|密码|密钥|凭证|memory|memories|conversation|chat|history|secrets?|credentials|keys|tokens?|passwords?|\\.env)[^。\\n]{0,30}?https?://(?!10\\.|127\\.|192\\.168\\.|172\\.(?:1[6-9]|2\\d|3[01])\\.|169\\.254\\.)\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}',
  },
  {
    id: 'en-send-secrets',
    category: 'exfiltration',
    languages: ['en'],
    description: 'asks to send, print or reveal secrets (.env, keys, passwords, tokens) or the whole memory',
    pattern: `\\b(?:send|upload|post|email|e-mail|paste|reveal|leak|exfiltrate|forward|dump|transmit|append|print)\\b (?:me |us )?(?:the |your |my |all |any |every |their |our )?(?:contents? of |full |raw )?(?:the |your |my )?(?:user'?s? |owner'?s? )?${EN_SECRET}|\\b(?:export|dump|upload|send|post|leak|exfiltrate)\\b.{0,20}?\\b(?:all|entire|whole|every)\\b.{0,10}?\\b(?:memor(?:y|ies)|chat history)\\b|\\b(?:upload|send|post|exfiltrate)\\b.{0,30}?\\bmemory\\b.{0,30}?https?://`,
  },
  {
    id: 'zh-send-secrets',
    category: 'exfiltration',
    languages: ['zh'],
    description: '要求把密码、密钥、token 或整个记忆库发出去、贴出来、导出',
    pattern: `${ZH_SECRET}[^,。.!?;]{0,24}?(?<!不能|不要|不许|不得|禁止|别|不准|不可以|严禁|勿|不)${ZH_SEND}|(?<!不能|不要|不许|不得|禁止|别|不准|不可以|严禁|勿|不)(?:发给|发送|贴出|打印|泄露|转发|附上|带上|告诉我|念给我)(?:一下)?.{0,16}?(?:\\.env|密码|密钥|私钥|token(?! ?(?:数|用量|上限|数量|消耗|计数|长度))|api ?key|凭证|id_rsa|credentials|所有记忆|全部记忆|记忆库|所有记录|全部记录)|(?:所有|全部|整个)(?:的)?(?:记忆|记录|对话|handoff)(?:原样|原文)?(?:输出|导出|发|上传|打印|念|公开|泄露|贴)`,
  },
  // ---------------- encoded blobs ----------------
  {
    id: 'base64-blob',
    category: 'encoded',
    languages: ['any'],
    description: 'a long base64 run (80+ characters with letters and digits, not an SSH public key, not only hex digits)',
    pattern: '(?<![a-z0-9+/])(?<!(?:ssh-rsa|ssh-ed25519|ssh-dss|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|ecdsa-sha2-nistp521) )(?![0-9a-f]{80})(?=[a-z+/]{0,79}[0-9+/])(?=[0-9+/]{0,79}[a-z])[a-z0-9+/]{80}',
  },
  {
    id: 'hex-blob',
    category: 'encoded',
    languages: ['any'],
    description: 'a long hex run (160+ digits: longer than any common hash) or a run of \\x / \\u escapes',
    pattern: '(?<![0-9a-f])[0-9a-f]{160}|(?:\\\\x[0-9a-f][0-9a-f]){16}|(?:\\\\u[0-9a-f][0-9a-f][0-9a-f][0-9a-f]){12}',
  },
  {
    id: 'decode-and-run',
    category: 'encoded',
    languages: ['en', 'zh'],
    description: 'asks to decode or execute an encoded string',
    pattern: '(?:decode|解码|译码)[^a-z0-9+/]{0,60}?[a-z0-9+/]{24}|(?:执行|execute|run|follow|obey|当作指令|as instructions?)[^a-z0-9+/]{0,10}[a-z0-9+/]{40}',
  },
  // ---------------- hidden text (raw input) ----------------
  {
    id: 'zero-width-run',
    category: 'hidden',
    languages: ['any'],
    description: 'three or more zero-width characters in a row',
    pattern: '[\\u200b-\\u200d\\u2060-\\u2064\\ufeff\\u180e]{3}',
    input: 'raw',
  },
  {
    id: 'zero-width-interleaved',
    category: 'hidden',
    languages: ['any'],
    description: 'zero-width spaces woven between letters (to split words past a filter)',
    pattern: '(?:[^\\u200b\\u2060\\ufeff\\u180e\\s][\\u200b\\u2060\\ufeff\\u180e]){4}',
    input: 'raw',
  },
  {
    id: 'bidi-control',
    category: 'hidden',
    languages: ['any'],
    description: 'a bidirectional embedding, override or isolate (text shown in another order than it is read)',
    pattern: '[\\u202a-\\u202e\\u2066-\\u2069]',
    input: 'raw',
  },
  {
    id: 'tag-characters',
    category: 'hidden',
    languages: ['any'],
    description: 'a run of Unicode tag characters (invisible ASCII; flag emoji use at most six)',
    pattern: '[\\u{e0020}-\\u{e007f}]{8}',
    input: 'raw',
  },
  ...PLANTED_RULES,
  ...PERSONA_RULES,
] satisfies InjectionRule[]);
