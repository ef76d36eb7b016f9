"""Chinese glossary terms with a second, everyday sense that names none of their concept.

A claim that says "解析 etl_sales.py" parses a file, "前镜像" is a database's before-image, "leader 变更"
is a change of leader, "从节点直接 dig" runs dig *from the node*, "挂了 redirect-https 中间件" has a
middleware attached, "ACME 处理器" is a handler. Read as the glossary's concept (dns, image_pull,
deployment, replica, crash, cpu), each makes an honest claim name something its output never carries.

`names_its_concept(text, term, start, end)` tells, from the words around the term in a compact
claim text (`glossary.compact`: folded, no white space next to CJK), whether this mention uses the
AIOps sense. Only the terms below are asked about; every other term always names its concept.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["SENSE_TERMS", "names_its_concept"]

# a bare 解析 resolves a name only where the sentence speaks of names, records or addresses
_DNS_CUE = re.compile(
    r"域名|dns|记录|nameserver|resolv|coredns|kube-dns|nslookup|\bdig\b|hosts|主机名|cname|ip|地址"
    r"|\b\d{1,3}(?:\.\d{1,3}){3}\b|\b[a-z0-9\-]+(?:\.[a-z0-9\-]+)*\.(?:com|cn|net|org|io|local|internal|svc)\b"
)
# 前镜像 / 后镜像: the before- and after-images of a database's undo and redo
_IMAGE_OF_A_ROW = re.compile(r"[前后]$")
# a change of leader, role or state ("leader 变更 4 次"), not a release
_CHANGE_OF_A_ROLE = re.compile(r"(?:leader|master|primary|主|主节点|角色|状态|拓扑|成员|任期|term|epoch|视图)\s?$")
# 从 + 节点 read as "from the node": an action follows ("从节点直接 dig", "从节点上执行 curl")
_FROM_THE_NODE = re.compile(
    r"\s?(?:上|里|内)?\s?(?:直接|发起|执行|访问|去|登录|抓包|测试|ping|dig|curl|telnet|nc\b|ssh|wget|nslookup|traceroute)"
)
# 挂了 + an object: "路由挂了 redirect-https 中间件" attaches something (a crash ends its clause)
_ATTACHED = re.compile(r"\s?(?:[a-z]|(?:一|两|几|多)个)")
# a handler of requests or events: "acme 处理器", "事件处理器"
_HANDLER_OF = re.compile(r"(?:[a-z0-9_\-]\s?|事件|请求|消息|任务|异常|回调|中断)$")
_LOOK_BACK = 12


def _dns(text: str, start: int, end: int) -> bool:
    return _DNS_CUE.search(text) is not None


def _image(text: str, start: int, end: int) -> bool:
    return _IMAGE_OF_A_ROW.search(text, max(0, start - 1), start) is None


def _release(text: str, start: int, end: int) -> bool:
    return _CHANGE_OF_A_ROLE.search(text[max(0, start - _LOOK_BACK) : start]) is None


def _replica(text: str, start: int, end: int) -> bool:
    if text[start] != "从":
        return True
    return _FROM_THE_NODE.match(text, end) is None


def _crash(text: str, start: int, end: int) -> bool:
    return _ATTACHED.match(text, end) is None


def _cpu(text: str, start: int, end: int) -> bool:
    return _HANDLER_OF.search(text[max(0, start - _LOOK_BACK) : start]) is None


_SENSES: dict[str, Callable[[str, int, int], bool]] = {
    "解析": _dns,
    "镜像": _image,
    "变更": _release,
    "从节点": _replica,
    "挂了": _crash,
    "处理器": _cpu,
}
SENSE_TERMS = frozenset(_SENSES)


def names_its_concept(text: str, term: str, start: int, end: int) -> bool:
    """Whether `term` at `text[start:end]` (a compact claim text) uses its glossary concept's sense.

    Example:
        >>> names_its_concept("scheduler日志停在06:12:41解析etl_sales.py", "解析", 21, 23)
        False
        >>> names_its_concept("域名解析到10.0.0.5", "解析", 2, 4)
        True
    """
    sense = _SENSES.get(term)
    return True if sense is None else sense(text, start, end)
