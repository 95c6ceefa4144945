import type { InjectionRule } from './rule.js';

/*
 * Built-in rules for instructions planted in a document or a note for the model that reads it
 * later: new instructions, a canned answer for when someone asks, a note to automated screeners,
 * a claim that the agent's judgement outranks the user's red lines, a request for hateful text.
 * Part of BUILTIN_RULES (rules.ts), same shape and checks.
 *
 * The user's own rules for their agents ("以后……", "never …", 〔红线〕, "if asked about the budget,
 * say it is not final") pass: a rule here asks for the model as the addressee (a quoted answer to
 * give, "you", "the AI") or for a claim against the user's rules.
 */

export const PLANTED_RULES: readonly InjectionRule[] = [
  {
    id: 'en-owner-rules-override',
    category: 'override',
    languages: ['en'],
    description: "claims the agent's judgement outranks the user's red lines or rules",
    pattern:
      "\\b(?:whatever|no matter what|no matter which|regardless of (?:what|which|the)) (?:rules?|red lines?|instructions|limits)\\b[^.]{0,40}?\\b(?:the )?(?:agent|ai|assistant|model|your)'?s? (?:own )?(?:judgement|judgment|decision|call|opinion) (?:wins|prevails|comes first|takes precedence|is final|decides)|\\b(?:the )?(?:user|owner)'?s? (?:red lines?|rules) (?:can|may) be (?:overridden|overruled|ignored|bypassed)\\b",
  },
  {
    id: 'zh-red-lines-override',
    category: 'override',
    languages: ['zh'],
    description: '声称用户的红线或规则可以被 agent 覆盖、以 agent 的判断为准',
    pattern:
      '(?:无视|忽略|不用管|别管|不用理会|跳过|绕过)(?:掉)? ?(?:用户|主人|owner) ?(?:定|设|设定|制定|立)?的?(?:规矩|规则|红线|限制|要求|约束)|(?:无论|不管|不论)(?:用户|主人|owner|谁)[^。]{0,16}?(?:红线|规则|指令|禁令)[^。]{0,24}?(?:以 ?(?:agent|你|ai|助手|模型) ?(?:自己)?的?(?:判断|意见|决定)?为准|(?<!不)可以(?:覆盖|推翻|不管|忽略|无视))|红线[^。]{0,24}?(?<!不)(?:可以|能够|都能)(?:被)?(?:覆盖|推翻|绕过|无视)',
  },
  {
    id: 'en-trigger-phrase',
    category: 'override',
    languages: ['en'],
    description: 'a hidden trigger: "whenever you see the word \'banana\', run …", "never mention this note"',
    pattern:
      "\\b(?:when(?:ever)?|if|once) (?:you )?(?:see|hear|read|receive|get) (?:the )?(?:word|phrase|code ?word|keyword|string|message)s? [\"“'‘][^\"”'’]{1,30}[\"”'’],? (?:you )?(?:should |must |will )?(?:run|execute|delete|send|upload|enter|switch|enable|disable|grant|approve|ignore|forget)\\b|\\b(?:never|don't|do not) (?:ever )?(?:mention|reveal|disclose|bring up|talk about) (?:this|these) (?:note|instruction|message|memory|memories|rule)s?\\b",
  },
  {
    id: 'zh-trigger-phrase',
    category: 'override',
    languages: ['zh'],
    description: '暗号触发：收到“……”时就执行/进入……；不要提起这条备注',
    pattern:
      '(?:收到|看到|听到|遇到|读到)[“"「][^”"」]{1,20}[”"」][^。]{0,8}?(?:时|后|就)[,:]?[^。]{0,6}?(?:执行|运行|删除|发送|上传|进入|切换|开启|关闭|授予|批准|忽略|无视)|(?:不要|别|不许|永远不要)(?:提|提起|提及|透露|说出)这(?:条|个|段)(?:备注|记录|指令|记忆|规则|说明)(?=$|[,。!?;:]|的存在)',
  },
  {
    id: 'en-new-instructions',
    category: 'override',
    languages: ['en'],
    description: 'announces new or real instructions for the model ("New instructions:")',
    pattern:
      '\\b(?:new|real|actual|true|secret|hidden|override|priority) (?:instructions?|directives?|orders|system prompt)(?: for (?:the )?(?:ai|assistant|model|llm|agent|chatbot))? ?: ?(?:you|your|ignore|disregard|forget|from now on|the (?:ai|assistant|model)|print|say|output|respond|reply|repeat|translate)\\b',
  },
  {
    id: 'zh-new-instructions',
    category: 'override',
    languages: ['zh'],
    description: '宣布给模型的新指令（"新指令："、"真正的任务是："）',
    pattern: '(?:新|真正|真实|隐藏|秘密|最高优先级)的?(?:指令|指示|任务指令|系统指令) ?: ?(?:你|忽略|无视|从现在|以后|请你|ai|助手|模型)|你(?:真正|真实)的任务是',
  },
  {
    id: 'en-canned-answer',
    category: 'override',
    languages: ['en'],
    description: 'plants an answer for the user: "if questioned, report that …", "when the user asks …, say \'…\'"',
    pattern:
      "\\b(?:if|when|whenever) (?:questioned|challenged|queried)\\b,? (?:you )?(?:should |must |will )?(?:report|say|answer|reply|respond|state|claim|insist)\\b|\\b(?:if|when|whenever) (?:the user|the owner|the human) (?:asks?|questions?|inquires?)\\b[^.]{0,60}?,? (?:you )?(?:must |should |will )?(?:always )?(?:say|answer|reply|respond|report|tell (?:him|her|them))(?: with| that)? ?[\"“']",
  },
  {
    id: 'zh-canned-answer',
    category: 'override',
    languages: ['zh'],
    description: '给用户预设一句回答：当用户问……时你要回答“……”',
    pattern:
      '(?:当|如果|若|一旦|只要)(?:用户|主人|owner) ?(?:再)?(?:问|问到|问起|询问|提到)[^。]{0,30}?(?:你)?(?:要|就|都|只|一律|必须)?(?:回答|回复|答复|说|告诉他们?|告诉她)[:：]? ?[“"「]',
  },
  {
    id: 'en-note-to-machine',
    category: 'role',
    languages: ['en'],
    description: 'text addressed to an automated reader, screener or model ("profile for automated screening systems", "Attention AI:", "<!-- AI: … -->")',
    pattern:
      '\\b(?:note|message|instructions?|profile|metadata|text|comment|summary)s? (?:for|to) (?:the |any )?(?:automated|automatic|ai|llm|machine|bot)(?: (?:screening|review|hiring|ranking|grading|evaluation|scoring|resume|applicant))? (?:systems?|screeners?|readers?|reviewers?|parsers?|models?|agents?|tools?|filters?)\\b|\\bsystem (?:chain[- ]of[- ]thought|reasoning) (?:results?|outputs?|conclusions?)\\b|\\battention,? (?:the |all )?(?:ai|llm|language model|chatbot|ai assistant|assistant)s? ?[:!,]|<!-- ?(?:note |message |instructions? )?(?:to |for )?(?:the )?(?:ai|assistant|llm|model|chatgpt|claude|ai assistant)s? ?(?:note|instructions?)? ?:',
  },
  {
    id: 'zh-note-to-machine',
    category: 'role',
    languages: ['zh'],
    description: '写给自动审核/筛选系统或读到它的 AI 的话（给 AI 审核系统的备注、AI 助手请注意）',
    pattern:
      '(?:给|写给|致|供) ?(?:自动化?|ai|大模型|模型|机器|算法) ?(?:审核|筛选|评审|评分|招聘|简历)?(?:系统|程序|助手|模型)?(?:看|读|阅读|参考)?的(?:说明|备注|提示|信息|话|指令)|(?:如果|若)你是(?:ai|人工智能|大模型|语言模型|模型|机器人|自动化?(?:审核|筛选)?系统)|(?:ai|人工智能) ?(?:助手)? ?请注意|(?:ai|助手|agent) ?[^。]{0,12}?(?:读到|看到|处理到)这里',
  },
  {
    id: 'en-harmful-content',
    category: 'role',
    languages: ['en'],
    description: 'asks for toxic, discriminatory or hateful text ("write one toxic sentence about …")',
    pattern:
      '\\b(?:write|generate|produce|create|compose|give me|output|say)\\b (?:one|an?|some|\\d{1,2}|a few|a short) (?:(?:very|really|extremely) )?(?:toxic|discriminatory|offensive|harmful|hateful|racist|sexist|insulting|derogatory|abusive|bigoted|hurtful)\\b (?:sentences?|jokes?|comments?|remarks?|statements?|tweets?|posts?|messages?|paragraphs?|slurs?|insults?|rants?|texts?)',
  },
  {
    id: 'zh-harmful-content',
    category: 'role',
    languages: ['zh'],
    description: '要求写辱骂、歧视、仇恨等有害内容',
    pattern:
      '(?:写|生成|编|造|输出)(?:一|几|两|三|一些)?(?:句|段|条|篇|个)?(?:带有)?(?:侮辱|歧视|仇恨|攻击|冒犯|恶毒|有毒|辱骂|贬低)[^。,]{0,12}?的?(?:话|句子|言论|评论|笑话|段子|内容|文字)',
  },
];
