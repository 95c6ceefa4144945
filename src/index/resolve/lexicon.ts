/**
 * The small closed vocabulary correction resolution reasons with (docs/RANKING.md, "resolved").
 * Three kinds of word matter when a correction names no id:
 * - attribute words say WHAT about a thing changed (端口, 版本, 几点, 保留, title length …);
 * - generic words name a kind of thing, never one thing (服务, 数据库, 每日, article, service):
 *   they never carry a link by themselves;
 * - contrast groups hold words that exclude each other as qualifiers (前端/后端, staging/prod,
 *   公众号/小红书, Redis/Postgres): a candidate that names another member of the group where the
 *   correction names one is about another thing.
 * Everything else that is content (names, identifiers, rarer nouns) is a subject word.
 * Aliases fold a few common English/Chinese pairs onto one form so a paraphrase across languages
 * still shares its subject (backup ↔ 备份).
 */

/** Attribute classes and the words that name them (matched on NFKC-lower-cased text). */
export const ATTRIBUTE_WORDS: Record<string, string[]> = {
  port: ['端口号', '端口', 'port'],
  version: ['版本号', '版本', 'version'],
  path: ['路径', '目录', '文件夹', '位置', 'path', 'directory', 'folder', 'dir'],
  host: ['地址', '网址', '域名', '主机', '主机名', 'ip', 'url', 'endpoint', 'hostname', 'host', 'domain', 'address', 'server address'],
  model: ['模型', 'model', 'llm', '大模型'],
  date: ['最晚', '最迟', 'no later than', '截止日期', '截止时间', '截稿时间', '交稿时间', '截止', '截稿', '交稿', '上线日期', '上线时间', '发布日期', '日期', '哪天', 'deadline', 'due', 'release date', 'launch date', 'date'],
  schedule: [
    '时间', '几点', '时间点', '定时', '点跑', '点钟', '夜间', '夜里', '半夜', '白天', '凌晨', '早上', '晚上', '上午', '下午', '中午', '周期', '频率', '间隔', '执行时间', '运行时间',
    'cron', 'schedule', 'scheduled', 'interval', "o'clock", 'runs at', 'run at', 'frequency',
  ],
  length: ['字数', '篇幅', '长度', '字符', '个字', '字以内', '不超过', '最多', '上限', 'characters', 'chars', 'words', 'length', 'max length', 'limit', 'cap', 'capped', 'at most', 'no more than', 'up to'],
  size: ['尺寸', '尺码', '码数', '分辨率', '像素', '大小', '字号', 'size', 'resolution', 'dimensions', 'px', 'font size'],
  retention: ['keep only', 'keep the last', 'keeps the last', '保留', '保存', '留存', '保存期', '保留期', 'retention', 'retain', 'expire', 'expiry', 'ttl', '过期', '清理周期'],
  // (超时时间 is how long before giving up, not a time of day.)
  timeout: ['超时时间', '超时', 'timeout', 'time out', 'time-out'],
  owner: ['名下', '负责人', '负责', '维护人', '维护者', '审核人', '审稿', '审核', '编辑', '对接人', '联系人', 'owner', 'owned by', 'maintainer', 'reviewer', 'reviews', 'reviewed by', 'editor', 'edits', 'edited by', 'assignee', 'contact', 'on-call', 'oncall', 'in charge', 'handles', '审核人', '负责审', '群主', '班主任', '课代表', '护工', '带队', '领队', '助理教练', '主治', '监工', '业务员', '对接', '系统管理员', 'captain'],
  recipient: ['收件人', '收件', '接收人', '邮箱', 'mailbox', 'inbox', '发我', '发送给', '发给', '发短信给', '短信发给', '短信通知', '通知给', '打电话给', '发到', '推送到', '推到', '通知到', '抄送', '群里', '发群', '频道', 'send to', 'sent to', 'sends to', 'posts to', 'notify', 'notification', 'channel', 'recipient', 'recipients', 'post to', 'posted to', 'slack', 'webhook'],
  target: ['备份到', '存到', '放在', '同步到', '上传到', '迁到', '迁移到', '存储', '桶', '目标盘', '目标磁盘', '目标位置', '目标目录', '目标路径', '存放位置', 'bucket', 'storage', 'destination', 'target', 'stored in', 'stored on', 'backs up to', 'synced to', 'upload to'],
  branch: ['分支', 'branch'],
  count: ['数量', '个数', '人数', '并发', '重试', '重试次数', 'retries', 'retry', 'retry count', '线程', '副本', '实例数', 'workers', 'worker', 'replicas', 'concurrency', 'threads', 'instances', 'count', 'number of', 'quota', '配额', '限额', '限流', 'rate limit'],
  os: ['操作系统', '系统版本', 'operating system', 'distro'],
  tool: ['包管理器', '框架', '编辑器', '引擎', 'package manager', 'framework', 'library', 'engine', 'runtime', '运行在', 'runs on', 'runner'],
  credential: ['密码', '密钥', '账号', '用户名', 'token', 'password', 'secret', 'api key', 'apikey', 'credential', 'credentials', 'username'],
  env: ['环境变量', 'env var', 'environment variable'],
  price: ['价格', '预算', '费用', '售价', '估值', 'valuation', '进价', '进货价', '收购价', '收价', '批发价', '零售价', '单价', '月租', '学费', '课费', '课时费', '到手价', '券后价', '活动价', '直播价', '标价', '定价', '原价', '起送价', '起送', '金额', '总额', '总价', 'price', 'budget', 'cost', 'fee', 'minimum order', 'min order'],
  style: ['风格', '文风', '语气', '口吻', '人称', '第一人称', '字体', '配色', '颜色', '格式', '模板', '排版', 'tone', 'style', 'font', 'color', 'colour', 'format', 'template', 'layout', 'voice', 'person'],
  language: ['语言', 'language', 'locale'],
  place: ['地点', '地方', '场地', '会场', '集合点', '办公室', '会议室', '当面', '线下', '腾讯会议', '飞书会议', 'zoom', 'in person', 'venue', 'location', 'meeting point', 'meeting room', 'office', 'held in', 'held at', 'takes place', 'take place'],
  distance: ['距离', '里程', '跑量', 'distance', 'mileage'],
  pace: ['配速', 'pace', 'min/km'],
  level: ['日志级别', '级别', '等级', '评级', '品级', 'log level', 'level', 'verbosity'],
  weight: ['净重', '重量', '毛重', '多重', '克重', 'weighs', 'net weight'],
  capacity: ['容量', '容积', '能装', 'capacity', 'volume'],
  // What an insurance leaves to the insured (免赔额 £50): not its premium.
  deductible: ['免赔额', '免赔', '自付额', 'deductible', 'insurance excess'],
  salary: ['工资', '薪资', '月薪', '时薪', '日薪', '工钱', '薪水', '底薪', 'salary', 'wage', 'wages', 'hourly rate'],
  contact: ['微信号', '手机号', '电话号码', '号码', '联系方式', 'wechat id', 'phone number'],
  icon: ['图标', '应用图标', '头像', 'icon', 'favicon', 'app icon', 'avatar', 'profile picture'],
  nickname: ['昵称', '账号名', '显示名', '显示名称', 'nickname', 'display name'],
  namespace: ['命名空间', 'namespace'],
  brand: ['品牌', '牌子', 'brand'],
  // Who provides a service (短信服务商换成腾讯云): which company, not the service's template or text.
  provider: ['服务商', '服务提供商', 'service provider', 'provider'],
  bitrate: ['码率', '比特率', '码流', 'bitrate', 'bit rate'],
  // A service level (SLO 99.9%): what the service promises, not a thing of its own.
  sla: ['slo', 'sla', 'sli', '可用性目标', '服务等级', 'availability target', 'uptime target'],
  threshold: ['阈值', '告警阈值', '报警阈值', '告警上限', '报警上限', '告警下限', '报警下限', '触发线', '设定温度', 'threshold', 'alert threshold', 'alarm threshold', 'setpoint', 'set point'],
  // How a customer pays (payment terms net 30, 货到付款, cash on delivery): not when goods are delivered. (Not 账期, a billing
  // cycle, often a schedule: 国网调整了账期.)
  payment: ['付款方式', '支付方式', '结算方式', '结账方式', '货到付款', '现结', 'payment terms', 'payment method', 'cash on delivery', 'credit terms'],
};

/** Every attribute word of every attribute. */
export const ALL_ATTRIBUTE_WORDS: ReadonlySet<string> = new Set(Object.values(ATTRIBUTE_WORDS).flat());

/**
 * Value shapes and the attribute class a value of that shape implies. Order matters: the first
 * shape to claim a span wins (an IP is not a version, a time is not a port).
 */
/** A distance (10 公里, 10 英里, 5km; not a speed, 35km/h): a value, and in a record's lead the thing itself (the 10 km race). */
export const DISTANCE_RE = /\b\d+(?:\.\d+)?\s?(?:km|mi|miles?|kilometers?|kilometres?)\b(?!\s?(?:\/|per\s)\s?(?:h\b|hr|hour))|\d+(?:\.\d+)?\s?(?:公里|千米|英里|米(?![饭粉线酒]))(?!\s?(?:\/|每)\s?(?:小时|时|秒|h\b))/gi;

/** Where something moves to: after 改在 / 换到 / 搬到 (or 在 in a plain statement), a name ending in a word for a place. */
const PLACE_RE =
  /(?<=(?:改在|改到|换到|换成|搬到|挪到|移到|改去|换去|搬去|转到|定在|在)\s?)[\u4e00-\u9fffa-z0-9]{0,8}?\s?(?:少年宫|文化宫|医院|诊所|门诊|学校|幼儿园|商场|机场|火车站|高铁站|体育馆|图书馆|游泳馆|体育场|操场|球场|公园|广场|中心|礼堂|大厅|酒店|餐厅|会议室|教室|校区|[一二三四五六七八九十\d]{1,2}楼|湖|江边|河边|河道|[东南西北正侧后前]门|停车场|车库|门口)/g;

