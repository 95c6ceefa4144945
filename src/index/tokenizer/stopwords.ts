/**
 * Query-side stop words. The index keeps every token (phrases and exact lookups still work);
 * only a query drops these, and only while other terms remain.
 */
export const ENGLISH_STOPWORDS = new Set(
  (
    'a an the and or but if then else of to in on at by for with from into onto about as is are was were be been being ' +
    'am do does did doing have has had having i me my mine we us our you your he him his she her it its they them their ' +
    'this that these those what which who whom whose when where why how there here all any both each few more most other ' +
    'some such no nor not only own same so than too very can will just should would could may might must shall ' +
    'up down out off over under again further once s t don didn doesn isn wasn aren weren hasn haven hadn won wouldn ' +
    'shouldn couldn also get got let please tell know thing things'
  ).split(/\s+/),
);

export const CHINESE_STOPWORDS = new Set(
  (
    '的 了 吗 呢 吧 啊 呀 哦 嗯 嘛 么 是 在 和 与 及 或 把 被 都 也 就 还 又 再 很 太 更 最 这 那 这个 那个 这些 那些 个 些 ' +
    '什么 怎么 怎样 如何 哪 哪些 哪个 哪里 多少 几 是否 有没有 是不是 请 帮 帮我 一下 一个 我们 你们 他们 她们 它们 ' +
    '我 你 他 她 它 之 其 而 但 但是 因为 所以 如果 就是 还是 可以 能 会 要 想 让 给 对 从 到 向 于 以 为 着 过 地 得 ' +
    '现在 之前 以前 以后 之后 当前 目前 时候'
  ).split(/\s+/),
);
