"""Chinese glossary terms with a second, everyday sense that names none of their concept.

A claim that says "前镜像" means a database's before-image, "leader 变更"
is a change of leader, "从节点直接 dig" runs dig *from the node*, "挂了 redirect-https 中间件" has a
middleware attached, "ACME 处理器" is a handler, "Go 运行时" is a language's runtime. Read as the
glossary's concept (image_pull, deployment, replica, crash, cpu, container_runtime), each makes an
honest claim name something its output never carries. (A term whose two senses are both concepts, as
解析 is dns and parsing, names both in the glossary: the output carrying either covers it.)

`names_its_concept(text, term, start, end)` tells, from the words around the term in a compact
claim text (`glossary.compact`: folded, no white space next to CJK), whether this mention uses the
AIOps sense. Only the terms below are asked about; every other term always names its concept.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["SENSE_TERMS", "names_its_concept"]

# 前镜像 / 后镜像: the before- and after-images of a database's undo and redo ("所需前镜像"), not an image
# after an event ("重启后镜像拉不下来", "发布前镜像已推送")
_IMAGE_OF_A_ROW = re.compile(r"(?:^|[^\u4e00-\u9fff]|[的需旧新所其该])[前后]$")
# a change of leader, role or state ("leader 变更 4 次", "leader 发生了 4 次变更"), not a release ("master 变更"
# may be a git branch's)
_CHANGE_OF_A_ROLE = re.compile(r"(?:leader|主节点|角色|状态|拓扑|成员|任期|epoch|视图)[^，。；,;]{0,10}$")
# 从 + 节点 read as "from the node": a tool run there follows ("从节点直接 dig", "从节点上用 curl"); "从节点访问主库"
# is a replica's doing
_FROM_THE_NODE = re.compile(
    r"\s?(?:上|里|内)?\s?(?:用|执行|直接)?\s?(?:ping|dig|curl|telnet|nc\b|ssh|wget|nslookup|traceroute|mtr|抓包)"
)
# 挂了 + what is attached: "路由挂了 redirect-https 中间件", "挂了限流和认证中间件"; + a duration: "事务已经挂了
# 7 分 42 秒" has hung that long. A crash ends its clause or counts its times or its victims ("挂了 3 次",
# "挂了两个节点")
_ATTACHED = re.compile(
    r"[^，。；,;]{0,24}?(?:中间件|插件|过滤器|filter|middleware|规则|策略|注解|标签|证书|sidecar|hook|钩子|监听器|listener)"
    r"|\s?\d+(?:\.\d+)?\s?(?:秒|分|小时|个?钟头|天|min|ms|s\b|h\b)"
)
_VICTIMS = re.compile(r"节点|实例|pod|副本|broker|服务|机器|台|进程|容器")
# a bare 运行时 is "at run time" or a language's runtime ("Go 运行时") unless the sentence speaks of containers
_CONTAINER_CUE = re.compile(r"容器|container|docker|cri|kubelet|pleg|pod")
# a handler of requests or events: "acme 处理器", "事件处理器" (a host's 处理器 is its CPU: "worker-07 处理器")
_HANDLER_OF = re.compile(
    r"(?:(?<![a-z0-9])(?:acme|http|https|grpc|rpc|webhook|event|request|message|challenge)\s?|事件|请求|消息|任务|异常|回调|中断|挑战)$"
)
_LOOK_BACK = 12


def _image(text: str, start: int, end: int) -> bool:
    return _IMAGE_OF_A_ROW.search(text[max(0, start - 2) : start]) is None


def _release(text: str, start: int, end: int) -> bool:
    return _CHANGE_OF_A_ROLE.search(text[max(0, start - _LOOK_BACK) : start]) is None


def _replica(text: str, start: int, end: int) -> bool:
    if text[start] != "从":
        return True
    return _FROM_THE_NODE.match(text, end) is None


def _crash(text: str, start: int, end: int) -> bool:
    attached = _ATTACHED.match(text, end)
    return attached is None or _VICTIMS.search(attached.group(0)) is not None


def _container_runtime(text: str, start: int, end: int) -> bool:
    return _CONTAINER_CUE.search(text) is not None


def _cpu(text: str, start: int, end: int) -> bool:
    return _HANDLER_OF.search(text[max(0, start - _LOOK_BACK) : start]) is None


_SENSES: dict[str, Callable[[str, int, int], bool]] = {
    "镜像": _image,
    "变更": _release,
    "从节点": _replica,
    "挂了": _crash,
    "处理器": _cpu,
    "运行时": _container_runtime,
}
SENSE_TERMS = frozenset(_SENSES)


def names_its_concept(text: str, term: str, start: int, end: int) -> bool:
    """Whether `term` at `text[start:end]` (a compact claim text) uses its glossary concept's sense.

    Example:
        >>> names_its_concept("所需前镜像已被覆盖", "镜像", 3, 5)
        False
        >>> names_its_concept("重启后镜像拉不下来", "镜像", 3, 5)
        True
    """
    sense = _SENSES.get(term)
    return True if sense is None else sense(text, start, end)