const PLACE_EN_RE =
  /(?<=\b(?:moved|moves|moving|changed|switched|relocated|now)\s(?:to|at|in)\s(?:the\s)?)(?:[a-z0-9'-]+\s){0,3}?(?:sports\s)?(?:centre|center|gym|hall|room|court|school|park|office|clinic|hospital|station|library|pool|stadium|field|studio|campus|building)\b(?!\s?[a-z0-9])/g;

const MONTH_DAY = '(?:1[0-2]|0?[1-9])\\.(?:3[01]|[12]\\d|0?[1-9])(?![\\d.])';
// (Plain strings, not String.raw: the bundle writes its chunks in ASCII, which a raw template cannot be.)
const DOTTED_DATE_RE = new RegExp(
  '(?<![\\w.\\/~-])(?<!\\d:)(?:' + MONTH_DAY + '(?=\\s?(?:[号日]|前|后|之前|以前|以后|起|开始|当天|那天|那晚|那周|晚上?|早上?|上午|下午|中午|凌晨|夜|白班|值班|券|大促|活动|截止|到期|周[一二三四五六日天]|星期|礼拜|[（(]周))' +
    '|(?<=(?:生日|考试|期末|复查|复诊|体检|截止|到期|面试|开庭|开学|放假|出发|返程|预约)\\s?)' + MONTH_DAY +
    '|(?<=^\\s*(?:\\[[a-z]+\\]\\s?)?(?:[〔【][^〕】]{1,4}[〕】]\\s?)?)' + MONTH_DAY + '(?=\\s\\p{Script=Han})' +
    // Or under a label, with words after it (备班表：12.20 小杜), where no release is named.
    '|(?<!(?:版本|版|固件|升级|firmware|version|release|python|node|go|java|jdk|ios|android|sdk|api)[^。；;\\n]{0,24})(?<=\\p{Script=Han}\\s?[:：]\\s?)' + MONTH_DAY + '(?=\\s\\p{Script=Han})' +
    // Or moved to (改到 7.19, moves to 12.20) in a text that names no release (版本, 固件, Python, 升级).
    '|(?<!(?:版本|版|固件|升级|firmware|version|release|python|node|go|java|jdk|ios|android|sdk|api)[^。；;\\n]{0,24})(?<=(?:改到|改成|推到|延到|挪到|提前到|定在|定到|约到|约在|改在|moved? to|moves to|pushed to|postponed to|brought forward to)\\s?)' + MONTH_DAY + '(?!\\s?(?:版|bar|米|m\\b|kg|元|块|%)))',
  'gu',
);

/** An English day of the month after a word of when (on the 15th, not the 12th), and nothing but punctuation or the end after it. */
const DAY_OF_MONTH = /(?<=\b(?:on|by|before|after|until|till|not|to|than|instead of)\s)the\s\d{1,2}(?:st|nd|rd|th)\b(?=\s*(?:[,.;:!?，。；）)]|$))/.source;
/** A month named right before (in July, on the 19th): then the day is a date. */
const MONTH_BEFORE = /\b(?:january|february|march|april|june|july|august|september|october|november|december|jan|feb|apr|jun|jul|aug|sept?|oct|nov|dec)\b[^.;]{0,12}/.source;

export const VALUE_SHAPES: { attr: string; re: RegExp }[] = [
  // A cron schedule (0 6 * * *, 0 */6 * * *), before a path reads its step as one.
  { attr: 'schedule', re: /(?<=^|[\s:：(（'"`‘“])(?:[\d*/,-]+\s+){4}[\d*/,-]+(?=[\s,，;；。)）'"`’”]|$)/g },
  // A cron step alone (cron 定 */30: every 30 minutes) is a schedule too, no path.
  { attr: 'schedule', re: /(?<=^|[\s:：(（'"`‘“=])\*\/\d{1,2}(?=[\s,，;；。)）'"`’”]|$)/g },
  // Repeats of a distance (6×800m, 8 组 400 米): a distance, not a size or minutes.
  { attr: 'distance', re: /\b\d{1,2}\s?[x×*]\s?\d{2,5}\s?(?:m|米)(?![\w])|\d{1,2}\s?组\s?\d{2,5}\s?米/gi },
  // A bit rate (80Mbps, 320 kbps): not a size in bytes.
  { attr: 'bitrate', re: /\b\d+(?:\.\d+)?\s?(?:kbps|mbps|gbps|kb\/s|mb\/s)\b/gi },
  // A size in bytes (500MB, 2 GB, 1.5TB).
  { attr: 'bytes', re: /\b\d+(?:\.\d+)?\s?(?:kb|mb|gb|tb|pb|kib|mib|gib|tib)\b/gi },
  // A number in scientific notation (lr 3e-4): a value, never a word.
  { attr: 'number', re: /\b\d+(?:\.\d+)?e[-+]?\d+\b/gi },
  { attr: 'host', re: /https?:\/\/[^\s，。；、）)"'>]+/gi },
  { attr: 'host', re: /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{2,5})?\b/g },
  { attr: 'path', re: /(?<![\w.~])(?:~|\.{1,2})?\/[\w.@~+-]+(?:\/[\w.@~+-]*)*/g },
  { attr: 'host', re: /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|dev|cn|internal|local|lan|app|cloud|ai|co|me|xyz|site|top)(?::\d+)?\b/gi },
  { attr: 'date', re: /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s\d{1,2}(?:st|nd|rd|th)?\b(?!:)(?:,?\s\d{4}\b)?|\b\d{1,2}(?:st|nd|rd|th)?\s(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b|\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b|\d{1,2}\s?月\s?\d{1,2}(?:\s?[日号]|(?![\d.:]|\s?(?:天|个|小时|分|点|次|周|年)))|(?<![每隔\d]\s?)(?:[1-9]|1[0-2])\s?月(?:份|底|初|中旬|上旬|下旬)?(?![\d个])|\d{4}\s?年\s?\d{1,2}\s?月(?:\s?\d{1,2}\s?[日号])?|\b\d{1,2}\/\d{1,2}\b/g },
  { attr: 'schedule', re: /\b\d{1,2}:\d{2}\s?(?:am|pm)\b|\b\d{1,2}:\d{2}(?::\d{2})?\b|\d{1,2}\s?点(?:半|\d{1,2}分?)?|[零一二两三四五六七八九十]{1,3}点(?:半|[一二三四五]十分?)?|\b\d{1,2}\s?(?:am|pm)\b|\bnoon\b|\bmidnight\b/gi },
  // Weekdays (周三, Wednesdays, wed.); sat and sun only in a range of days (Wed–Sat, Sat–Sun): alone they are words.
  { attr: 'schedule', re: /(?:第[一二三四五\d]个|每月第[一二三四五\d]个|最后一个)?(?:周[一二三四五六日天]|星期[一二三四五六日天]|礼拜[一二三四五六日天])|\b(?:(?:first|second|third|fourth|last)\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|(?<![\w-])(?:mon|tue|tues|wed|thu|thur|thurs|fri)(?![\w-])\.?|(?<![\w-])(?:sat|sun)(?=\s?[-–~]\s?(?:mon|tue|wed|thu|fri|sat|sun)\b)|(?<=\b(?:mon|tue|wed|thu|fri|sat|sun)\s?[-–~]\s?)(?:sat|sun)(?![\w-])/gi },
  // A day of the month in English, of a monthly thing (the monthly PDF goes out on the 3rd, the 5th of each month).
  { attr: 'schedule', re: /\bthe\s\d{1,2}(?:st|nd|rd|th)\b(?!\s+(?:mon|tue|wed|thu|fri|sat|sun))(?:(?<=\b(?:monthly|each month|every month)\b.*)|(?=.*\b(?:monthly|each month|every month)\b))|\b\d{1,2}(?:st|nd|rd|th)\s+of\s+(?:each|every)\s+month\b/gi },
  // A day of the month a thing falls on (goes out on the 15th, not the 12th), read as a monthly one's is: most are (paid on the
  // 5th from now on); a date right after a month (in July, on the 19th). Not a thing named by its ordinal (the 3rd
  // floor, the 2nd batch): nothing but punctuation or the end after it.
  { attr: 'schedule', re: new RegExp(`(?<!${MONTH_BEFORE})${DAY_OF_MONTH}`, 'gi') },
  { attr: 'date', re: new RegExp(`(?<=${MONTH_BEFORE})${DAY_OF_MONTH}`, 'gi') },
  // A day of the month (每月 5 号): a schedule. A number with 号 alone is often a name (0 号卡, 3 号楼).
  { attr: 'schedule', re: /每\s?个?月\s?\d{1,2}\s?[号日]/g },
  // 每月 4500 is an amount a month, not a schedule: a number of three digits or more right after the
  // period word, not a clock time or a day, leaves the period word out.
  // (How often, but not in a thing's name: the weekly report, a daily digest.)
  { attr: 'schedule', re: /每\s?(?:(?:天|日|晚|周|月|小时|年|个?季度|半年)(?!\s?\d{3,}(?![:：\d点号日]))|[一两二三四五六七八九十\d]+\s?(?:天|周|个月|小时|分钟|秒))|双周|隔周|(?<![\w#@/-])(?:daily|nightly|weekly|biweekly|bi-weekly|fortnightly|monthly|quarterly|hourly|yearly|every\s+(?:day|night|week|month|quarter|hour|other\s+week|\d+\s+\w+))(?![\w-])(?!\s+(?:reports?|digests?|newsletters?)\b)/gi },
  { attr: 'model', re: /\b(?:gpt|claude|gemini|llama|qwen|deepseek|mistral|glm|kimi|doubao|o[134])(?:[-\s.]?[a-z0-9]+)*(?:[-.][a-z0-9]+)*\b/gi },
  // Where a site or files are hosted (Vercel, Cloudflare Pages, R2, Netlify): a value of its own kind.
  { attr: 'hosting', re: /\b(?:vercel|netlify|cloudflare\s?(?:pages|r2|workers)|github\s?pages|gitlab\s?pages|heroku|fly\.io|firebase\s?hosting|backblaze(?:\s?b2)?|(?:aws\s?)?s3(?!:)|cf\sr2|r2(?=\s?(?:bucket|桶|存储|storage|:\/\/))|(?<=(?:放|到|传|走|是|存|用|成|→|->|\bto|\bin|\bon|\binto)\s?)r2|aliyun(?:\s?oss)?|oss)\b/gi },
  { attr: 'os', re: /\b(?:ubuntu|debian|centos|alpine|fedora|rocky|rhel|macos|windows|arch)(?:\s?\d+(?:\.\d+)*)?\b/gi },
  // A month and day with a dot (12.8, 3.15), as Chinese notes write dates: a date, not a version, where what
  // stands around it says so: a time of the day or an occasion after it (12.8 夜里, 3.15 那天, 12.12 券), an
  // occasion before it (生日 5.6, 复查 1.14), or leading the note with words after it (12.9 夜班值守).
  { attr: 'date', re: DOTTED_DATE_RE },
  // A day of the month naming an occasion (20 号的备班, 18 号晚上, 5 号前): a date. Not 每月 5 号 (a schedule), nor
  // 3 号楼 / 2 号窗口 (names).
  { attr: 'date', re: /(?<![\d.月/]|每\s?个?月\s?)(?:[12]\d|3[01]|0?[1-9])\s?号(?=\s?(?:的|晚上|上午|下午|中午|夜|白天|之前|前|起|开始))/g },
  { attr: 'version', re: /\bv?\d+(?:\.\d+){1,3}(?:[-+][0-9a-z.]+)?\b/gi },
  // A runtime or tool and its major version (pnpm 9, JDK 21, Node 22, Python 3): the number is a version.
  { attr: 'version', re: /(?<=\b(?:node(?:\.js)?|pnpm|npm|yarn|jdk|java|python|go|golang|php|ruby|postgres(?:ql)?|mysql|redis|debian|ubuntu|ios|android)\s?)\d{1,2}(?![\d.:%])\b/gi },
  // A major version written with its v (v16, v20; not v2, which is as often a name's): a version.
  { attr: 'version', re: /(?<![\w.-])v\d{2,3}(?![\w.%-])/g },
  // A match format (BO3, best of 5): the number of games, an attribute of its own.
  { attr: 'format', re: /\bbo[1-9]\b|\bbest of [1-9]\b/gi },
  // (A length in centimetres, 最长边 60cm 以内, 雪板 165cm: the size of a thing, not a distance travelled. Not millimetres:
  // 胶宽 10 mm, 碳带 110mm×300m are widths of their own kind.)
  { attr: 'size', re: /\b\d{2,5}\s?[x×*]\s?\d{2,5}\b|\b\d{1,4}\s?(?:px|dpi|ppi)\b|(?<![\d.])\d{1,4}(?:\.\d+)?\s?(?:cm|厘米|公分|英寸|寸)(?![a-z])/gi },
  // (Also a number after 字数: 字数 1500 以内.)
  { attr: 'length', re: /\d+\s?(?:个)?(?:字|字符|汉字)|\b\d+\s?(?:characters|chars|words)\b|(?<=字数\s?(?:是|为|在|控制在|上限)?\s?)\d{2,5}(?![\d.:%])/gi },
  // (A race's metres before its event, 100m free, 400m repeats: a distance, not minutes.)
  { attr: 'distance', re: /\b\d{2,5}\s?m(?=\s(?:free|freestyle|back|backstroke|breast|breaststroke|fly|butterfly|im|medley|relay|hurdles|dash|sprint|swim|race|final|heats?|repeats?)\b)/gi },
  { attr: 'duration', re: /(?<!\d)\d{1,3}\s?(?:天|日|周|个月|月|年|小时|分钟|秒|毫秒)|\d{4,}\s?(?:小时|分钟|秒|毫秒)|(?<![\w.-])\d+(?:\.\d+)?\s?(?:days?|weeks?|months?|years?|hours?|hrs?|minutes?|mins?|seconds?|secs?|ms|[smhd])\b|[一二两三四五六七八九十]+(?:天|周|个月|年(?!级)|小时|分钟)|[一二两三四五六七八九十]+个半?(?:小时|钟头|星期)|半个?小时/gi },
  { attr: 'port', re: /(?<=[a-z0-9]:|\s:|^:)\d{2,5}\b/g },
  { attr: 'distance', re: DISTANCE_RE },
  // A running pace, minutes and seconds a kilometre (4'45", 5'30'', 4分45秒/公里).
  { attr: 'pace', re: /(?<![\d:'])\d{1,2}\s?['’′]\s?\d{2}(?:"|”|″|''|’’)?(?![\d])|\d{1,2}分\d{1,2}秒?\s?(?:\/|每)\s?(?:公里|km)/g },
  // How many copies are kept (keep 14 copies, 保留 7 份): a retention count, not a time.
  // (Or with a word between: keep 14 HA backups, 30 daily snapshots.)
  { attr: 'copies', re: /\b\d+\s?(?:copies|backups|versions|snapshots|generations)\b|(?<=(?:保留|留|存)\s?)\d+\s?版(?![本权面式次税])|\b\d+(?=\s+(?:[a-z][\w-]{0,15}\s+)?(?:copies|backups|versions|snapshots|generations)\b)|\d+\s?(?:份备份|个备份|个版本|个快照)|(?<=(?:保留|留|存)\s?)\d+\s?份(?![钟额量数])/gi },
  // (Cantonese 蚊 is 元: 18 蚊一盆.)
  // (Also a number per unit: 300 一间, 420/人, 1750 一箱, 一盒168, 每件 180, 38 per kg, 600 per visit; not 一箱 24 瓶.)
  {
    attr: 'price',
    re: /[¥$￥]\s?\d+(?:\.\d+)?|\d+(?:\.\d+)?\s?(?:元|块|蚊(?![子虫香帐])|美元|usd|rmb)|(?<![\d.:])\d{2,}(?:\.\d+)?(?=\s?一(?:箱|斤|公斤|袋|包|盒|瓶|桶|件|份|晚|间|位|次|节)|\s?(?:per|a|\/)\s?(?:kg|case|box|bag|carton|bottle|jin|visit|session|lesson|night)\b|\s?\/\s?(?:人|位|间|晚|次|节|张|件|斤|盒|箱|瓶|条))|(?<=[一每](?:箱|斤|公斤|袋|包|盒|瓶|桶|件|份|晚|间|位|节课|节)\s?)\d{2,}(?:\.\d+)?(?![\d.:]|\s?(?:瓶|个|只|包|袋|盒|罐|支|片|粒|斤|公斤|克|kg|g\b|件|人|张|本|条|份|次|天|小时|分钟))/gi,
  },
  { attr: 'percent', re: /\d+(?:\.\d+)?\s?%/g },
  // (Tonnes too: 42 t of rebar, 32吨; not 5T, a disk.)
  { attr: 'weight', re: /\b\d+(?:\.\d+)?\s?(?:kg|g|lbs?|oz|tons?|tonnes?)\b|\b\d+(?:\.\d+)?\st\b(?![\w.-])|\d+(?:\.\d+)?\s?(?:克|千克|公斤|斤|吨)/gi },
  // A dose (7.5mg, 100 mcg, 5 毫克): how much of a medicine, not what something weighs nor a ration of food.
  { attr: 'dose', re: /\b\d+(?:\.\d+)?\s?(?:mg|mcg|[µμ]g)\b|\d+(?:\.\d+)?\s?(?:毫克|微克)/gi },
  // A temperature (8℃, 2.0 °C, 7 度; not 1 度电, 30 度角): a reading or a limit, not a count.
  { attr: 'temperature', re: /-?\d+(?:\.\d+)?\s?(?:℃|°\s?[cf]\b|度(?![电数角]))/gi },
  // (A volume of concrete or earth too: 320方, 280 m³.)
  { attr: 'capacity', re: /\b\d+(?:\.\d+)?\s?(?:ml|l)\b|\d+(?:\.\d+)?\s?(?:毫升|升)|(?<![\d.])\d{2,}(?:\.\d+)?\s?(?:方(?![向面法案式便])|立方米?|m³|m3\b)/gi },
  // Electrical and mechanical readings and limits (110mV, 3000 V DC, 500 MΩ, 3.2 kW, 7 N·m, 250 kHz): a number
  // with its unit. (Not 5v5, a match; not a bare W or A, which are weeks and grades as often as watts and amperes.)
  { attr: 'voltage', re: /\b\d+(?:\.\d+)?\s?(?:mv|kv|v)\b/gi },
  { attr: 'current', re: /\b\d+(?:\.\d+)?\s?(?:ma|ka)\b/gi },
  { attr: 'resistance', re: /\b\d+(?:\.\d+)?\s?(?:[kmg]?[Ωω]|[kmg]?ohms?\b)/gi },
  { attr: 'power', re: /\b\d+(?:\.\d+)?\s?(?:kw|mw)\b/gi },
  { attr: 'torque', re: /\b\d+(?:\.\d+)?\s?n\s?[·.]?\s?m\b/gi },
  // (Not a pressure: 60 psi 太软了 names the tyre by how it feels, and a pressure is read by the words around it.)
  { attr: 'frequency', re: /\b\d+(?:\.\d+)?\s?(?:hz|khz|mhz|ghz)\b/gi },
  // A number of people (请 8 个人, 上 3 人): a count. Only at the end of a clause: 3 人间 is a kind of room.
  { attr: 'headcount', re: /(?<![\d.])(?:\d{1,3}|[一二两三四五六七八九十]{1,3})\s?个?人(?=[，。,;；:：!！?？\s]|$)/g },
  // How many units of a thing (6 samples, 200 pcs): a count, not a price or a length. (Not 一百一台 in Chinese, a
  // price for one unit as often as a number of them.)
  // (Orders in Chinese, 每天最多接 4 单: not 5 单元, a building's unit, nor 单价, 单号.)
  { attr: 'units', re: /\b\d{1,5}\s?(?:samples|units|pcs|pieces|sets|boxes|cartons|pallets)\b|(?<![\d.])\d{1,4}\s?单(?![位元价据号子独身人间程向次])/gi },
  // How many pictures (18 images, 9 张图): a count of items, not a length in characters.
  { attr: 'items', re: /\b\d{1,3}\s?(?:images|photos|pictures|pics|slides)\b|(?<![\d.])(?:\d{1,3}|[一二两三四五六七八九十]{1,3})\s?张(?:图片?|照片|配图|截图)/gi },
  // A mobile number (13712345678, 139 1234 5678; masked, 139****2210): a contact.
  // (A landline with its area code too: 0411-8466 2371, 010-62345678.)
  { attr: 'contact', re: /(?<!\d)1[3-9]\d(?:\s?\d{4}){2}(?!\d)|(?<!\d)1[3-9]\d[x*]{4}\d{4}(?!\d)|(?<![\d-])0\d{2,3}-\d{3,4}\s?\d{4}(?![\d-])/gi },
  // A place moved to (琴房换到少年宫四楼, 改在明湖练): a place, not a time.
  { attr: 'place', re: PLACE_RE },
  // The same in English (moved to Beilun sports centre, now at the Riverside clinic).
  { attr: 'place', re: PLACE_EN_RE },
  // A place under its label (room: Teaching Room 3, venue: the cafe downstairs).
  { attr: 'place', re: /(?<=\b(?:room|venue|location|hall)\s?[:：]\s?)[a-z0-9][a-z0-9 .'-]{0,30}[a-z0-9]/g },
];

/** Shapes that answer a named attribute: a named `retention` is compatible with a `duration` value. */
export const SHAPE_ANSWERS: Record<string, string[]> = {
  duration: ['retention', 'timeout', 'threshold'],
  schedule: ['schedule'],
  date: ['date'],
  version: ['version'],
  path: ['path', 'target'],
  host: ['host', 'target'],
  size: ['size'],
  length: ['length'],
  port: ['port'],
  price: ['price', 'salary'],
  distance: ['distance'],
  pace: ['pace'],
  percent: ['count', 'sla'],
  weight: ['weight'],
  temperature: ['threshold'],
  dose: ['dose'],
  bytes: ['size', 'capacity', 'length', 'threshold'],
  capacity: ['capacity'],
  place: ['place'],
  headcount: ['count'],
  units: ['count'],
  items: ['items'],
  contact: ['contact'],
  bitrate: ['bitrate'],
  voltage: ['voltage', 'threshold'],
  current: ['current', 'threshold'],
  resistance: ['resistance', 'threshold'],
  power: ['power', 'threshold'],
  torque: ['torque', 'threshold'],
  frequency: ['frequency', 'bitrate'],
  format: ['format', 'style'],
};

/**
 * Words that name a kind of thing, not one thing. A correction whose only words in common with a
 * record are these never links to it.
 */
export const GENERIC_WORDS = new Set(
  (
    '服务 服务器 服务端 后台 接口 系统 平台 应用 程序 项目 机器 主机 环境 配置 设置 参数 文件 数据 数据库 库 表 任务 作业 脚本 流程 工作流 定时任务 ' +
    '系列 栏目 专栏 每日 每天 每周 每月 日常 文章 稿子 稿件 内容 帖子 笔记 文档 报告 东西 事情 那个 这个 那条 这条 问题 情况 方面 部分 功能 模块 工具 版本 端口 地址 ' +
    '时间 日期 路径 目录 链接 账号 记录 信息 消息 通知 命令 代码 仓库 网站 页面 图片 图 视频 文案 名字 名称 规则 规范 要求 默认 统一 所有 全部 ' +
    '跑 执行 运行 启动 部署 发布 发 用 使用 采用 放 存 写 看 改 设 定 挂 走 开 关 加 减 再往 往上 往下 需要 可以 不能 必须 记得 注意 先 再 都 也 还 就 才 一下 ' +
    // telling oneself to remember (记住 scada 日志只留 30 天 is about the scada logs)
    '记住 别忘 别忘了 别忘记 不要忘了 不要忘记 ' +
    // how much is enough (只要留 20 版就好: the retention, not a thing)
    '只要 只需 只需要 ' +
    '自己 阿拉 不了 现在 目前 以后 之后 后来 今天 昨天 明天 最近 已 已经 一直 还是 统一 正式 新的 旧的 上次 这次 下次 ' +
    'service services server app application system platform project config configuration settings setting file files data database db table ' +
    'series column task job jobs script workflow pipeline article articles post posts content doc docs report reports thing stuff ' +
    'posted posting goes go live generated generate generation produced handled made 生成 产出 出 做 弄 搞 处理 ' +
    '提醒 记一下 记一笔 备忘 再记 再记一次 顺便 note reminder fyi keep keeps kept ' +
    '落到 落在 写到 写在 放到 存放 那边 这边 那块 这块 一点 随意 走 挂在 跑在 用的 ' +
    'ping pings pinged lives live sits sit hit hits reads read pulls pull calls call executes execute goes ' +
    'day days week weeks hour hours minute minutes month months year years ' +
    'port version path address link account record info message command code repo site page image video name rule default all ' +
    'run runs running use uses using set sets setting deploy deployed deploys publish published send sent pins pinned pinning now currently today yesterday ' +
    'should must need needs please also still just only new old main primary daily weekly monthly every each ' +
    // a time slot is when, not what (the daily 18:00 slot)
    'slot slots 时段 档期 ' +
    // nor a part of the day, or how often (Saturday morning now, cadence 改成 biweekly): the day part is read on its own
    'morning mornings afternoon afternoons evening evenings night nights tonight noon cadence ' +
    // "the Xiaohongshu one", "the magazine piece": a pointer at a thing, and verbs saying what a thing does (the alert fires,
    // greenhouse 2 waters at 05:30, the watch syncs), which name nothing
    'one ones piece pieces fires fire fired waters syncs slips slipped swapped drops rolled renews renewed bound hosted moving moves starts listens listen serves'
  ).split(/\s+/),
);

/** Before 妈 / 爸, another relative: 姨妈, 舅妈 and 干爸 are not 妈妈 and 爸爸. */
export const KIN_BEFORE_ONE_CHAR = /[姨舅姑干后继伯婶岳奶爷公婆]/;

/**
 * Words for a person related to someone (女儿, 老婆, colleague): qualifying an attribute, they make it
 * that person's (阿杰女儿的生日 is not 阿杰生日), so a record stating the attribute without the word is
 * about someone else.
 */
export const KINSHIP_WORDS: ReadonlySet<string> = new Set(
  (
    '女儿 闺女 儿子 孩子 宝宝 老婆 老公 妻子 丈夫 太太 媳妇 爱人 妈妈 妈 老妈 爸爸 爸 老爸 母亲 父亲 哥哥 哥 姐姐 姐 弟弟 弟 妹妹 妹 妹儿 ' +
    '爷爷 奶奶 外公 外婆 姥姥 姥爷 岳父 岳母 公公 婆婆 男朋友 女朋友 对象 同事 朋友 老板 客户 室友 ' +
    '叔叔 二叔 三叔 小叔 大伯 伯伯 伯父 伯母 舅舅 舅妈 姑姑 姑妈 阿姨 姨妈 小姨 婶婶 二婶 表哥 表姐 表弟 表妹 堂哥 堂姐 堂弟 堂妹 侄子 侄女 外甥 孙子 孙女 阿嬷 阿公 ' +
    'daughter son kid kids child wife husband partner mom mum mother dad father sister brother grandma grandpa colleague coworker friend boss client roommate ' +
    'uncle aunt auntie cousin nephew niece grandson granddaughter'
  ).split(/\s+/),
);

/** Words for one relative (太太 / 老婆 / wife): one person however the text calls them. */
export const KIN_SAME: readonly string[][] = [
  ['妈妈', '妈', '老妈', '母亲', 'mom', 'mum', 'mother'],
  ['爸爸', '爸', '老爸', '父亲', '爹', '老爹', 'dad', 'father'],
  ['岳母', '丈母娘', 'mother-in-law'],
  ['岳父', '丈人', '老丈人', 'father-in-law'],
  ['老婆', '妻子', '太太', '媳妇', '爱人', 'wife'],
  ['老公', '丈夫', '爱人', 'husband'],
  ['女儿', '闺女', 'daughter'],
  ['儿子', 'son'],
  ['外婆', '姥姥'],
  ['外公', '姥爷'],
  ['奶奶', '阿嬷', 'grandma', 'granny'],
  ['妹妹', '妹儿'],
  ['爷爷', '阿公', 'grandpa'],
  ['同事', 'colleague', 'coworker'],
];

/**
 * Groups of mutually exclusive qualifiers: naming one where the other record names another is counter-evidence. `clashOnly`: the group tells two records apart only when both name a member;
 * a correction naming one does not require the record to name any (a record of the newsletter's schedule may be of its
 * export), and search's contrast stage leaves it out.
 */
export const CONTRAST_GROUPS: { name: string; members: Record<string, string[]>; clashOnly?: boolean }[] = [
  { name: 'side', members: { frontend: ['前端', 'frontend', 'front-end', 'web端', '客户端', 'client-side', 'client side'], backend: ['后端', 'backend', 'back-end', '服务端'] } },
  { name: 'channel', members: { beta: ['beta版', 'beta 版', '测试版', '内测版', 'beta build'], release: ['正式版', '稳定版', 'release版', 'stable build', 'production build'] } },
  {
    name: 'env',
    members: {
      prod: ['生产环境', '生产', '线上', '正式环境', '正式服', '正式店铺', '正式店', '正式账号', '正式号', 'production', 'prod', 'live db', 'live database', 'live site', 'live server', 'live box', 'live host', 'live instance', 'live machine', 'live environment', 'live env'],
      staging: ['预发布', '预发', '灰度', 'staging', 'stage', 'stg', 'pre-prod', 'preprod'],
      test: ['测试环境', '测试服', '测试店铺', '测试店', '测试账号', '测试号', '沙箱', 'qa', 'test env', 'testing'],
      dev: ['开发环境', '本地', 'dev env', 'development', 'local', 'localhost'],
    },
  },
  // One person's accounts on a platform: the main one and the alt (大号 / 小号).
  { name: 'account', members: { main: ['大号', '主号', '主账号', 'main account'], alt: ['小号', '副号', '副账号', 'alt account', 'side account'] } },
  {
    name: 'voice',
    members: {
      soprano: ['女高音', 'soprano', 'sopranos'],
      alto: ['女低音', '女中音', 'alto', 'altos'],
      tenor: ['男高音', 'tenor', 'tenors'],
      bass: ['男低音', 'bass section', 'basses'],
    },
  },
  // A choir's men's and women's sections: the 男声部 rehearsal is not the 女声部 one.
  { name: 'section', members: { men: ['男声部', '男声'], women: ['女声部', '女声'] } },
  // What a lesson or a tutor teaches: the maths tutor's hours are not the English tutor's.
  {
    name: 'lesson',
    members: {
      chinese: ['语文'],
      maths: ['数学', '奥数', 'maths', 'math'],
      english: ['英语', 'english'],
      physics: ['物理', 'physics'],
      chemistry: ['化学', 'chemistry'],
      geography: ['地理', 'geography'],
    },
  },
  { name: 'humidity', members: { up: ['加湿器', '加湿机', 'humidifier'], down: ['除湿机', '除湿器', 'dehumidifier'] } },
  {
    name: 'platform',
    members: {
      wechat: ['公众号', '公号', '微信公众号', '服务号', '订阅号', 'wechat official account', 'official account', 'wechat', 'weixin', 'gzh'],
      xhs: ['小红书', 'xiaohongshu', 'rednote', 'xhs'],
      zhihu: ['知乎', 'zhihu'],
      weibo: ['微博', 'weibo'],
      douyin: ['抖音', 'douyin', 'tiktok'],
      channels: ['视频号', 'wechat channels'],
      bilibili: ['b站', 'b 站', '哔哩哔哩', 'bilibili'],
      newsletter: ['newsletter', '邮件简报', 'substack', 'emails', 'edm'],
      twitter: ['twitter', '推特', 'x.com'],
      blog: ['博客', 'blog'],
      medium: ['medium'],
      linkedin: ['linkedin', '领英'],
      toutiao: ['头条', 'toutiao'],
      juejin: ['掘金', 'juejin'],
      csdn: ['csdn'],
    },
  },
  {
    name: 'store',
    members: {
      postgres: ['postgres', 'postgresql', 'pg', 'pgsql'],
      mysql: ['mysql', 'mariadb'],
      redis: ['redis'],
      sqlite: ['sqlite'],
      mongo: ['mongodb', 'mongo'],
      elastic: ['elasticsearch', 'elastic', 'opensearch', 'es'],
      clickhouse: ['clickhouse'],
      kafka: ['kafka'],
      rabbit: ['rabbitmq'],
      minio: ['minio'],
    },
  },
  {
    name: 'part',
    members: {
      title: ['标题', '题目', 'title', 'titles', 'headline', 'subject line', 'subject lines'],
      body: ['正文', '内文', 'body', 'body text'],
      summary: ['摘要', '导语', 'summary', 'excerpt'],
      cover: ['封面', '头图', 'cover', 'cover image', 'thumbnail'],
      tags: ['标签', 'hashtag', 'hashtags', 'tags'],
      image: ['配图', '插图', 'inline image', 'illustration'],
    },
  },
  { name: 'report', members: { daily: ['日报', 'daily report'], weekly: ['周报', 'weekly report'], monthly: ['月报', 'monthly report'], yearly: ['年报', '年度报告'] } },
  {
    name: 'resource',
    members: {
      cpu: ['cpu', '处理器'],
      memory: ['内存', 'memory', 'ram'],
      disk: ['磁盘', '硬盘', '存储空间', 'disk', 'disk space'],
      gpu: ['显存', 'gpu memory', 'vram'],
      bandwidth: ['带宽', '流量', 'bandwidth'],
    },
  },
  {
    name: 'payment',
    members: {
      alipay: ['支付宝', 'alipay'],
      wechatpay: ['微信支付', 'wechat pay', 'wechatpay'],
      paypal: ['paypal'],
      stripe: ['stripe'],
      wise: ['wise'],
      unionpay: ['银联', 'unionpay'],
    },
  },
  {
    name: 'region',
    members: {
      us: ['美国', '美区', 'the us', 'usa', 'u.s.'],
      eu: ['欧盟', '欧洲', '欧区', 'the eu', 'europe'],
      uk: ['英国', 'the uk'],
      jp: ['日本', '日区', 'japan'],
      hk: ['香港', 'hong kong'],
      kr: ['韩国', 'korea', 'south korea'],
      vn: ['越南', 'vietnam'],
      th: ['泰国', 'thailand'],
      sg: ['新加坡', 'singapore'],
      my: ['马来西亚', 'malaysia'],
      au: ['澳大利亚', '澳洲', 'australia'],
      ca: ['加拿大', 'canada'],
      de: ['德国', 'germany'],
      ru: ['俄罗斯', 'russia'],
    },
  },
  {
    name: 'ci',
    members: {
      jenkins: ['jenkins'],
      actions: ['github actions', 'gh actions', 'github action'],
      gitlab: ['gitlab ci', 'gitlab-ci'],
      circle: ['circleci'],
      travis: ['travis'],
      drone: ['drone ci'],
      buildkite: ['buildkite'],
    },
  },
  { name: 'scale', members: { up: ['scale up', 'scale-up', 'scales up', 'scale out', '扩容'], down: ['scale down', 'scale-down', 'scales down', 'scale to zero', 'scales to zero', 'scale in', '缩容'] } },
  {
    name: 'courier',
    members: {
      sf: ['顺丰', 'sf express'],
      zto: ['中通', 'zto'],
      yto: ['圆通', 'yto'],
      sto: ['申通'],
      yunda: ['韵达', 'yunda'],
      jt: ['极兔', 'j&t'],
      jd: ['京东快递', '京东物流'],
      ems: ['ems', '邮政快递', '中国邮政'],
      dhl: ['dhl'],
      fedex: ['fedex'],
    },
  },
  {
    name: 'shop',
    members: {
      taobao: ['淘宝', 'taobao'],
      pdd: ['拼多多', 'pinduoduo'],
      xianyu: ['闲鱼', 'xianyu'],
      shopify: ['独立站', 'shopify'],
      amazon: ['亚马逊', 'amazon'],
      etsy: ['etsy'],
      ebay: ['ebay'],
    },
  },
  { name: 'delivery', members: { meituan: ['美团', 'meituan'], eleme: ['饿了么', 'ele.me', 'eleme'] } },
  // Switching on and switching off (a screen, a machine, lights) are two facts.
  {
    name: 'scale',
    members: {
      up: ['扩容', 'scale up', 'scale-up', 'scales up', 'scaled up'],
      down: ['缩容', 'scale down', 'scale-down', 'scales down', 'scaled down', 'scales to zero', 'scale to zero'],
    },
  },
  {
    name: 'power',
    members: {
      on: ['开机', '亮屏', '开灯', 'screen on', 'wakes up', 'wake up', 'turns on', 'turn on', 'switches on', 'switch on', 'powers on', 'power on'],
      off: ['关机', '熄屏', '息屏', '关灯', 'screen off', 'turns off', 'turn off', 'switches off', 'switch off', 'shuts down', 'shut down', 'powers off', 'power off', 'goes to sleep'],
    },
  },
  // The time a place opens and the time it closes are two facts.
  { name: 'hours', members: { open: ['开门', '开始营业', '开业时间', 'opens', 'opening time'], close: ['关门', '打烊', '闭店', '停止营业', 'closes', 'closing time'] } },
  { name: 'sale', members: { presale: ['售前', 'pre-sale', 'presale'], aftersale: ['售后', 'after-sale', 'aftersale', 'after-sales'] } },
  { name: 'io', members: { read: ['读库', '只读', 'read-only', 'readonly', 'read replica', 'replica', '从库'], write: ['写库', '主库', 'primary db', 'master db'] } },
  { name: 'direction', members: { inbound: ['入站', 'inbound', 'ingress'], outbound: ['出站', 'outbound', 'egress'] } },
  { name: 'device', members: { mobile: ['手机', '移动端', 'mobile', 'ios', 'android'], desktop: ['电脑', '桌面端', 'pc端', 'desktop'] } },
  { name: 'mobile-os', members: { ios: ['ios', 'iphone', 'ipad', 'app store', '苹果端'], android: ['android', '安卓', 'google play', '安卓端'] } },
  { name: 'site', members: { landing: ['官网', '落地页', 'landing page', 'marketing site'], admin: ['管理后台', '后台管理', 'admin panel', 'admin dashboard'] } },
  { name: 'app-identity', members: { name: ['display name', '显示名', '显示名称', 'app name', '应用名'], id: ['bundle id', 'bundle identifier', 'package name', '包名', 'application id'] } },
  { name: 'read-write', members: { read: ['读超时', 'read timeout', '读取超时'], write: ['写超时', 'write timeout', '写入超时'] } },
  // What is done to one thing on its schedule: sending it, exporting it, backing it up, a reminder of it, its draft.
  // The newsletter's send day is not the day its subscriber list is backed up. Told apart only when both name one:
  // a record naming none may be about any of them.
  {
    name: 'action',
    clashOnly: true,
    members: {
      send: ['发送', '推送', '群发', '发出', '发布', 'send', 'sends', 'sent out', 'goes out', 'go out', 'send-out', 'publish', 'publishes'],
      export: ['导出', 'export', 'exports'],
      backup: ['备份', 'backup', 'backups', 'back up', 'backs up'],
      remind: ['提醒', 'remind', 'reminds', 'reminder'],
      draft: ['草稿', '截稿', '初稿', 'draft', 'drafts'],
      restart: ['重启', 'restart', 'restarts', 'reboot', 'reboots'],
      cleanup: ['清理', 'cleanup', 'clean up', 'cleans up', 'prune', 'prunes'],
    },
  },
  // A mini-program is an app of its own, with its own appid, not the official account; and 小程序 may be any small program.
  { name: 'wechat-app', clashOnly: true, members: { official: ['公众号', '公号', '服务号', '订阅号', 'official account'], mini: ['小程序', 'mini-program', 'mini program', 'miniprogram'] } },
  // The four driving-test parts (科目二 the yard, 科目三 the road) are booked on their own dates.
  { name: 'driving-test', clashOnly: true, members: { one: ['科目一', '科一'], two: ['科目二', '科二'], three: ['科目三', '科三'], four: ['科目四', '科四'] } },
  // Water-quality sensors each have their own calibration, coefficients and alarms.
  {
    name: 'water-sensor',
    clashOnly: true,
    members: {
      oxygen: ['溶解氧', '溶氧', 'dissolved oxygen'],
      conductivity: ['电导率', 'conductivity'],
      salinity: ['盐度', 'salinity'],
      turbidity: ['浊度', 'turbidity'],
      chlorophyll: ['叶绿素', 'chlorophyll'],
      ph: ['ph 值', 'ph值', 'ph sensor', 'ph 探头', 'ph探头'],
    },
  },
  // A car's insurance and its yearly inspection fall due on their own dates.
  { name: 'car-date', clashOnly: true, members: { insurance: ['保险', '车险', 'insurance'], inspection: ['年检', '年审', 'inspection'] } },
  // A pet's deworming and its vaccination are two appointments.
  { name: 'pet-care', clashOnly: true, members: { deworm: ['驱虫', 'deworm', 'deworming', 'flea treatment'], vaccine: ['疫苗', 'vaccine', 'vaccination', 'booster'], checkup: ['体检', 'checkup', 'check-up', 'health check'] } },
  // When a thing starts and when it ends are two times (桌游夜 19:00 开始 / 结束时间改 22:30).
  // The day shift and the night shift hand over at their own times.
  { name: 'shift', clashOnly: true, members: { day: ['白班', '日班', 'day shift', 'day-shift'], night: ['夜班', 'night shift', 'night-shift', 'night'] } },
  // A stay's two ends: checking in and checking out are two dates.
  { name: 'stay', clashOnly: true, members: { in: ['入住', 'check-in', 'check in', 'checks in'], out: ['退房', 'check-out', 'check out', 'checks out', 'checkout'] } },
  { name: 'span', clashOnly: true, members: { start: ['开始时间', '开始', '开场', '开波', '开播', 'start time', 'starts at', 'begins at', 'kicks off'], end: ['结束时间', '结束', '散场', '下播', 'end time', 'ends at', 'finishes at', 'wraps up'] } },
  // The headline and the subtitle under it are two lines.
  { name: 'title-kind', clashOnly: true, members: { main: ['主标题', 'headline'], sub: ['副标题', 'subtitle', 'sub-title', 'subhead'] } },
  // The adult ticket and the student ticket have their own prices.
  { name: 'ticket', clashOnly: true, members: { general: ['一般票', '全票', '成人票', '普通票', 'adult ticket', 'general admission'], student: ['学生票', 'student ticket'], child: ['儿童票', '童票', 'child ticket', 'kids ticket'], senior: ['长者票', '老人票', '敬老票', 'senior ticket'] } },
  // Baking a thing and boiling it are two steps with their own times (贝果 220 度烤 18 分钟 / 贝果水煮每面 30 秒).
  // A season's timetable is not another season's (summer last boarding / the spring notice), nor the peak season's the off
  // season's; a record naming none may be about any.
  { name: 'season', clashOnly: true, members: { spring: ['春季', '春天', 'spring'], summer: ['夏季', '夏天', '暑期', 'summer'], autumn: ['秋季', '秋天', 'autumn'], winter: ['冬季', '冬天', '寒假', 'winter'] } },
  { name: 'peak', clashOnly: true, members: { peak: ['旺季', 'peak season', 'high season'], off: ['淡季', 'off season', 'off-season', 'low season'] } },
  { name: 'cook', clashOnly: true, members: { bake: ['烤', '烘烤', 'bake', 'bakes', 'baked', 'baking'], boil: ['水煮', '煮', 'boil', 'boils', 'boiled', 'boiling'] } },
  // How many at once, how many tries and how many a minute are settings of one job apart (wms_sync.py 并发 2 / retries = 3,
  // 限流每分钟 60 次).
  { name: 'count-of', clashOnly: true, members: { concurrency: ['并发', '并发数', 'concurrency', 'workers', 'threads', '线程数'], retries: ['重试', '重试次数', 'retries', 'retry', 'max retries'], rate: ['限流', 'rate limit', 'rate-limit', 'rate limits', 'throttle', 'throttling'] } },
  // An instrument's quality control, its self-test and its calibration are three routines with their own times.
  { name: 'check', clashOnly: true, members: { qc: ['质控', 'qc', 'quality control'], selftest: ['自检', 'self-test', 'self test', 'selftest'], calibrate: ['校准', '定标', 'calibration', 'calibrate', 'calibrates'] } },
  // Goods sold by grade (头等带鱼 / 带鱼二级): each grade has its own price.
  { name: 'grade', clashOnly: true, members: { first: ['一级', '头等', '一等'], second: ['二级', '二等'], third: ['三级', '三等'] } },
  // Sold one by one or by the lot: the retail and the wholesale price are two prices of one thing.
  { name: 'sale-kind', clashOnly: true, members: { retail: ['零售', 'retail'], wholesale: ['批发', 'wholesale'] } },
  // What a thing is bought in at and what it sells for are two prices (TGY-2504 进货价 350 / 售价每斤 680).
  { name: 'price-side', clashOnly: true, members: { buy: ['进货价', '进价', '采购价', '拿货价', '成本价', 'purchase price', 'cost price', 'buying price'], sell: ['售价', '卖价', '零售价', 'selling price', 'sale price', 'retail price'] } },
  { name: 'test-kind', members: { unit: ['单元测试', 'unit test', 'unit tests'], e2e: ['端到端', 'e2e'], integration: ['集成测试', 'integration test'] } },
  // Families of language models (Qwen / DeepSeek checkpoints), and the engines that serve them (the vLLM panel / the SGLang
  // panel): each has its own settings, jobs and dashboards.
  {
    name: 'llm-family',
    clashOnly: true,
    members: {
      qwen: ['qwen', '通义千问', '千问'],
      deepseek: ['deepseek'],
      llama: ['llama'],
      glm: ['glm', 'chatglm', '智谱'],
      mistral: ['mistral', 'mixtral'],
      gemma: ['gemma'],
      kimi: ['kimi'],
      doubao: ['doubao', '豆包'],
      gpt: ['gpt', 'chatgpt', 'openai'],
      claude: ['claude', 'anthropic'],
      gemini: ['gemini'],
    },
  },
  { name: 'llm-engine', clashOnly: true, members: { vllm: ['vllm'], sglang: ['sglang'], tgi: ['tgi', 'text-generation-inference'], lmdeploy: ['lmdeploy'], trt: ['tensorrt-llm', 'trt-llm'], ollama: ['ollama'], llamacpp: ['llama.cpp', 'llama-server'] } },
  // Photos and video footage (照片素材 / 视频素材) are kept, backed up, archived and served apart (the image CDN / the video
  // CDN). (Not 视频 alone: 视频号 is a platform.)
  { name: 'footage', clashOnly: true, members: { photo: ['照片素材', '照片', '相片', '图片素材', 'photos', 'photo', 'images', 'image'], video: ['视频素材', '视频文件', '录像', 'video footage', 'videos', 'video'] } },
  // Where a run gathers, starts and finishes (集合点 / 终点: one place may be both, each changes alone); a half and a full
  // marathon's groups and plans.
  { name: 'course-point', clashOnly: true, members: { gather: ['集合点', '集合地点', '集合'], start: ['起点', '出发点', 'starting point', 'start line'], finish: ['终点', '终点线', 'finish line', 'finish point'] } },
  // A boat's or a bus's setting out, its arrival and its coming back (早船 08:00 出发 / 早船回港 12:30): three times of one
  // trip, each changed alone.
  { name: 'trip-leg', clashOnly: true, members: { depart: ['出发', '发船', '开船', '起航', '启航', '离港', '出港', '发车', 'departs', 'departure', 'sets out'], arrive: ['到港', '抵达', '到达', 'arrives', 'arrival'], back: ['回港', '返航', '返港', '回程', '返程', 'return trip', 'returns to port', 'back at port', 'back in port'] } },
  // A game's builds for each platform (the Switch shader-warmup job / the PC one), and the stores it sells on (Epic's sales
  // report / itch.io's): each has its own jobs, dates and numbers.
  { name: 'game-platform', clashOnly: true, members: { switch: ['nintendo switch', 'switch 版', 'switch版', 'the switch'], pc: ['pc 版', 'pc版', 'pc', 'windows 版'], playstation: ['ps5', 'ps4', 'playstation'], xbox: ['xbox'], mobile: ['手游版', 'ios 版', 'android 版'] } },
  { name: 'game-store', clashOnly: true, members: { steam: ['steam'], epic: ['epic 商店', 'epic games', 'epic store', 'egs'], itch: ['itch.io', 'itch'], gog: ['gog'], taptap: ['taptap'], wegame: ['wegame'] } },
  // Chopped chilli and dried chilli (剁辣椒 / 干辣椒) are two goods with their own prices.
  { name: 'chilli-form', clashOnly: true, members: { chopped: ['剁辣椒'], dried: ['干辣椒'], powder: ['辣椒面', '辣椒粉'], oil: ['辣椒油'] } },
  // Parcel carriers (燕文's tracking sync / 4PX's): each has its own jobs, cut-offs and accounts.
  { name: 'carrier', clashOnly: true, members: { yanwen: ['燕文', 'yanwen'], fourpx: ['4px', '递四方'], yuntu: ['云途', 'yuntu'], sf: ['顺丰', 'sf express'], dhl: ['dhl'], fedex: ['fedex', '联邦快递'], ups: ['ups'], cainiao: ['菜鸟', 'cainiao'] } },
  // A human genome and a mouse one (人类注释 GENCODE v44 / 小鼠项目的 vM34): two references with their own files and versions.
  { name: 'genome-species', clashOnly: true, members: { human: ['人类', 'human', 'hg38', 'hg19', 'grch38', 'grch37'], mouse: ['小鼠', 'mouse', 'mm10', 'mm39', 'grcm39', 'grcm38'] } },
  // Chilli and Sichuan pepper are ground, bought and stocked apart (打辣椒那台粉碎机 / 花椒粉碎机).
  { name: 'pepper', clashOnly: true, members: { chilli: ['辣椒', '干辣椒', '辣椒面', '海椒', 'chilli', 'chili', 'chillies', 'chilies'], sichuan: ['花椒', '麻椒', '花椒粉', 'sichuan pepper', 'peppercorn', 'peppercorns'] } },
  // A clinic's or a boarding house's dogs and cats (狗狗寄养押金 / 猫咪寄养押金): two animals with their own prices and rules.
  { name: 'pet', clashOnly: true, members: { dog: ['狗狗', '狗子', '小狗', 'dogs', 'dog', 'puppy', 'puppies'], cat: ['猫咪', '猫猫', '小猫', 'cats', 'cat', 'kitten', 'kittens'] } },
  // A school's or office's main building and its annex (主楼 / 副楼) are two places with drills and rules of their own.
  { name: 'building-part', clashOnly: true, members: { main: ['主楼', 'main building'], annex: ['副楼', '配楼', 'annex'] } },
  { name: 'marathon', clashOnly: true, members: { half: ['半马', '半程马拉松', 'half marathon'], full: ['全马', '全程马拉松', 'full marathon'] } },
  // A trip's guide and its driver (冈仁波齐团导游 / 司机是多吉): two people's posts, each changed alone.
  { name: 'crew-role', clashOnly: true, members: { guide: ['导游', '向导', 'tour guide', 'guide'], driver: ['司机', '驾驶员', 'driver'] } },
  // Someone's WeChat, phone and email (阿杰微信号换了 / 阿杰手机 139…): three ways to reach them, each changed alone.
  { name: 'contact-channel', clashOnly: true, members: { wechat: ['微信号', 'wechat id'], phone: ['手机号', '手机', '电话号码', 'phone number', 'mobile number'], email: ['邮箱', '电子邮箱', 'email address'] } },
  // A laptop and a desktop (笔记本的固定 IP / 台式机的固定 IP): two machines, each set up on its own.
  { name: 'computer-form', clashOnly: true, members: { laptop: ['笔记本电脑', '笔记本', 'laptop'], desktop: ['台式机', '台式电脑', '台式', 'desktop'] } },
  // Survey tools (问卷星 / Google Form): one survey per tool, each closing and counted on its own.
  { name: 'survey-tool', clashOnly: true, members: { wjx: ['问卷星', 'wjx'], tencent: ['腾讯问卷'], jinshuju: ['金数据'], feishu: ['飞书问卷'], gform: ['google form', 'google forms', 'gform'], surveymonkey: ['surveymonkey'], typeform: ['typeform'] } },
  // A model's files and a dataset's (模型镜像同步 / 数据集镜像同步) are two things synced, stored and versioned apart.
  { name: 'ml-artifact', clashOnly: true, members: { model: ['模型', 'model weights', 'checkpoints', 'checkpoint'], dataset: ['数据集', 'dataset', 'datasets'] } },
];

/** The names of the clash-only groups. */
export const CLASH_ONLY = new Set(CONTRAST_GROUPS.filter((g) => g.clashOnly).map((g) => g.name));

/** English ↔ Chinese pairs folded to the first form before subject words are compared. */
export const ALIASES: string[][] = [
  // the wireless network, in either language
  ['无线', 'wi-fi', 'wifi', 'wlan'],
  // the same relative, said plainly or fondly
  ['女儿', '闺女'],
  ['老婆', '媳妇', '妻子', '太太', '爱人'],
  ['老公', '丈夫'],
  ['妈妈', '妈', '母亲', '老妈', 'mom', 'mum'],
  ['爸爸', '爸', '父亲', '老爸', '爹', '老爹', 'dad'],
  ['岳母', '丈母娘', 'mother-in-law'],
  ['岳父', '丈人', '老丈人', 'father-in-law'],
  ['备份', 'backup', 'backups', 'back up'],
  ['对账', 'reconciliation', 'reconcile'],
  ['异地', 'offsite', 'off-site'],
  ['复诊', '覆诊', 'follow-up', 'follow up'],
  ['导出', 'export', 'exports'],
  ['押金', 'deposit'],
  ['签到', 'check-in', 'checkin'],
  ['热重载', 'hot-reload', 'hot reload'],
  ['透析', 'dialysis'],
  ['血压', 'bp', 'blood pressure'],
  ['血糖', 'blood sugar', 'glucose'],
  ['驱虫', 'deworming', 'deworm'],
  ['排练', 'rehearsal', 'rehearsals'],
  ['彩排晚宴', 'rehearsal dinner'],
  ['晚宴', '晚餐', 'dinner'],
  ['游泳', 'swim', 'swimming'],
  ['手术', 'surgery'],
  ['轮换', 'rotation', 'rotate', 'rotated'],
  ['月卡', '月费', 'monthly pass'],
  ['小程序', 'mini-program', 'mini program', 'miniprogram'],
  ['杏仁', 'almond'],
  ['新加坡', 'singapore'],
  ['香港', 'hong kong'],
  ['东京', 'tokyo'],
  ['心跳', 'heartbeat', 'heartbeats'],
  ['婚礼', 'wedding'],
  ['酒店', 'hotel'],
  ['致辞', 'speech'],
  ['黄油', 'butter'],
  ['面粉', 'flour'],
  ['鲁邦种', '天然酵种', '酵种', 'levain', 'sourdough starter'],
  ['归档', 'archive', 'archives', 'archiving'],
  ['清理', 'cleanup', 'clean up', 'prune', 'pruning'],
  ['同步', 'sync', 'synced', 'syncing'],
  ['送货', '配送', '到货', 'delivery', 'deliveries'],
  ['逆变器', 'inverter'],
  ['日志', 'log', 'logs', 'logging'],
  ['监控', 'monitor', 'monitoring'],
  ['告警', 'alert', 'alerts', 'alerting', '报警'],
  ['缓存', 'cache', 'caching'],
  ['队列', 'queue'],
  ['网关', 'gateway'],
  ['反代', '反向代理', 'reverse proxy', 'proxy'],
  ['证书', 'cert', 'certificate', 'tls', 'ssl'],
  ['续期', 'renew', 'renewal', 'renews'],
  // Let's Encrypt's client: the renewal job goes by either name
  ['certbot', "let's encrypt", 'letsencrypt'],
  ['镜像', 'image', 'docker image'],
  ['容器', 'container'],
  ['集群', 'cluster'],
  ['训练', 'training', 'train'],
  ['评测', '评估', 'eval', 'evaluation'],
  ['检查点', 'ckpt', 'checkpoint', 'checkpoints'],
  ['预训练', 'pretrained', 'pretraining', 'pretrain'],
  ['实验', 'experiment', 'experiments'],
  ['基线', 'baseline', 'baselines'],
  ['种子', '随机种子', 'seed', 'seeds'],
  ['支付', 'payment', 'payments', 'pay'],
  ['订单', 'order', 'orders'],
  ['上传', 'upload', 'uploads', 'uploaded'],
  ['油管', 'youtube'],
  ['西班牙语', '西语', 'spanish'],
  ['牙科', 'dental', 'dentist', '看牙'],
  ['英语', 'english'],
  ['日语', 'japanese'],
  ['法语', 'french'],
  ['德语', 'german'],
  ['韩语', 'korean'],
  ['结算', '结账'],
  ['用户', 'users'],
  ['登录', 'login', 'sign in', 'signin'],
  ['搜索', 'search'],
  ['爬虫', 'crawler', 'scraper', 'spider'],
  ['周报', 'weekly report'],
  ['日报', 'daily report', 'daily digest'],
  ['月报', 'monthly report'],
  ['简报', 'digest', 'briefing'],
  ['封面', 'cover', 'cover image'],
  ['标题', 'title', 'titles', 'headline'],
  ['标签', 'hashtag', 'hashtags', 'tags'],
  ['草稿', 'draft', 'drafts'],
  ['初稿', 'first draft'],
  ['正文', 'body text'],
  ['摘要', 'summary', 'abstract'],
  ['稿费', 'fee'],
  ['编辑', 'editor'],
  ['审核', 'review', 'reviewer'],
  ['图床', 'image host', 'image hosting'],
  ['群晖', 'synology'],
  ['照片', 'photo', 'photos', 'pictures'],
  ['相册', 'album', '照片库', 'photo library'],
  ['文档', 'docs', 'documentation'],
  ['测试', 'tests'],
  ['迁移', 'migration', 'migrations'],
  ['磁盘', '硬盘', 'disk', 'disks'],
  ['路由器', 'router'],
  ['课程', 'course', 'courses'],
  ['级别', 'level'],
  ['打印机', 'printer'],
  ['摄像头', 'camera'],
  ['数据库', 'database', 'db'],
  ['前端', 'frontend', 'front-end'],
  ['后端', 'backend', 'back-end'],
  ['公众号', '公号', 'wechat', 'official account'],
  ['小红书', 'xiaohongshu', 'xhs', 'rednote'],
  ['知乎', 'zhihu'],
  ['生产', 'production', 'prod'],
  ['预发', 'staging'],
  ['定时任务', 'cron job', 'cronjob'],
  ['通知', 'notification', 'notifications'],
  ['推送', 'push'],
  ['邮件', 'email', 'mail'],
  ['飞书', 'feishu', 'lark'],
  ['钉钉', 'dingtalk'],
  ['企业微信', 'wecom'],
  ['主页', 'homepage', 'home page'],
  ['博客', 'blog'],
  ['管理后台', 'admin', 'admin panel', '后台管理'],
  ['elasticsearch', 'es'],
  ['知识库', 'kb', 'knowledge base'],
  // everyday words a bilingual user switches between: 快照 … 打印 were read off corr-x1/x2 misses, the rest
  // added as general vocabulary of the same kind (none from a test split)
  ['快照', 'snapshot', 'snapshots'],
  ['简介', 'bio', 'profile bio'],
  ['邮箱', 'email address', 'mailbox', 'inbox'],
  ['幼儿园', 'kindergarten', 'preschool'],
  ['打印', 'print', 'printing'],
  ['护照', 'passport'],
  ['体检', 'checkup', 'check-up', 'physical exam'],
  ['保险', 'insurance'],
  ['房租', 'rent'],
  ['工资', 'salary', 'payroll'],
  ['发票', 'invoice', 'invoices'],
  ['会议', 'meeting', 'meetings'],
  ['会议室', 'meeting room', 'conference room'],
  ['钢琴', 'piano'],
  ['医院', 'hospital', 'clinic'],
  ['疫苗', 'vaccine', 'vaccination'],
  ['团队', 'team'],
  ['订阅', 'subscription', 'subscribers'],
  ['minimum', 'min'],
  ['夜班', 'night shift'],
  ['交接', 'handover', 'hand-over', 'hand off', 'handoff'],
  // sensors and their readings, a dashboard, a message broker, firmware: general vocabulary of the same kind (session 37)
  ['传感器', 'sensor', 'sensors'],
  ['湿度', 'moisture', 'humidity'],
  ['温度', 'temperature', 'temp'],
  ['看板', 'dashboard', 'dashboards'],
  ['燕文', 'yanwen'],
  ['刷新', 'refresh', 'refreshes'],
  ['消息代理', 'message broker', 'broker'],
  ['固件', 'firmware'],
  ['热水器', 'water heater', 'heater'],
  ['盒子', 'box'],
  ['同行', 'competitor', 'competitors'],
  ['康复', 'rehab', 'rehabilitation'],
  ['理疗', 'physio', 'physiotherapy'],
  // a read-only database, a fridge, a shift roster, the stock level to reorder at (session 38)
  ['只读', 'read-only', 'readonly'],
  ['冰箱', 'fridge', 'fridges', 'refrigerator'],
  ['排班表', '排班', 'roster', 'rota'],
  ['补货线', '补货点', 'reorder point', 'reorder level', 'reorder threshold', 'rop'],
  // five-a-side football (session 40)
  ['五人制', 'five-a-side', '5-a-side'],
];

/** The words of a rule, not of what it is about: quantifiers, modals, negations (任何, 只能, 没有, never, without). */
export const RULE_WORDS = new Set(
  (
    '任何 所有 一律 一概 只能 只许 只准 不能 不许 不准 不得 不要 不可 禁止 必须 务必 一定 没有 就算 即使 哪怕 除非 绝不 绝对 永远 ' +
    'never without always unless except whatsoever'
  ).split(/\s+/),
);

/**
 * Words of comparison and bound (超过 7 天, 不少于 3 份, at least, up to): they relate a value to a
 * limit and name no thing, so never subject words (清理 /tmp 下超过 7 天的文件 is about 清理).
 */
export const COMPARISON_WORDS = new Set(
  (
    '超过 超出 不超过 不超 大于 小于 低于 高于 多于 少于 不少于 不低于 不高于 不多于 不大于 不小于 以上 以下 以内 之内 之外 以外 ' +
    '至少 最多 最少 最长 最短 最高 最低 达到 满 exceeding exceeds exceed exceeded least most within beyond upto'
  ).split(/\s+/),
);

/** Words a correction uses to say that something changed: never subject words. */
export const CHANGE_WORDS = new Set(
  (
    '改到 改在 改回 改用 调到 调成 调整 调整到 换到 换用 换了 改了 变了 提前 提前到 推迟 推迟到 延后 延后到 挪到 搬到 缩短 缩短为 缩短到 延长 延长到 增加到 减少到 ' +
    '提到 提高到 提升到 升到 升级 降到 降级 迁到 迁移 切到 切换 切换到 统一为 定为 定在 设为 设成 设置为 跟着 也跟着 以后 往后 从此 今后 起 开始 之后 为准 以此为准 确认 说错 记错 搞错 ' +
    '涨到 涨了 涨价 降价 调价 跌到 加到 减到 减为 降为 涨为 今年 明年 下个月 下月 下周 下礼拜 下学期 这学期 本月 这个月 本周 这周 ' +
    '放宽 放宽到 收紧 收紧到 再换 换成 改用 改成 改为 不再 不用 不是 而是 应该 应为 其实 实际 实际上 才对 才是 那条 这条 上面 前面 之前 先前 原来 原先 原本 本来 没改 不变 照旧 仍然 依然 ' +
    'moved changed switched replaced updated renamed bumped raised lowered extended shortened now instead actually correction corrected ' +
    'moves move upgraded upgrade upgrades downgraded migrated migrates relocated shifted shifts changes goes went got became becomes ' +
    'longer no not anymore was were is are be been going gone from onward onwards starting ' +
    // When from (这周起, 这学期, 这期) and how far (拉到, 开到, 延到, 涨成): said of the change, naming no thing.
    '周起 月起 年起 天起 这期 本期 下期 这阵子 拉到 开到 延到 推到 涨成 降成 ' +
    // Put off or taken back (拖到 4 月 27, 收回到 18 mV, slips to Apr 17): said of the change (not slide: the noun).
    '拖到 拖延到 收回 收回到 slips slipped ' +
    // Which week or month (下个礼拜三, 上个星期, 下个月: the segmenter leaves 下个 alone): a time, no thing.
    '下个 上个 下下个 上礼拜 这礼拜 下个礼拜 上个礼拜 这个礼拜 下个星期 上个星期 这个星期 上个月'
  ).split(/\s+/),
);

/**
 * A cheap look for a setting's value (a time of day, version, path, address, port, size, length
 * limit, retention, date, model) before a plain record is analysed as a possible restatement.
 */
export const SETTING_HINT =
  /\d{1,2}:\d{2}|\d\.\d|\/\w|\d+\s?(?:px|字|chars|characters|天|days?)|\d\s?[x×]\s?\d|端口|port|版本|version|\d{4}-\d{1,2}-\d{1,2}|\d\s?点|[一二三四五六七八九十两]点|周[一二三四五六日天]|星期|(?:mon|tues|wednes|thurs|fri|satur|sun)day|gpt|claude|qwen|llama|保留|retention|截止|deadline|每\s?\d|every\s|\d\s?(?:小时|hours?|分钟|min)/i;

/** A value said to stay as it was (不变, still, unchanged). */
export const UNCHANGED = /(?:每[天日周月年]|都|也)还是\s?[\d一二三四五六七八九十两]+(?:\.\d+)?\s?[\u4e00-\u9fffa-z%]{0,2}\s*$|不变|不动|先不管|暂不管|暂时不管|不用管|先别管|别动|不用动|照旧|照常|维持原|保持原|仍为|仍是|仍存|仍在|仍然|依旧|一样\s*$|没变|没[涨降调动]|\bsame as before\b|\bstill\b|\bunchanged\b|\b(?:stays|remains) the same\b|\bstays as is\b|\bstays(?: put)?[\s.!]*$|\b(?:stays|remains) on\b|\bkeeps? (?:its|their|his|her)\b(?= \w)/i;

/** What a kind of area is for, before 区 (办公区, 停车区, 宿舍区): no district's name. */
const AREA_KINDS = /^(?:办公|生活|宿舍|停车|等候|休息|服务|工作|作业|仓储|装卸|卸货|施工|生产|教学|居住|商业|开发|风景|旅游|保税|自贸|核心|中心|老城|新城|展示|体验|游戏|阅读|用餐|吸烟|候车|候诊|隔离|缓冲|存储|数据|管理|监控|测试|灰度|可用|收货|发货|拣货|冷藏|冷冻|常温|晾晒|育苗|种植|养殖|办事|签到|登记|接待|洗车|充电|加油|维修|保养|会员|贵宾|儿童|亲子|家庭|成人|女士|男士|员工|访客|公共|私人|禁烟|无烟|安全|危险|限制|禁止|试点|示范|试验|实验)$/;
/** A character that makes a word with 区 of its own (社区, 小区, 校区, 景区, 园区 …): 的社区 names no district. */
const AREA_WORD_END = /[社小园校景城市郊片分专街山矿厂营牧灾港库产辖学试展赛考病]$/;

/** The districts a text names by name (未央区 → 未央), not kinds of area (办公区) nor words ending in one (的社区). */
export function districtsIn(text: string): Set<string> {
  return new Set([...text.matchAll(/(\p{Script=Han}{2})区(?![域别间块长])/gu)].map((m) => m[1]!).filter((w) => !AREA_KINDS.test(w) && !AREA_WORD_END.test(w)));
}
