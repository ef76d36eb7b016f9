"""Word lists the rules use to read a claim's stance: causal, certain, hedged, general-knowledge.

Kept in one place so the rules backend and answer-fact extraction agree. (The dataset generators
label by construction and do not use these lists.)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .session_memo import memoised

CAUSAL = re.compile(
    r"原因|导致|因为|由于|引起|引发|造成|根因|所以|因此|致使|所致|有关"
    r"|caused by|because|due to|root cause|led to|result(?:ed)? (?:of|in)",
    re.IGNORECASE,
)
# What shows, in a quoted output, that it states a cause itself: "X failed: Y", "timed out (...) while
# ...", "Rollback triggered: ...", "conflict: duplicate request id". (A bare "Reason: OOMKilled" field
# names a state, and "killed due to out of memory" reads a cause into it: HolmesGPT labels that overstated.)
EVIDENCE_CAUSAL = re.compile(
    r"\btriggered\b|\bwhile\b|\bdue to\b|\bbecause\b|\bcaused by\b|\bresult(?:ed)? in\b"
    r"|\b(?:failed|error|conflict|refused|denied|rejected|timed out|killed|exited|evicted)\s*[:(]"
    # "Offset commit failed on partition orders-1 at offset 1790112: The request timed out.": the reason after
    # the colon that ends the failure's own words
    r"|\b(?:failed|aborted|rejected|refused)\b[^:\n]{1,80}:\s+[a-z]"
    # the scheduler's "0/3 nodes are available: 3 insufficient memory" gives its reason in the message
    r"|\bnodes are available:\s*\S",
    re.IGNORECASE,
)
CERTAIN = re.compile(
    r"一定|肯定|必然|毫无疑问|已确认|已经确认|确定是|绝对|无疑|100%|definitely|certainly|confirmed|always|undoubtedly"
    r"|without (?:a )?doubt|must be",
    re.IGNORECASE,
)
# Universal scope: a claim that says "all / every / the whole" of what its evidence shows one of.
SCOPE = re.compile(
    # ("并非全部 / 不是所有" deny the whole: no scope)
    # ("几乎全部 / 基本都" say almost all: no whole either)
    r"(?<![非不])(?<!不是)(?<!几乎)(?<!基本)所有|(?<![非不])(?<!不是)(?<!几乎)(?<!基本)(?<!近乎)全部|(?<!平均)每个|每台|(?<!平均)每次|每一|(?<!平均)每条|各个|(?<!占)整个|全体|一律|全都|无一例外|彻底"
    r"|(?<![平均])均(?=[为是已处在])|(?<![和与及、])(?<!以及)都(?=是\s*[a-z\u4e00-\u9fff]|处于|在运行|已经?[^经]|在线|离线|可用|就绪|健康)"
    r"|\b(?:all|every|each|entire|entirely|whole|completely|fully)\b",
    re.IGNORECASE,
)
# The claim says it adds values up: only then may a figure be a sum of two output values.
TOTAL = re.compile(
    r"共|合计|总计|总共|累计|加起来|之和|总和|总数|总量"
    r"|总(?:积压|耗时|请求数?|条数|大小|内存|容量|流量|连接数?|次数|lag)"  # "6 个分区上的总积压为 420117 条"
    r"|\b(?:total|sum|combined|altogether|in all)\b",
    re.IGNORECASE,
)
# A hedge words its clause as a possibility, an open question or unverified. Words that only look
# like one are not: 尚未恢复 ("not recovered yet") states a fact, 不管是否 ("whether or not") concedes,
# 还需扩容 recommends (advice, below); only 尚未验证 / 还需确认 / 是否… (asking) leave a clause open.
_CHECK_WORDS = "确认|验证|证实|核实|查明|明确|确定|排查|定位|查(?![到出得])"
_STILL_NEEDS = rf"需要?(?:[^，。；,;]{{0,8}}?(?:{_CHECK_WORDS})|看|对比|结合|分析)"  # after 尚 / 仍 / 还
_LACKS = "[^，。；,;]{0,12}?(?:记录|日志|数据|信息|指标|监控)"
# Every alternative opens with a literal, so the scan skips ahead in C (a leading group would not).
HEDGED = re.compile(
    r"可能|也许|或许|推测|推断|疑似|怀疑|猜测|猜想|假设|估计|预计|大概率|大概是|似乎|好像|看来|看起来|看上去|倾向于"
    r"|不排除|不能排除|无法排除|初步判断|初步认为|应该是|如果|假如|倘若|若是|一旦|就会"
    # what the user said ("您提到的 v2.3.1 发布") is quoted, not asserted
    r"|您提到|你提到|您问|你问|您说|你说|用户提到"
    rf"|尚{_STILL_NEEDS}|仍{_STILL_NEEDS}|还{_STILL_NEEDS}"
    rf"|尚未(?:{_CHECK_WORDS})|有待|待(?:进一步)?(?:{_CHECK_WORDS})"
    rf"|未确认|没有?(?:{_CHECK_WORDS})|未经?证实|未验证|不确定|无法(?:确认|判断|确定)|判断不了|难以(?:确认|判断|确定)"
    r"|尚不(?:清楚|明确)|还不(?:清楚|明确)|仍不(?:清楚|明确)|不能确定|原因不明|原因未知|原因未明"
    # "节点为什么退出目前没有日志说明": what no output explains is left open, not asserted
    r"|没有(?:日志|记录|数据|信息)(?:说明|解释|显示原因)"
    r"|证据不足|缺乏证据|没有证据|尚无定论|进一步确认|如需|还没有?查到"
    # what the investigation lacks ("由于缺少发布记录，无法判断…") is missing_info, not an incident fact
    rf"|缺少{_LACKS}|缺乏{_LACKS}|缺失{_LACKS}|暂无{_LACKS}|无法获取{_LACKS}|未能获取{_LACKS}|拿不到{_LACKS}"
    r"|是(?<!不管是)(?<!无论是)(?<!不论是)(?:否|不是)"
    r"|might|maybe|possibly|perhaps|likely|suspect|unclear|unverified|unconfirmed",
    re.IGNORECASE,
)
# Advice recommends an action; "请求" (request) or "需要 3 秒" (takes 3 s) recommend nothing (spec §9).
_ACTIONS = (
    "检查|确认|排查|查看|核实|核查|关注|联系|参考|评估|执行|重启|扩容|缩容|回滚|调整|调大|调小|处理|升级|修复|清理|补充|提供"
    "|观察|留意|验证|分析|优化|限流|降级|切换|增加|减少|配置|开启|关闭|替换|更新|续期|通知|上报"
    "|查询|导出|抓取|抓一下|抓包|采集|收集|查一下|查下|看一下|看看|核对|对照"
)
# what an operator may change: "可以适当调大 X", "考虑在前面加 PgBouncer" recommend it
_CHANGES = "调大|调小|调高|调低|扩容|缩容|重启|回滚|增加|减少|升级|优化|限流|降级|切换|开启|关闭|替换|更新|续期|清理|加"
# what a modal (应 / 要 / 可以 / 优先) asks an operator to do besides `_CHANGES`: "应迁移到 JetStream",
# "要带退避重试", "优先裁剪", "可以给 collector 开启持久化队列" (never 确认 / 看到: "可以确认 X" reports)
_STEPS = (
    f"{_CHANGES}|迁移|改成|改为|改用|换成|启用|禁用|停用|下线|摘除|隔离|重建|移除|删除|裁剪|拆分|合并|修改|设置|设为"
    "|放宽|收紧|打开|关掉|带上|带|补上|预留|留出|限制|引入|接入|滚动重启|配置|迁到|落库|落盘|重放|重跑|重试|回退|加回"
    "|摘掉|去掉|删掉|停掉|挪到|切到|改回|扩到|扩成|缩到|加到|容忍"
)
# the adverbs and objects between a modal and its step ("要同时调大", "可以给 collector 开启", "短期可以滚动重启")
_BEFORE_STEP = (
    r"(?:同时|先|再|尽快|及时|适当|直接|临时|暂时|尽量|考虑|逐步|优先|也|都|手动|定时|定期|马上|立即|立刻|统一|单独|分批|逐台)"
    r"{0,2}(?:(?:给|把|将|对|在|为|用)(?!的)[^，。；,;]{1,30}?)?"
)
_NEEDS = ("需要", "需", "有必要", "亟需")
# Punctuation that ends a clause, and a sentence, in a claim or an answer (Chinese and ASCII)
CLAUSE_BREAKS = "，。；;,!?！？\n"
SENTENCE_BREAKS = "。；;!?！？\n"
CLAUSE_BREAK = re.compile(f"[{CLAUSE_BREAKS}]")
SENTENCE_BREAK = re.compile(f"[{SENTENCE_BREAKS}]")

# Words that make a duration the span between two moments ("间隔 8 秒", "持续约 4 小时", "耗时 71 秒", "早了 15 秒",
# "从 … 到 …"): only then may it be the gap between two clocks of an output
SPAN_WORDS = re.compile(
    r"间隔|相隔|之后|以后|后|之前|以前|前|内|持续|历时|耗时|用时|经过|过了|距|相差|早|晚|期间|花了|花费|跑了|运行|"
    r"恢复|从|到|至|~|～|开始|结束|完成|一直|长达|中断|停了|宕|不可用|卡住|阻塞|等待|等了|时长|随后|紧接着|重连|重试|"
    r"时间差|时差|窗口|时段|间|历经|用了|"
    r"\b(?:after|before|within|took|elapsed|duration|later|earlier|since|until|between|gap|interval|lasted|for)\b",
    re.IGNORECASE,
)


def speaks_of_a_span(clause: str) -> bool:
    """The clause of a duration speaks of the span between two moments (`SPAN_WORDS`)."""
    return SPAN_WORDS.search(clause) is not None


def in_brackets(text: str, at: int) -> bool:
    """`text[at]` lies inside a round bracket (ASCII or full-width) opened before it and not closed."""
    opened = max(text.rfind("(", 0, at), text.rfind("（", 0, at))
    return opened != -1 and max(text.rfind(")", 0, at), text.rfind("）", 0, at)) < opened


def sentence_part(text: str, at: int) -> tuple[int, int]:
    """(start, end) of the sentence part holding `text[at]`: between sentence breaks (。；!? or a line's end)."""
    stop = SENTENCE_BREAK.search(text, at)
    return part_start(text, at, SENTENCE_BREAKS), stop.start() if stop else len(text)


def clause_end(text: str, at: int) -> int:
    """Where the clause holding `text[at]` ends: at the next clause break, or the text's end."""
    found = CLAUSE_BREAK.search(text, at)
    return found.start() if found else len(text)


def part_start(text: str, at: int, breaks: str = CLAUSE_BREAKS, floor: int = 0) -> int:
    """Where the clause (sentence, with `SENTENCE_BREAKS`) holding `text[at]` starts: just after the
    last of the `breaks` characters in `text[floor:at]`, or `floor`."""
    return max(floor, max(text.rfind(c, floor, at) for c in breaks) + 1)


_DISTRIBUTIVE = ("都", "均")
_COORDINATOR = re.compile(r"和|与|及|、|跟|以及|\band\b")


_DEGREE_AFTER = re.compile(r"\s?(?:用完|用尽|耗尽|占满|打满|写满|满了|被占用|占用|吃满)")


def degree_scope(text: str, scope: re.Match[str]) -> bool:
    """"swap 已全部用完": 全部 says how much of one thing, as 用完 does, not that every one of several is."""
    return _DEGREE_AFTER.match(text, scope.end()) is not None


def enumerated_scope(text: str, scope: re.Match[str]) -> bool:
    """A 都 / 均 that spans the subjects its clause lists ("IO 线程和 SQL 线程都在运行", "A、B 均为
    Running"): it says each listed one, which their own figures and states are checked for; no claim
    about a whole the output would have to show."""
    if scope.group(0) not in _DISTRIBUTIVE:
        return False
    return _COORDINATOR.search(text, part_start(text, scope.start()), scope.start()) is not None


ADVICE = re.compile(  # every alternative opens with a literal, as in HEDGED
    r"建议|推荐|可以考虑|可考虑|不妨|应当|应该|务必|最好(?!的)|下一步|要么(?:把|将|先|就)|可以让|可让"
    rf"|考虑(?:在|把|将|使用|引入|{_STEPS})|可以(?:适当|先|再)?(?:{_CHANGES})|可以先(?:{_ACTIONS}|抓)"
    rf"|后再(?:{_ACTIONS})|(?:确认|核实|验证|核对)(?:无误)?(?:之?后|以后)再?(?:{_ACTIONS}|{_STEPS})"
    # a modal that asks for a step: 应 (not 响应 / 对应 / 应用), 要 (not 主要 / 需要 / 只要 / 要么 / 要求;
    # not before 才 / 需要 / 时: "要重建连接需要 3 秒" states what it takes) or 可以 (not after 说明) before one
    # of `_STEPS`; 要么 before a step; 优先 before a step or an action. Never 该 (as often "this" as "should")
    rf"|(?<![响对适反供相回呼效感答理顺])应(?:该|当)?(?![用答急对力变]){_BEFORE_STEP}(?:{_STEPS})(?!的)"
    rf"|(?<![主需只重紧必想不还总])要(?![么求是])(?![^，。；,;]{{0,30}}?(?:才|需要|(?<!同)时|的时候))(?:{_BEFORE_STEP})(?:{_STEPS})(?!的)"
    rf"|要么(?:{_STEPS})|(?<![说表证]明)可以{_BEFORE_STEP}(?:{_STEPS})(?!的)|优先(?:{_STEPS}|{_ACTIONS})(?!的)"

    rf"|请(?:先|尽快|及时|立即|务必|再|进一步|您)?(?:{_ACTIONS})"
    + "".join(f"|{need}(?:进一步|尽快|及时|立即|再|先|人工)?(?:{_ACTIONS}|看(?!到|出|见))" for need in _NEEDS)
    + r"|\bshould\b|\brecommend(?:ed|s)?\b|\bconsider\b|\btry to\b|\bplease (?:check|verify|confirm|review)\b",
    re.IGNORECASE,
)
GENERAL_KNOWLEDGE = re.compile(
    r"通常|一般来说|一般情况|默认|业界|众所周知|官方文档|根据经验|最佳实践|常见|往往"
    + r"|typically|by default|in general|usually|well[- ]known|commonly|best practice"
    + r"|according to (?:the )?(?:docs|documentation)",
    re.IGNORECASE,
)
# (an ASCII "?" or ";" glued to a word on both sides is a URL's query or a code's, not a sentence end)
_SENTENCE_END = re.compile(r"(?<=[。！？；\n])|(?<=[!?;])(?![A-Za-z0-9_=&/%])|(?<=\.)\s+")


def split_sentences(text: str) -> list[str]:
    """Sentences of a Chinese or English text, stripped, without empty ones, and without the marker of
    a numbered list item ("1. ", "2、", "(3)", "④"): it numbers the answer's points, no figure of them."""
    parts = (_LIST_MARKER.sub("", s.strip()) for s in _SENTENCE_END.split(text) if s and s.strip())
    return [p for p in parts if p]


_LIST_MARKER = re.compile(r"^(?:[(（]\d{1,2}[)）]|\d{1,2}[)）](?!\d)|\d{1,2}[.．、](?!\d)|[①-⑳])\s*")


def answer_sentences(text: str) -> list[str]:
    """`split_sentences` of an answer, where a part that ends advising before a semicolon goes on into
    the next part as after a comma ("建议先回滚；修复时 … 用 DTO" advises both): the next part's clauses
    are then read as the advice's clauses are, a step of it or a statement of their own."""
    parts = split_sentences(text)
    merged: list[str] = []
    for part in parts:
        if merged and merged[-1].endswith(("；", ";")) and clause_stances(merged[-1])[-1][1] == ADVISED:
            merged[-1] = merged[-1][:-1] + "，" + part
        else:
            merged.append(part)
    return merged


def is_assertion(sentence: str) -> bool:
    """A sentence that states something as fact in some clause no hedge or advice governs."""
    return bool(assertive_text(sentence))


ASSERTED, HEDGE, ADVISED = "asserted", "hedged", "advice"
# A clause ends at a comma or a colon ("1,000", "10:05" and "Reason:OOMKilled" stay whole).
_CLAUSE_END = re.compile(r"(?<=[，：])|(?<=[,:])(?=\s)")
# A clause that opens with one of these carries on the statement before it ("可能是 X，导致 Y").
_CONTINUES = re.compile(
    r"[\s）)]*(?:并且|并(?![发非])|以及|及|然后|再|或者|或是|或|从而|进而|继而|导致|引发|造成|使得|致使|以便|以免|避免|以防|防止"
    r"|(?:and|or|then|which|leading|causing|so that)\b)",
    re.IGNORECASE,
)
# After advice, a clause in the imperative goes on advising ("建议查看日志，确认原因后再处理", "必要时把 limit
# 提高到 1Gi"); "检查发现 X" reports what a check found.
# what follows an action verb that reports what was done rather than asks for it: "检查后确认…",
# "排查中发现…", "排查手册里记录的…" (a manual of the action, not the action)
_REPORTED = "发现|显示|结果|到|后(?!续)|中|时|手册|文档|报告|记录"
_IMPERATIVE = re.compile(
    rf"\s*(?:必要时|如有必要|如果需要|如仍|视情况|(?:之后|随后|同时|然后|再|先)?(?:{_ACTIONS})(?!{_REPORTED})|把|将)"
)
# a clause that opens with an operator's action ("同时查一下流量", "检查证书签发状态") tells them what to do
_OPERATOR_ACTIONS = (
    # (not 重启 / 扩容 / 回滚: "重启的原因是…", "扩容后…" name what happened)
    "查一下|查下|看一下|看看|检查|排查|核实|核对|对照|留意|关注|观察|联系|通知|调大|调小|确认一下|确认是否"
)
# after advice, a clause that opens on a step or a time of the plan goes on advising ("之后给分析类查询单独
# 准备从库", "短期先…", "长期…") unless it states something (已 / 了 / 因为 / 目前 / 显示…)
_ADVICE_GOES_ON = re.compile(
    r"\s*(?:之后|然后|随后|后续|再|另外|此外|同时|短期|长期|中期|必要时|最后|并且|并"
    r"|(?:如果|若)?[^，。；,;]{0,6}?(?:不好|不行|不够|无效|没用|不明显|不理想)(?:的话)?再)"  # "效果不好再…"
)
# a setting given a new value ("undo_retention 调到 10800"): after advice, what the advice changes
_SET_TO = re.compile(r"调到|调成|调整为|改成|改为|改到|设为|设成|设置为|设置成|设到|提高到|降到|加到|换成")
_INDICATIVE = re.compile(r"已|了|因为|由于|导致|目前|当前|现在|显示|发现|说明|表明|原因|正在|处于|处在|状态")
_IMPERATIVE_START = re.compile(
    rf"\s*(?:同时|另外|此外|然后|并|也|先|再|最好)?(?:{_OPERATOR_ACTIONS})(?!{_REPORTED}|出|了|过)"
)
_IMPERATIVE_ANYWHERE = re.compile(
    rf"(?:^|[，,；;：:。])\s*(?:同时|另外|此外|然后|并|也|先|再|最好)?(?:{_OPERATOR_ACTIONS})"
)
_BARE_LIMIT = 4  # letters left in a clause without its marker, at most, for it to be only the marker
_LETTER = re.compile(r"\w")
# a clause that opens with a question ("是否需要回滚还需确认") asks its own; "无法判断是否有关" qualifies
_ASKS = re.compile(r"\s*(?:至于|那么)?(?:是否|是不是)")


def clause_stances(sentence: str) -> tuple[tuple[str, str], ...]:
    """The clauses of a sentence, each with what it does: `asserted`, `hedged` or `advice`.

    A hedge or an advice word governs its own clause, not the whole sentence: in "请检查数据库，其连接池
    已经耗尽" and "建议回滚，因为刚发布了新版本" the second clause still asserts (spec §9: a sentence is
    advice only where it recommends an action). A clause governed too:
    - one that carries on a hedged or advised statement ("可能是 X，导致 Y", "建议扩容，并回滚"), or that
      goes on advising in the imperative ("建议查看日志，确认原因后再处理");
    - after a clause that is only a marker and a colon ("一个猜想是：X", "建议：…"), or a leading hedge
      ("推测，X"): every clause after it;
    - before a clause that is only a hedge ("X，尚未验证", "是不是 X，目前无法确认"): that statement
      (the clause before and the clauses it carries on from). A clause that asks or advises
      ("是否需要回滚还需确认") qualifies nothing around it.

    Example:
        >>> clause_stances("请检查数据库，其连接池已经耗尽")
        (('请检查数据库，', 'advice'), ('其连接池已经耗尽', 'asserted'))
    """
    if not (search_hedged(sentence) or search_advice(sentence) or _IMPERATIVE_ANYWHERE.search(sentence)):
        return ((sentence, ASSERTED),)
    return memoised("clause_stances", sentence, _clause_stances)  # the Gatekeeper may read it again


def _clause_stances(sentence: str) -> tuple[tuple[str, str], ...]:
    clauses = _bracketed_whole([c for c in _CLAUSE_END.split(sentence) if c])
    stances: list[str] = []
    advising = False  # the clause before recommends an action (a hedged "建议确认是否…" does too)
    lead: str | None = None  # the stance a bare leading marker passes on to what follows it
    colon_lead = False  # a colon's lead governs the rest of the sentence, a comma's the next statement
    for i, clause in enumerate(clauses):
        hedge, advice = search_hedged(clause), search_advice(clause)
        stance = HEDGE if hedge else ADVISED if advice else ASSERTED
        inherited = lead
        if not colon_lead:
            lead = None
        if stance == ASSERTED:
            if i and stances[-1] != ASSERTED and (_CONTINUES.match(clause) or _KEY_COLON.search(clauses[i - 1])):
                stance = stances[-1]  # "…，并回滚", "把 track: stable 加回去" (a key's colon ends no clause)
            elif (advising and _IMPERATIVE.match(clause)) or _IMPERATIVE_START.match(clause):
                stance = ADVISED
            elif advising and _ADVICE_GOES_ON.match(clause) and not _INDICATIVE.search(clause):
                stance = ADVISED  # "建议…，之后给分析类查询单独准备从库": the advice's next step
            elif advising and _SET_TO.search(clause) and not _INDICATIVE.search(clause):
                stance = ADVISED  # "建议加数据文件，undo_retention 调到 10800": a setting the advice changes
            elif inherited is not None:
                stance = inherited
            stances.append(stance)
            advising = stance == ADVISED or (advising and stance != ASSERTED)
            continue
        stances.append(stance)
        # "建议检查 X，并确认是否…，同时关注告警": a hedged step of the advice goes on advising
        advising = advice is not None or (advising and bool(_CONTINUES.match(clause) or _IMPERATIVE.match(clause)))
        colon = clause.rstrip().endswith(("：", ":"))
        if colon and stance == ADVISED:
            lead, colon_lead = stance, True  # "建议尽快更换 sdb：mdadm … 后加入新盘重建": how, after its colon
            continue
        if not colon and (not hedge or advice or _ASKS.match(clause)):
            continue  # a question or advice of its own qualifies nothing around it
        if not _only_markers(clause):
            continue
        if colon:
            lead, colon_lead = stance, True
        elif i == 0:
            lead, colon_lead = stance, False  # "推测，X"
        else:
            # "X，尚未验证": the qualifier hedges the statement before it
            j = i - 1
            while True:
                stances[j] = HEDGE
                if j == 0 or not _CONTINUES.match(clauses[j]):
                    break
                j -= 1
    return tuple(zip(clauses, stances, strict=True))


_KEY_COLON = re.compile(r"[A-Za-z0-9_.\-]:\s*$")


def _bracketed_whole(clauses: list[str]) -> list[str]:
    """Clauses with a bracket's inside kept whole when it is only an aside of the advice around it:
    "在线整理（会占一些 CPU，挑低峰开）" is one clause; a bracket that states something of its own ("（…，它已经
    内存溢出过一次）") or never closes keeps its clauses apart."""
    if len(clauses) < 2 or not any(b in c for c in clauses for b in "（("):
        return clauses
    merged: list[str] = []
    i = 0
    while i < len(clauses):
        clause = clauses[i]
        j = i
        depth = _depth(clause)
        while depth > 0 and j + 1 < len(clauses):
            j += 1
            depth += _depth(clauses[j])
        inside = "".join(clauses[i + 1 : j + 1])
        if j > i and depth <= 0 and not _INDICATIVE.search(inside):
            merged.append(clause + inside)
            i = j + 1
        else:
            merged.append(clause)
            i += 1
    return merged


def _depth(clause: str) -> int:
    return clause.count("（") + clause.count("(") - clause.count("）") - clause.count(")")


def _only_markers(clause: str) -> bool:
    """The clause says little besides hedge or advice words ("目前无法确认", "一个猜想是：")."""
    rest = ADVICE.sub("", HEDGED.sub("", clause))
    return len(_LETTER.findall(rest)) <= _BARE_LIMIT


def assertive_text(sentence: str) -> str:
    """What a sentence asserts: its clauses no hedge or advice governs, joined ("" for none), and the
    premises an advised or hedged clause takes as given ("等 order-db-0 主从切换完成后再重启": that the
    switch-over happens; "就会因为磁盘 IO 打满而卡住": that the disk IO is saturated)."""
    stances = clause_stances(sentence)
    if len(stances) == 1 and stances[0][1] == ASSERTED:
        return sentence
    asserted = "".join(c for c, stance in stances if stance == ASSERTED).strip().rstrip("，,：:")
    premises = [p for c, stance in stances if stance != ASSERTED for p in _premises(c)]
    premises += advice_premises("".join(c for c, stance in stances if stance == ADVISED))
    return "，".join(part for part in (asserted, *premises) if part)


# what advice takes as the state of things: the state of a named thing it acts on ("把已经 NotReady 的 node-2
# 隔离", "切到刚刚主从切换上来的新主库 db-02"; not "清理已经过期的归档", which picks what to act on), the value
# a change starts from ("把连接上限从 500 调大到 1000"), how many there are in all ("隔离全部 6 台后端"); a
# target ("调大到 1000") is no premise
_NAME = r"[A-Za-z0-9/][A-Za-z0-9_.\-:/]*"
_SPAN = "[^，。；,;]{1,30}?"
_ROLES = "主库|从库|主节点|从节点|主实例|备库|备节点|leader|master"  # a role names one thing, as a name does
_FAILED_STATES = (
    "宕机|挂掉|挂了|故障|异常|写满|满了|打满|不可用|离线|不健康|notready|crashloopbackoff|oom"
    "|泄漏|泄露|内存溢出|崩溃|频繁重启|反复重启|重启中|报错|超时"
)
_ADVICE_PREMISES = re.compile(
    rf"(?:已经|已|刚刚|刚|仍然|仍在|仍|还在|正在|一直|被){_SPAN}的[\u4e00-\u9fff]{{0,6}}\s?(?:{_NAME}|{_ROLES})"
    # a named thing given a state: "宕机的 db-01", "磁盘写满的 db-01", "db-01 这台已经宕机的主库"
    rf"|(?:{_FAILED_STATES})[^，。；,;]{{0,6}}?的\s?{_NAME}"
    rf"|{_NAME}\s?(?:这台|这个|这套|那台|那个)?\s?(?:已经|已|刚刚)[^，。；,;]{{1,20}}?的"
    # a key's value a change starts from: "timeoutSeconds: 3 调大到 5"
    r"|[A-Za-z_][\w.\-]*:\s?\d[\d.]*\s?[A-Za-z%]*(?=\s?(?:调|降|升|扩|缩|改|提|加|减))"
    r"|[从由](?:现在的|当前的|目前的|原来的|默认的)?\s?\d[\d.,]*\s?[A-Za-z%个台条次秒分钟毫]*(?=\s?(?:调|降|升|扩|缩|改|提|加|减))"
    # "副本数 4 扩到 6", "调大到 1000（现在是 500）", "db-01（已宕机）", "剩下的 4 台后端"
    r"|\d[\d.,]*\s?[A-Za-z%个台条次秒分钟毫]*(?=\s?(?:扩|缩|调|降|升|改|提)到)"
    r"|[（(](?:现在|当前|目前|原来)(?:是|为|只有)?\s?[^（）()]{1,20}[）)]"
    rf"|{_NAME}\s?[（(](?:已经|已|正在|仍在)[^（）()]{{1,12}}[）)]"
    r"|(?:剩下的?|其余的?|另外的?)\s?\d+\s?(?:台|个|条|家|块|张|节点|实例|副本|pod|Pod)"
    r"|(?:全部|所有)\s?\d+\s?(?:台|个|条|家|块|张|节点|实例|副本|pod|Pod)[^\s，。；,;的后再]{0,4}",
    re.IGNORECASE,
)


def advice_premises(clause: str) -> list[str]:
    return [m.group(0).strip() for m in _ADVICE_PREMISES.finditer(clause)]


# what advice or a prediction takes as given: the state it waits for, the cause it names ("清理已经过期的
# 归档" only picks what to clean: a state given to an object is no premise read here)
_PREMISE = re.compile(r"等\s?([^，。；,;]{2,40}?)(?:之)?后再|因为([^，。；,;]{2,40}?)而")


def _premises(clause: str) -> list[str]:
    if "等" not in clause and "因为" not in clause:
        return []
    return [next(g for g in m.groups() if g) for m in _PREMISE.finditer(clause)]


# Non-ASCII characters that a case-insensitive pattern matches to an ASCII letter, or whose lower case
# is not one character (computed over every code point of Unicode 15): a text holding one takes the
# slow path. (Four substring tests: faster than a character-class scan of the text.)
_CASE_SPECIAL = ("\u0130", "\u0131", "\u017f", "\u212a")
_IGNORECASE = int(re.IGNORECASE)  # a plain int: `RegexFlag` arithmetic runs in Python


def quick_search(pattern: re.Pattern[str], cue: str | None = None) -> Callable[[str], re.Match[str] | None]:
    """`pattern.search`, ruling out most non-matches first without `re.IGNORECASE`.

    A case-insensitive scan of an alternation of literals is several times slower than a
    case-sensitive one: the pattern (all lower case) runs first over `text.lower()`, and only a text
    it matches is searched with `pattern` itself, whose match is returned. `cue` (lower case, no
    flags) replaces that first scan where the pattern's alternatives open with look-behinds, a group
    or a character class, which keep the engine from skipping ahead: it must match wherever the
    pattern does (a literal of each alternative; a test reads both over random texts).

    Example:
        >>> causal = quick_search(CAUSAL)
        >>> causal("Caused by OOM").group(0)
        'Caused by'
    """
    source = pattern.pattern
    # an upper-case escape (\S, \W, \B...) would change meaning in lower case (a cue replaces the source)
    if not pattern.flags & _IGNORECASE or (cue is None and source != source.lower()):
        return pattern.search
    if "\\\\" not in source:
        # without its word-edge assertions the pattern matches more, never less, and a scan for the
        # first characters of its literals skips ahead in C
        source = source.replace(r"\b", "")
    lowered = re.compile(cue if cue is not None else source, pattern.flags & ~_IGNORECASE).search
    full = pattern.search
    dotted_i, dotless_i, long_s, kelvin = _CASE_SPECIAL

    def search(text: str) -> re.Match[str] | None:
        if lowered(text.lower()) is None and (
            text.isascii()
            or (dotted_i not in text and dotless_i not in text and long_s not in text and kelvin not in text)
        ):
            return None
        return full(text)

    return search


search_causal = quick_search(CAUSAL)
search_evidence_causal = quick_search(EVIDENCE_CAUSAL)
search_certain = quick_search(CERTAIN)
# (cues of literals only, a character class none: the engine then skips ahead to their first characters)
search_scope = quick_search(SCOPE, cue="所|全|每|各|整|一|无|彻|均|都|all|every|each|entire|whole|complete|full")


_FIGURE_AFTER_SCOPE = re.compile(r"[^，。；;,\d]{0,16}?(\d+(?:\.\d+)*)")  # "都是因 exit code 137", "都是 3.6.1"


def figure_after_scope(text: str, scope: re.Match[str]) -> str | None:
    """The figure a scope word gives in its clause ("都是因 exit code 137" gives "137"), or None."""
    found = _FIGURE_AFTER_SCOPE.match(text, scope.end())
    return found.group(1) if found else None


def holds_figure(text: str, figure: str) -> bool:
    """`figure` stands in `text` as a number of its own ("137" in "exit code 137", not in "1370")."""
    return re.search(rf"(?<![\d.]){re.escape(figure)}(?!\d|\.\d)", text) is not None
search_total = quick_search(
    TOTAL, cue="共|合计|总|累计|加起来|之和|total|sum|combined|altogether|in all"
)
# "12 台里只有 9 台在线", "3 个中有 2 个": the first figure is the whole its parts are taken from
_PARTITION = re.compile(r"\d\s?(?:台|个|条|家|块|张|节点|实例|副本)\s?(?:里|之中|当中|中(?![间心断文台转止]))")


def says_a_whole(text: str) -> bool:
    """The sentence adds figures up (`TOTAL`) or names a whole it takes a part of (`_PARTITION`): only
    then may an answer's figure be the sum of two values of one output."""
    return search_total(text) is not None or _PARTITION.search(text) is not None
search_hedged = quick_search(HEDGED)
search_advice = quick_search(ADVICE)
search_general_knowledge = quick_search(GENERAL_KNOWLEDGE)
