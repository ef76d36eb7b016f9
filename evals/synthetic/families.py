"""Twelve incident families of a Chinese AIOps chat, each with realistic logs, metrics and knowledge.

Every family builds an honest contract whose claims cite what the tool outputs say, and names
the hooks the fault injectors use (a number, a key entity, the inferred root cause, guidance).
"""

from __future__ import annotations

from collections.abc import Callable

from .incident import Builder, Incident, bind, claim, hhmm, kb_doc, points


def db_pool(b: Builder) -> Incident:
    r = b.rng
    svc = r.choice(["payment-service", "billing-service", "checkout-api"])
    h, m = r.randint(8, 20), r.choice([2, 5, 7, 12])
    t0, t1, t2 = hhmm(h, m - 5), hhmm(h, m), hhmm(h, m + 5)
    pool_max = r.choice([20, 30, 50, 64])
    rate = round(r.uniform(30, 90), 1)
    wait = r.choice([3000, 5000, 30000])
    logs = b.call("query_logs", {"service": svc, "level": "ERROR|WARN"}, b.logs(svc, [
        (h, m, 12, "ERROR", f"HikariPool-1 - Connection is not available, request timed out after {wait}ms."),
        (h, m, 13, "ERROR", "POST /api/v1/pay -> 503 Service Unavailable (upstream=db-primary)"),
        (h, m + 1, 40, "WARN ", "HikariPool-1 - Thread starvation or clock leap detected (housekeeper delta=1m2s)."),
    ]))
    r5xx = b.call("query_metrics", {"metric": "http_server_5xx_rate", "service": svc, "step": "5m"},
                  {"metric": "http_server_5xx_rate", "unit": "req/s", "points": points([t0, t1, t2], [0.2, rate, 3.1])})
    pool = b.call("query_metrics", {"metric": "hikaricp_connections_active", "service": svc},
                  {"metric": "hikaricp_connections_active", "max": pool_max,
                   "points": points([t0, t1, t2], [12, pool_max, pool_max])})
    kb = b.call("lookup_knowledge", {"query": "HikariPool Connection is not available"}, [
        kb_doc("rb-db-pool-001", "runbook", "数据库连接池耗尽处置手册",
               "现象：日志出现 HikariPool Connection is not available。常见原因：慢查询锁表、连接泄漏。"
               f"处置：将 maximumPoolSize 从 {pool_max} 调大，并排查慢 SQL。"),
        kb_doc("hc-2026-0311", "historical_case", "2026-03 支付连接池事故", "该次事故根因是对账任务长事务持有连接未释放。"),
        kb_doc("ref-slo-pay", "reference", "支付服务 SLO", "支付接口 5xx 比例 SLO 为 0.1%。"),
    ])
    claims = [
        claim("c1", "error", f"{t1} 起 {svc} 日志出现 HikariPool-1 获取连接超时（{wait}ms）", "direct",
              bind(logs, f"HikariPool-1 - Connection is not available, request timed out after {wait}ms", "log")),
        claim("c2", "symptom", f"{svc} 的 POST /api/v1/pay 返回 503 Service Unavailable", "direct",
              bind(logs, "POST /api/v1/pay -> 503 Service Unavailable", "log")),
        claim("c3", "metric", f"5xx 速率在 {t1} 升至 {rate} req/s", "direct",
              bind(r5xx, f'["{t1}", {rate}]', "metric", "http_server_5xx_rate")),
        claim("c4", "metric", f"连接池活跃连接数在 {t1} 达到上限 {pool_max}", "direct",
              bind(pool, f'"max": {pool_max}', "metric", "hikaricp_connections_active"),
              bind(pool, f'["{t1}", {pool_max}]', "metric", "hikaricp_connections_active")),
        claim("c5", "root_cause", "503 的直接原因是数据库连接池耗尽，请求拿不到连接而超时", "indirect",
              bind(logs, "Connection is not available", "log"),
              bind(pool, f'["{t1}", {pool_max}]', "metric", "hikaricp_connections_active")),
    ]
    answer = (f"{t1} 起 {svc} 的支付接口 POST /api/v1/pay 大量返回 503，5xx 速率升至 {rate} req/s。"
              f"连接池活跃连接数在 {t1} 达到上限 {pool_max}，日志显示获取连接等待 {wait}ms 后超时，"
              "因此 503 的直接原因是数据库连接池耗尽。连接被慢查询或长事务占用只是推测，尚需数据库侧日志确认。"
              "建议评估调大连接池并排查慢 SQL。")
    return Incident(
        family="db_pool", query=f"{svc} 今天 {h} 点后为什么大量 503？", calls=[logs, r5xx, pool, kb], claims=claims,
        hypotheses=["连接可能被慢查询或长事务长时间占用（尚未验证）"],
        actions=[f"参考连接池处置手册，评估调大 maximumPoolSize（当前 {pool_max}）", "排查慢 SQL 与长事务"],
        missing=["缺少数据库侧的慢查询日志"], answer=answer, summary=f"{svc} 连接池耗尽导致 503",
        number_claim="c3", number_literal=str(rate), entity_claim="c1", entity_literal="HikariPool-1",
        inference_claim="c5",
        guidance_doc={"call": kb, "doc_id": "hc-2026-0311", "excerpt": "对账任务长事务持有连接未释放",
                      "text": "根因是对账任务长事务持有连接未释放"},
        general_claim_text="连接池一般来说应设置为 CPU 核数的两倍左右",
        unsupported_claim_text="数据库主库在故障期间发生了主从切换",
        english_answer=f"Since {t1} the payment API returned 503 because the connection pool was exhausted.",
    )


def oom_crashloop(b: Builder) -> Incident:
    r = b.rng
    svc = r.choice(["order-service", "report-worker", "search-indexer"])
    pod = b.pod(svc)
    h, m = r.randint(9, 22), r.randint(0, 50)
    t0, t1, t2 = hhmm(h, m - 10), hhmm(h, m), hhmm(h, m + 2)
    limit_mi = r.choice([512, 768, 1024])
    limit_bytes = limit_mi * 1024 * 1024
    restarts = r.randint(3, 9)
    logs = b.call("query_logs", {"service": svc, "pod": pod}, b.logs(svc, [
        (h, m, 40, "ERROR", "java.lang.OutOfMemoryError: Java heap space"),
        (h, m, 41, "INFO ", f"kubelet: container {svc} in pod {pod} was OOMKilled (exit code 137)"),
        (h, m + 1, 52, "INFO ", f"kubelet: Back-off restarting failed container {svc} (CrashLoopBackOff)"),
    ]))
    mem = b.call("query_metrics", {"metric": "container_memory_working_set_bytes", "pod": pod},
                 {"metric": "container_memory_working_set_bytes", "pod": pod, "limit": f"{limit_mi}Mi",
                  "points": points([t0, t1], [int(limit_bytes * 0.81), limit_bytes])})
    rst = b.call("query_metrics", {"metric": "kube_pod_container_status_restarts_total", "pod": pod},
                 {"metric": "kube_pod_container_status_restarts_total", "points": points([t0, t2], [0, restarts])})
    kb = b.call("lookup_knowledge", {"query": "OOMKilled JVM heap"}, [
        kb_doc("rb-jvm-oom-002", "runbook", "JVM 内存溢出处置手册",
               "现象：容器被 OOMKilled。常见原因：堆设置超过容器 limit、内存泄漏。处置：将 -Xmx 设为 limit 的 75%。"),
        kb_doc("skill-heapdump", "skill", "采集 heap dump", "使用 jcmd <pid> GC.heap_dump 采集堆转储并用 MAT 分析。"),
    ])
    claims = [
        claim("c1", "error", f"{t1} {svc} 日志出现 java.lang.OutOfMemoryError: Java heap space", "direct",
              bind(logs, "java.lang.OutOfMemoryError: Java heap space", "log")),
        claim("c2", "symptom", f"pod {pod} 被 OOMKilled（exit code 137）后进入 CrashLoopBackOff", "direct",
              bind(logs, "was OOMKilled (exit code 137)", "event", pod),
              bind(logs, "(CrashLoopBackOff)", "event", pod)),
        claim("c3", "metric", f"内存工作集在 {t1} 达到 {limit_bytes} 字节，即 {limit_mi}Mi 的 limit", "direct",
              bind(mem, f'"limit": "{limit_mi}Mi"', "metric"), bind(mem, f'["{t1}", {limit_bytes}]', "metric")),
        claim("c4", "metric", f"{t0} 到 {t2} 之间容器重启 {restarts} 次", "direct",
              bind(rst, f'["{t2}", {restarts}]', "metric")),
        claim("c5", "root_cause", f"重启的直接原因是 JVM 堆内存耗尽，容器内存触及 {limit_mi}Mi 上限被 OOMKilled", "indirect",
              bind(logs, "java.lang.OutOfMemoryError: Java heap space", "log"),
              bind(mem, f'"limit": "{limit_mi}Mi"', "metric")),
    ]
    answer = (f"{svc} 在 {t1} 出现 java.lang.OutOfMemoryError: Java heap space，容器内存达到 {limit_mi}Mi 的 limit "
              f"后被 OOMKilled（exit code 137），随后进入 CrashLoopBackOff，{t0} 到 {t2} 之间重启 {restarts} 次。"
              "因此重启的直接原因是 JVM 堆内存耗尽。是否存在内存泄漏尚需 heap dump 确认。建议将 -Xmx 设为 limit 的 75%。")
    return Incident(
        family="oom_crashloop", query=f"{svc} 为什么一直重启？", calls=[logs, mem, rst, kb], claims=claims,
        hypotheses=["可能存在内存泄漏，尚未验证"], actions=["参考处置手册将 -Xmx 设为 limit 的 75%", "采集 heap dump 分析"],
        missing=["缺少 heap dump"], answer=answer, summary=f"{svc} OOMKilled 后 CrashLoopBackOff",
        number_claim="c4", number_literal=str(restarts), entity_claim="c2", entity_literal=pod, inference_claim="c5",
        guidance_doc={"call": kb, "doc_id": "rb-jvm-oom-002", "excerpt": "堆设置超过容器 limit",
                      "text": "根因是堆设置超过容器 limit"},
        general_claim_text="JVM 默认最大堆通常为物理内存的四分之一",
        unsupported_claim_text="内存增长来自一次新上线的批量导出功能",
        english_answer=f"The {svc} pod was OOMKilled at {t1} and entered CrashLoopBackOff.",
    )


def disk_full(b: Builder) -> Incident:
    r = b.rng
    node = f"node-{r.randint(1, 40):02d}.prod.internal"
    svc = r.choice(["mysql-primary", "log-collector", "es-data"])
    h, m = r.randint(0, 23), r.randint(0, 50)
    t0, t1 = hhmm(h, m - 30), hhmm(h, m)
    used = round(r.uniform(97.1, 99.9), 1)
    before = round(r.uniform(60, 80), 1)
    logs = b.call("query_logs", {"host": node, "service": svc}, b.logs(svc, [
        (h, m, 3, "ERROR", f"write /data/{svc}/binlog.000123 failed: No space left on device (errno 28)"),
        (h, m, 9, "ERROR", "InnoDB: Error: Write to file ./ibtmp1 failed at offset 0. Operating system error number 28."),
    ]))
    disk = b.call("query_metrics", {"metric": "node_filesystem_used_percent", "host": node, "mount": "/data"},
                  {"metric": "node_filesystem_used_percent", "host": node, "mount": "/data", "unit": "%",
                   "points": points([t0, t1], [before, used])})
    kb = b.call("lookup_knowledge", {"query": "No space left on device"}, [
        kb_doc("rb-disk-007", "runbook", "磁盘写满处置",
               "常见原因：binlog 未按时清理、日志轮转失效。处置：执行 PURGE BINARY LOGS 并扩容 /data。"),
        kb_doc("hc-2025-1102", "historical_case", "2025-11 es 集群磁盘写满", "该次根因是快照任务失败后临时文件未清理。"),
    ])
    claims = [
        claim("c1", "error", f"{t1} {svc} 写入 /data/{svc}/binlog.000123 失败，日志报 No space left on device（errno 28）", "direct",
              bind(logs, f"write /data/{svc}/binlog.000123 failed: No space left on device (errno 28)", "log")),
        claim("c2", "metric", f"{node} 的 /data 使用率从 {t0} 的 {before}% 升至 {t1} 的 {used}%", "direct",
              bind(disk, f'["{t0}", {before}], ["{t1}", {used}]', "metric", "node_filesystem_used_percent")),
        claim("c3", "root_cause", f"{svc} 写入失败是因为 /data 磁盘写满", "indirect",
              bind(logs, "No space left on device", "log"), bind(disk, f'["{t1}", {used}]', "metric")),
    ]
    answer = (f"{t1} {svc} 写入 /data 失败，日志报 No space left on device（errno 28）；{node} 的 /data 使用率从 "
              f"{before}% 升至 {used}%。因此写入失败是因为磁盘写满。是什么文件占满磁盘尚需进一步确认。建议清理 binlog 并扩容。")
    return Incident(
        family="disk_full", query=f"{svc} 为什么写不进数据了？", calls=[logs, disk, kb], claims=claims,
        hypotheses=["可能是 binlog 未清理，尚未验证"], actions=["参考手册清理 binlog", "扩容 /data"],
        missing=["缺少 /data 目录的占用明细"], answer=answer, summary=f"{node} /data 写满",
        number_claim="c2", number_literal=str(used), entity_claim="c1", entity_literal="binlog.000123", inference_claim="c3",
        guidance_doc={"call": kb, "doc_id": "rb-disk-007", "excerpt": "binlog 未按时清理", "text": "根因是 binlog 未按时清理"},
        general_claim_text="业界一般建议磁盘使用率较高时就提前告警",
        unsupported_claim_text="磁盘被一次全量备份任务写满",
        english_answer=f"The disk /data on {node} is full, so writes fail.",
    )


def cert_expiry(b: Builder) -> Incident:
    r = b.rng
    gw = r.choice(["api-gateway", "edge-proxy", "ingress-nginx"])
    host = r.choice(["api.example.com", "pay.example.com", "open.example.cn"])
    h, m = r.randint(0, 9), r.randint(0, 50)
    fails = r.randint(1200, 9800)
    logs = b.call("query_logs", {"service": gw}, b.logs(gw, [
        (h, m, 0, "ERROR", f"TLS handshake error from 10.8.3.21:51234: x509: certificate has expired or is not yet valid (host={host})"),
        (h, m, 5, "ERROR", f"upstream SSL certificate verify failed for {host}: certificate expired on {b.date}T00:00:00Z"),
    ]))
    cert = b.call("query_metrics", {"metric": "ssl_certificate_expiry_days", "host": host},
                  {"metric": "ssl_certificate_expiry_days", "host": host, "value": 0, "not_after": f"{b.date}T00:00:00Z"})
    errs = b.call("query_metrics", {"metric": "tls_handshake_failures_total", "service": gw},
                  {"metric": "tls_handshake_failures_total", "window": "30m", "value": fails})
    kb = b.call("lookup_knowledge", {"query": "x509 certificate has expired"}, [
        kb_doc("rb-cert-003", "runbook", "证书过期处置", "处置：通过 cert-manager 重新签发并滚动重启网关。常见原因：自动续期任务失败。"),
    ])
    claims = [
        claim("c1", "error", f"{gw} 日志出现 x509: certificate has expired，涉及 {host}", "direct",
              bind(logs, f"x509: certificate has expired or is not yet valid (host={host})", "log")),
        claim("c2", "config", f"{host} 的证书于 {b.date}T00:00:00Z 过期，剩余有效天数为 0", "direct",
              bind(cert, f'"value": 0, "not_after": "{b.date}T00:00:00Z"', "metric", "ssl_certificate_expiry_days")),
        claim("c3", "metric", f"30 分钟内 TLS 握手失败 {fails} 次", "direct",
              bind(errs, f'"value": {fails}', "metric")),
        claim("c4", "root_cause", "客户端连接失败是因为证书过期导致 TLS 握手失败", "indirect",
              bind(logs, "x509: certificate has expired", "log"), bind(cert, '"value": 0', "metric")),
    ]
    answer = (f"{gw} 日志出现 x509: certificate has expired，{host} 的证书于 {b.date}T00:00:00Z 过期，"
              f"30 分钟内 TLS 握手失败 {fails} 次。因此连接失败是因为证书过期。续期失败的原因尚待确认。建议尽快重新签发证书。")
    return Incident(
        family="cert_expiry", query=f"{host} 为什么访问不了，报证书错误？", calls=[logs, cert, errs, kb], claims=claims,
        hypotheses=["自动续期任务可能失败，尚未验证"], actions=["参考手册通过 cert-manager 重新签发证书", "滚动重启网关"],
        missing=["缺少 cert-manager 的续期日志"], answer=answer, summary=f"{host} 证书过期",
        number_claim="c3", number_literal=str(fails), entity_claim="c1", entity_literal=host, inference_claim="c4",
        guidance_doc={"call": kb, "doc_id": "rb-cert-003", "excerpt": "自动续期任务失败", "text": "根因是自动续期任务失败"},
        general_claim_text="公共 CA 签发的证书通常有效期较短，需要自动续期",
        unsupported_claim_text="证书是被人为吊销的",
        english_answer=f"The certificate of {host} expired, so TLS handshakes fail.",
    )


def dns_failure(b: Builder) -> Incident:
    r = b.rng
    svc = r.choice(["cart-service", "user-service", "notify-service"])
    target = r.choice(["redis-master.cache.svc.cluster.local", "mysql-ro.db.svc.cluster.local"])
    h, m = r.randint(8, 22), r.randint(0, 50)
    t1 = hhmm(h, m)
    servfail = round(r.uniform(20, 60), 1)
    logs = b.call("query_logs", {"service": svc}, b.logs(svc, [
        (h, m, 1, "ERROR", f"dial tcp: lookup {target} on 10.96.0.10:53: no such host"),
        (h, m, 30, "ERROR", f"dial tcp: lookup {target} on 10.96.0.10:53: i/o timeout"),
    ]))
    dns = b.call("query_metrics", {"metric": "coredns_dns_responses_total", "rcode": "SERVFAIL"},
                 {"metric": "coredns_servfail_ratio", "unit": "%", "points": points([hhmm(h, m - 5), t1], [0.1, servfail])})
    coredns = b.call("query_logs", {"service": "coredns", "namespace": "kube-system"}, b.logs("coredns", [
        (h, m, 2, "ERROR", "plugin/errors: 2 SERVFAIL: read udp 10.244.1.5:40312->10.0.0.2:53: i/o timeout"),
    ], noise=3))
    kb = b.call("lookup_knowledge", {"query": "coredns SERVFAIL no such host"}, [
        kb_doc("rb-dns-004", "runbook", "集群 DNS 故障排查", "常见原因：上游 DNS 不可达、CoreDNS 副本不足。处置：检查 forward 配置并扩容 CoreDNS。"),
    ])
    claims = [
        claim("c1", "error", f"{svc} 解析 {target} 失败，报 no such host 和 i/o timeout", "direct",
              bind(logs, f"lookup {target} on 10.96.0.10:53: no such host", "log"),
              bind(logs, "i/o timeout", "log")),
        claim("c2", "metric", f"CoreDNS SERVFAIL 比例在 {t1} 升至 {servfail}%", "direct",
              bind(dns, f'["{t1}", {servfail}]', "metric")),
        claim("c3", "error", "CoreDNS 向上游 10.0.0.2:53 转发查询超时", "direct",
              bind(coredns, "10.0.0.2:53: i/o timeout", "log")),
        claim("c4", "root_cause", f"{svc} 的解析失败由 CoreDNS 上游查询超时引起", "indirect",
              bind(coredns, "SERVFAIL", "log"), bind(logs, "no such host", "log")),
    ]
    answer = (f"{svc} 解析 {target} 失败（no such host / i/o timeout），CoreDNS SERVFAIL 比例在 {t1} 升至 {servfail}%，"
              "CoreDNS 向上游 10.0.0.2:53 转发查询超时。因此解析失败由上游 DNS 超时引起。上游不可达的原因尚需网络侧确认。"
              "建议检查 CoreDNS forward 配置。")
    return Incident(
        family="dns_failure", query=f"{svc} 为什么连不上缓存？", calls=[logs, dns, coredns, kb], claims=claims,
        hypotheses=["上游 DNS 可能不可达，尚未验证"], actions=["检查 CoreDNS forward 配置", "必要时扩容 CoreDNS"],
        missing=["缺少上游 DNS 的连通性检测结果"], answer=answer, summary="CoreDNS 上游超时导致解析失败",
        number_claim="c2", number_literal=str(servfail), entity_claim="c3", entity_literal="10.0.0.2:53",
        inference_claim="c4",
        guidance_doc={"call": kb, "doc_id": "rb-dns-004", "excerpt": "CoreDNS 副本不足", "text": "根因是 CoreDNS 副本不足"},
        general_claim_text="集群 DNS 默认的搜索域配置通常会放大查询量",
        unsupported_claim_text="昨晚的网络策略变更屏蔽了 DNS 流量",
        english_answer=f"{svc} cannot resolve {target} because upstream DNS timed out.",
    )


def slow_sql(b: Builder) -> Incident:
    r = b.rng
    svc = r.choice(["inventory-service", "coupon-service", "member-service"])
    h, m = r.randint(9, 21), r.randint(0, 50)
    t0, t1 = hhmm(h, m - 5), hhmm(h, m)
    qt = round(r.uniform(8, 40), 2)
    rows = r.randint(2_000_000, 9_000_000)
    p99 = r.randint(2500, 9000)
    slow = b.call("query_logs", {"source": "mysql-slow-log", "db": "inventory"}, b.logs("mysql", [
        (h, m, 7, "WARN ", f"# Query_time: {qt}  Lock_time: 0.000  Rows_sent: 20  Rows_examined: {rows} "
                          "SELECT * FROM sku_stock WHERE updated_at > ? ORDER BY updated_at LIMIT 20"),
    ], noise=2))
    lat = b.call("query_metrics", {"metric": "http_request_duration_p99_ms", "service": svc},
                 {"metric": "http_request_duration_p99_ms", "unit": "ms", "points": points([t0, t1], [180, p99])})
    kb = b.call("lookup_knowledge", {"query": "slow query Rows_examined"}, [
        kb_doc("skill-explain", "skill", "分析慢查询", "对慢 SQL 执行 EXPLAIN，关注 type=ALL 与 rows。常见原因：缺少索引。"),
        kb_doc("ref-sku-schema", "reference", "sku_stock 表结构", "sku_stock 表约 900 万行，索引：PRIMARY(id)。"),
    ])
    claims = [
        claim("c1", "symptom", f"慢查询日志记录一条 SQL 耗时 {qt} 秒，扫描 {rows} 行", "direct",
              bind(slow, f"Query_time: {qt}", "log"), bind(slow, f"Rows_examined: {rows}", "log")),
        claim("c2", "metric", f"{svc} 的 P99 延迟从 {t0} 的 180ms 升至 {t1} 的 {p99}ms", "direct",
              bind(lat, f'["{t0}", 180], ["{t1}", {p99}]', "metric")),
        claim("c3", "root_cause", f"{svc} 延迟升高与 sku_stock 表的全表扫描慢查询有关", "indirect",
              bind(slow, "SELECT * FROM sku_stock WHERE updated_at > ?", "log"), bind(lat, f'["{t1}", {p99}]', "metric")),
    ]
    answer = (f"慢查询日志记录一条 SQL 耗时 {qt} 秒，扫描 {rows} 行；{svc} 的 P99 延迟从 180ms 升至 {p99}ms。"
              "延迟升高与 sku_stock 表的慢查询有关。是否缺少 updated_at 索引尚需 EXPLAIN 确认。建议为 updated_at 评估加索引。")
    return Incident(
        family="slow_sql", query=f"{svc} 接口为什么突然变慢？", calls=[slow, lat, kb], claims=claims,
        hypotheses=["sku_stock 可能缺少 updated_at 索引，尚未验证"], actions=["对慢 SQL 执行 EXPLAIN", "评估为 updated_at 加索引"],
        missing=["缺少 EXPLAIN 结果"], answer=answer, summary="慢 SQL 拖慢接口",
        number_claim="c2", number_literal=str(p99), entity_claim="c3", entity_literal="sku_stock", inference_claim="c3",
        guidance_doc={"call": kb, "doc_id": "skill-explain", "excerpt": "常见原因：缺少索引", "text": "根因是 sku_stock 表缺少索引"},
        general_claim_text="MySQL 默认只记录超过阈值的慢查询",
        unsupported_claim_text="慢查询来自一次新发布的报表功能",
        english_answer=f"{svc} is slow because of a full scan on sku_stock.",
    )


def cache_avalanche(b: Builder) -> Incident:
    r = b.rng
    svc = r.choice(["product-service", "feed-service", "price-service"])
    h, m = r.randint(9, 22), r.choice([0, 10, 20, 30])
    t0, t1 = hhmm(h, m - 5), hhmm(h, m)
    hit_after = round(r.uniform(5, 25), 1)
    qps_before, qps_after = r.randint(800, 1500), r.randint(9000, 20000)
    logs = b.call("query_logs", {"service": svc}, b.logs(svc, [
        (h, m, 0, "WARN ", "cache miss storm: 48213 keys expired within 1s (prefix=product:detail:)"),
        (h, m, 2, "ERROR", "query timeout after 2000 ms on mysql-ro"),
    ]))
    hit = b.call("query_metrics", {"metric": "redis_keyspace_hit_ratio", "service": svc},
                 {"metric": "redis_keyspace_hit_ratio", "unit": "%", "points": points([t0, t1], [97.2, hit_after])})
    qps = b.call("query_metrics", {"metric": "mysql_global_status_queries_rate", "instance": "mysql-ro"},
                 {"metric": "mysql_queries_per_second", "unit": "qps", "points": points([t0, t1], [qps_before, qps_after])})
    kb = b.call("lookup_knowledge", {"query": "缓存雪崩"}, [
        kb_doc("rb-cache-005", "runbook", "缓存雪崩处置", "常见原因：大量 key 设置了相同的过期时间。处置：过期时间加随机抖动，热点 key 预热。"),
    ])
    claims = [
        claim("c1", "symptom", f"{t1} 前缀 product:detail: 的 48213 个 key 在 1 秒内过期", "direct",
              bind(logs, "48213 keys expired within 1s (prefix=product:detail:)", "log")),
        claim("c2", "metric", f"Redis 命中率从 97.2% 降至 {hit_after}%", "direct",
              bind(hit, f'["{t0}", 97.2], ["{t1}", {hit_after}]', "metric")),
        claim("c3", "metric", f"mysql-ro 查询量从 {qps_before} qps 升至 {qps_after} qps", "direct",
              bind(qps, f'["{t0}", {qps_before}], ["{t1}", {qps_after}]', "metric")),
        claim("c4", "root_cause", "大量 key 同时过期导致请求穿透到数据库，造成数据库过载", "indirect",
              bind(logs, "keys expired within 1s", "log"), bind(qps, f'["{t1}", {qps_after}]', "metric")),
    ]
    answer = (f"{t1} 前缀 product:detail: 的 48213 个 key 在 1 秒内过期，Redis 命中率从 97.2% 降至 {hit_after}%，"
              f"mysql-ro 查询量从 {qps_before} qps 升至 {qps_after} qps。因此大量 key 同时过期导致请求穿透到数据库。"
              "过期时间为何集中尚需确认。建议为过期时间加随机抖动。")
    return Incident(
        family="cache_avalanche", query=f"{svc} 为什么整点后大量超时？", calls=[logs, hit, qps, kb], claims=claims,
        hypotheses=["这批 key 可能由同一批任务写入且 TTL 相同，尚未验证"], actions=["过期时间加随机抖动", "预热热点 key"],
        missing=["缺少写入这批 key 的任务信息"], answer=answer, summary="缓存雪崩导致数据库过载",
        number_claim="c2", number_literal=str(hit_after), entity_claim="c3", entity_literal="mysql-ro",
        inference_claim="c4",
        guidance_doc={"call": kb, "doc_id": "rb-cache-005", "excerpt": "大量 key 设置了相同的过期时间",
                      "text": "根因是大量 key 设置了相同的过期时间"},
        general_claim_text="缓存雪崩通常发生在整点批量过期的场景",
        unsupported_claim_text="Redis 集群在故障期间发生了主从切换",
        english_answer="A cache avalanche pushed load to the database.",
    )


def mq_backlog(b: Builder) -> Incident:
    r = b.rng
    group = r.choice(["order-events-consumer", "settle-consumer", "audit-sink"])
    topic = r.choice(["order-events", "settle-events", "audit-log"])
    h, m = r.randint(8, 22), r.randint(0, 50)
    t0, t1 = hhmm(h, m - 10), hhmm(h, m)
    lag = r.randint(400_000, 2_000_000)
    rebal = r.randint(4, 12)
    logs = b.call("query_logs", {"service": group}, b.logs(group, [
        (h, m, 5, "WARN ", f"[Consumer groupId={group}] Member consumer-3 sending LeaveGroup request: "
                           "consumer poll timeout has expired (max.poll.interval.ms=300000)"),
        (h, m, 6, "INFO ", f"[Consumer groupId={group}] (Re-)joining group after rebalance"),
    ]))
    lagm = b.call("query_metrics", {"metric": "kafka_consumergroup_lag", "group": group, "topic": topic},
                  {"metric": "kafka_consumergroup_lag", "topic": topic, "points": points([t0, t1], [1200, lag])})
    reb = b.call("query_metrics", {"metric": "kafka_consumer_rebalances_total", "group": group},
                 {"metric": "kafka_consumer_rebalances_total", "window": "1h", "value": rebal})
    kb = b.call("lookup_knowledge", {"query": "consumer lag rebalance"}, [
        kb_doc("rb-kafka-006", "runbook", "Kafka 消费积压处置", "常见原因：单条消息处理过慢导致 poll 超时反复 rebalance。处置：调小 max.poll.records。"),
    ])
    claims = [
        claim("c1", "metric", f"{topic} 的消费积压从 1200 升至 {lag}", "direct",
              bind(lagm, f'["{t0}", 1200], ["{t1}", {lag}]', "metric")),
        claim("c2", "error", f"{group} 的 consumer-3 因 poll 超时（max.poll.interval.ms=300000）离开消费组", "direct",
              bind(logs, "consumer poll timeout has expired (max.poll.interval.ms=300000)", "log")),
        claim("c3", "metric", f"过去 1h 消费组发生 {rebal} 次 rebalance", "direct", bind(reb, f'"value": {rebal}', "metric")),
        claim("c4", "root_cause", "积压是因为消费者处理超时引发反复 rebalance，消费停滞", "indirect",
              bind(logs, "consumer poll timeout has expired", "log"), bind(reb, f'"value": {rebal}', "metric")),
    ]
    answer = (f"{topic} 的消费积压从 1200 升至 {lag}；{group} 的 consumer-3 因 poll 超时"
              f"（max.poll.interval.ms=300000）离开消费组，过去 1h 发生 {rebal} 次 rebalance。"
              "因此积压是因为反复 rebalance 导致消费停滞。单条消息为何处理变慢尚需确认。建议调小 max.poll.records。")
    return Incident(
        family="mq_backlog", query=f"{topic} 为什么积压这么多？", calls=[logs, lagm, reb, kb], claims=claims,
        hypotheses=["单条消息处理可能变慢，尚未验证"], actions=["参考手册调小 max.poll.records", "扩容消费者"],
        missing=["缺少单条消息处理耗时指标"], answer=answer, summary="消费者反复 rebalance 导致积压",
        number_claim="c1", number_literal=str(lag), entity_claim="c2", entity_literal="consumer-3", inference_claim="c4",
        guidance_doc={"call": kb, "doc_id": "rb-kafka-006", "excerpt": "单条消息处理过慢导致 poll 超时反复 rebalance",
                      "text": "根因是单条消息处理过慢导致 poll 超时"},
        general_claim_text="Kafka 消费者默认配置一般来说足以应对常规流量",
        unsupported_claim_text="积压由上游突发流量翻倍引起",
        english_answer=f"The consumer group lags on {topic} because of repeated rebalances.",
    )


def bad_config(b: Builder) -> Incident:
    r = b.rng
    svc = r.choice(["recommend-api", "search-api", "ads-api"])
    key = r.choice(["feature.newRanker.enabled", "ranker.model.version", "search.rewrite.enabled"])
    h, m = r.randint(9, 20), r.randint(0, 50)
    t_push, t_err = hhmm(h, m), hhmm(h, m + 1)
    err_rate = round(r.uniform(12, 45), 1)
    change = b.call("query_logs", {"source": "config-center", "app": svc}, b.logs("config-center", [
        (h, m, 0, "INFO ", f"release #{r.randint(3000, 9999)} pushed by deployer: app={svc} key={key} value=true"),
    ], noise=2))
    logs = b.call("query_logs", {"service": svc, "level": "ERROR"}, b.logs(svc, [
        (h, m + 1, 3, "ERROR", "java.lang.NullPointerException: Cannot invoke \"RankerModel.score()\" because \"model\" is null"),
    ]))
    err = b.call("query_metrics", {"metric": "http_error_ratio", "service": svc},
                 {"metric": "http_error_ratio", "unit": "%", "points": points([hhmm(h, m - 4), t_err], [0.3, err_rate])})
    kb = b.call("lookup_knowledge", {"query": "配置发布 回滚"}, [
        kb_doc("rb-config-008", "runbook", "配置变更回滚", "处置：在配置中心回滚到上一版本。常见原因：新开关依赖的模型未加载。"),
    ])
    claims = [
        claim("c1", "change", f"{t_push} 配置中心向 {svc} 发布了 {key}=true", "direct",
              bind(change, f"app={svc} key={key} value=true", "config")),
        claim("c2", "error", f"{t_err} 起 {svc} 出现 java.lang.NullPointerException（RankerModel 为空）", "direct",
              bind(logs, "java.lang.NullPointerException", "log"), bind(logs, "RankerModel.score()", "log")),
        claim("c3", "metric", f"错误率从 0.3% 升至 {err_rate}%", "direct",
              bind(err, f'["{t_err}", {err_rate}]', "metric"), bind(err, "0.3", "metric")),
        claim("c4", "root_cause", f"错误由 {t_push} 的配置发布 {key}=true 引起", "indirect",
              bind(change, f"key={key} value=true", "config"), bind(logs, "NullPointerException", "log")),
    ]
    answer = (f"{t_push} 配置中心向 {svc} 发布了 {key}=true，{t_err} 起出现 java.lang.NullPointerException，"
              f"错误率从 0.3% 升至 {err_rate}%。因此错误由这次配置发布引起。模型为何未加载尚需确认。建议先在配置中心回滚。")
    return Incident(
        family="bad_config", query=f"{svc} 刚才为什么报错率飙升？", calls=[change, logs, err, kb], claims=claims,
        hypotheses=["新开关依赖的模型可能未加载，尚未验证"], actions=["在配置中心回滚到上一版本"],
        missing=["缺少模型加载日志"], answer=answer, summary="配置发布引发空指针",
        number_claim="c3", number_literal=str(err_rate), entity_claim="c1", entity_literal=key,
        inference_claim="c4",
        guidance_doc={"call": kb, "doc_id": "rb-config-008", "excerpt": "新开关依赖的模型未加载",
                      "text": "根因是新开关依赖的模型未加载"},
        general_claim_text="业界最佳实践是配置变更先小流量灰度",
        unsupported_claim_text="同一时间还有一次代码发布",
        english_answer=f"The config push of {key} caused NullPointerException errors.",
    )


def dependency_timeout(b: Builder) -> Incident:
    r = b.rng
    svc = r.choice(["trade-service", "loan-service", "refund-service"])
    dep = r.choice(["risk-service", "credit-service", "kyc-service"])
    h, m = r.randint(9, 21), r.randint(0, 50)
    t0, t1 = hhmm(h, m - 5), hhmm(h, m)
    timeout = r.choice([1000, 2000, 3000])
    p99 = r.randint(timeout + 200, timeout * 3)
    logs = b.call("query_logs", {"service": svc}, b.logs(svc, [
        (h, m, 11, "ERROR", f"feign.RetryableException: Read timed out executing POST http://{dep}/api/check"),
        (h, m, 12, "ERROR", f"call {dep} failed after {timeout} ms: SocketTimeoutException"),
    ]))
    lat = b.call("query_metrics", {"metric": "http_client_duration_p99_ms", "service": svc, "target": dep},
                 {"metric": "http_client_duration_p99_ms", "target": dep, "unit": "ms", "points": points([t0, t1], [95, p99])})
    kb = b.call("lookup_knowledge", {"query": "Read timed out 下游超时"}, [
        kb_doc("hc-2026-0520", "historical_case", "2026-05 风控超时事件", f"该次根因是 {dep} 的线程池打满。"),
        kb_doc("rb-timeout-009", "runbook", "下游超时处置", "处置：开启熔断降级，必要时调大超时。"),
    ])
    claims = [
        claim("c1", "error", f"{svc} 调用 {dep} 报 Read timed out / SocketTimeoutException", "direct",
              bind(logs, "Read timed out executing POST", "log"), bind(logs, "SocketTimeoutException", "log")),
        claim("c2", "metric", f"调用 {dep} 的 P99 从 95ms 升至 {p99}ms，超过 {timeout}ms 超时设置", "direct",
              bind(lat, f'["{t0}", 95], ["{t1}", {p99}]', "metric"), bind(logs, f"failed after {timeout} ms", "log")),
        claim("c3", "root_cause", f"{svc} 的失败由下游 {dep} 响应变慢引起", "indirect",
              bind(lat, f'["{t1}", {p99}]', "metric"), bind(logs, "Read timed out", "log")),
    ]
    answer = (f"{svc} 调用 {dep} 报 Read timed out / SocketTimeoutException，P99 从 95ms 升至 {p99}ms，"
              f"超过 {timeout}ms 超时设置。因此失败由下游 {dep} 变慢引起。{dep} 变慢的原因尚需其自身指标确认。建议开启熔断降级。")
    return Incident(
        family="dependency_timeout", query=f"{svc} 为什么下单失败？", calls=[logs, lat, kb], claims=claims,
        hypotheses=[f"{dep} 可能线程池打满，尚未验证"], actions=["开启熔断降级", f"查看 {dep} 自身指标"],
        missing=[f"缺少 {dep} 的服务端指标"], answer=answer, summary=f"下游 {dep} 超时",
        number_claim="c2", number_literal=str(p99), entity_claim="c1", entity_literal=dep, inference_claim="c3",
        guidance_doc={"call": kb, "doc_id": "hc-2026-0520", "excerpt": "线程池打满", "text": f"根因是 {dep} 的线程池打满"},
        general_claim_text="Feign 客户端默认会对读超时进行重试",
        unsupported_claim_text="下游刚刚完成了一次扩容",
        english_answer=f"{svc} fails because {dep} is slow.",
    )


def node_notready(b: Builder) -> Incident:
    r = b.rng
    node = f"k8s-worker-{r.randint(1, 60):02d}"
    h, m = r.randint(0, 23), r.randint(0, 50)
    t1 = hhmm(h, m)
    pods = r.randint(12, 48)
    kubelet = b.call("query_logs", {"host": node, "unit": "kubelet"}, b.logs("kubelet", [
        (h, m, 0, "ERROR", "PLEG is not healthy: pleg was last seen active 3m10s ago; threshold is 3m0s"),
        (h, m, 20, "WARN ", f"Node {node} status is now: NodeNotReady"),
    ]))
    cond = b.call("query_metrics", {"metric": "kube_node_status_condition", "node": node},
                  {"node": node, "condition": "Ready", "status": "false", "since": t1, "evicted_pods": pods})
    kb = b.call("lookup_knowledge", {"query": "PLEG is not healthy"}, [
        kb_doc("rb-node-010", "runbook", "节点 NotReady 处置", "常见原因：容器运行时卡死、磁盘压力。处置：重启 containerd 并驱逐节点。"),
    ])
    claims = [
        claim("c1", "error", f"{node} 的 kubelet 报 PLEG is not healthy（超过 3m0s 阈值）", "direct",
              bind(kubelet, "PLEG is not healthy: pleg was last seen active 3m10s ago; threshold is 3m0s", "log")),
        claim("c2", "symptom", f"{t1} 起 {node} 的 Ready 状态为 false", "direct",
              bind(cond, f'"condition": "Ready", "status": "false", "since": "{t1}"', "metric")),
        claim("c3", "impact", f"{node} 上有 {pods} 个 pod 被驱逐", "direct",
              bind(cond, f'"evicted_pods": {pods}', "metric")),
        claim("c4", "root_cause", f"{node} NotReady 由 PLEG 不健康引起，容器运行时可能无响应", "indirect",
              bind(kubelet, "PLEG is not healthy", "log"), bind(cond, '"status": "false"', "metric")),
    ]
    answer = (f"{node} 的 kubelet 报 PLEG is not healthy，{t1} 起该节点 Ready 状态为 false，{pods} 个 pod 被驱逐。"
              "因此 NotReady 由 PLEG 不健康引起。容器运行时为何卡住尚需确认。建议重启 containerd。")
    return Incident(
        family="node_notready", query=f"{node} 为什么 NotReady 了？", calls=[kubelet, cond, kb], claims=claims,
        hypotheses=["containerd 可能卡死，尚未验证"], actions=["重启 containerd", "必要时驱逐并下线节点"],
        missing=["缺少 containerd 日志"], answer=answer, summary=f"{node} PLEG 不健康",
        number_claim="c3", number_literal=str(pods), entity_claim="c1", entity_literal=node, inference_claim="c4",
        guidance_doc={"call": kb, "doc_id": "rb-node-010", "excerpt": "容器运行时卡死", "text": "根因是容器运行时卡死"},
        general_claim_text="节点失联后控制面默认会等待一段宽限期再标记不可用",
        unsupported_claim_text="节点内核在故障前升级过",
        english_answer=f"Node {node} is not ready because PLEG is unhealthy.",
    )


def rate_limiting(b: Builder) -> Incident:
    r = b.rng
    svc = r.choice(["open-api", "partner-gateway", "sms-api"])
    client = r.choice(["partner-a17", "app-ios", "merchant-8812"])
    h, m = r.randint(8, 22), r.randint(0, 50)
    t0, t1 = hhmm(h, m - 5), hhmm(h, m)
    limit = r.choice([200, 500, 1000])
    rejects = round(r.uniform(50, 400), 1)
    logs = b.call("query_logs", {"service": svc}, b.logs(svc, [
        (h, m, 8, "WARN ", f"429 Too Many Requests: client={client} limit={limit}/s policy=per-client"),
    ]))
    rej = b.call("query_metrics", {"metric": "ratelimit_rejected_rate", "service": svc, "client": client},
                 {"metric": "ratelimit_rejected_rate", "client": client, "unit": "req/s", "points": points([t0, t1], [0, rejects])})
    kb = b.call("lookup_knowledge", {"query": "429 限流"}, [
        kb_doc("rb-rl-011", "runbook", "限流触发处置", "处置：确认调用方是否异常重试；必要时临时提高限额。常见原因：调用方重试风暴。"),
    ])
    claims = [
        claim("c1", "error", f"{svc} 对 {client} 返回 429 Too Many Requests，限额 {limit}/s", "direct",
              bind(logs, f"429 Too Many Requests: client={client} limit={limit}/s", "log")),
        claim("c2", "metric", f"{client} 被限流拒绝的速率在 {t1} 达到 {rejects} req/s", "direct",
              bind(rej, f'["{t1}", {rejects}]', "metric")),
        claim("c3", "root_cause", f"{client} 的请求失败是因为超过了按调用方限流的阈值", "indirect",
              bind(logs, "policy=per-client", "log"), bind(rej, f'["{t1}", {rejects}]', "metric")),
    ]
    answer = (f"{svc} 对 {client} 返回 429 Too Many Requests（限额 {limit}/s），{t1} 被拒绝速率达到 {rejects} req/s。"
              "因此请求失败是因为超过了限流阈值。调用方为何突增尚需确认。建议先确认调用方是否异常重试。")
    return Incident(
        family="rate_limiting", query=f"{client} 反馈调用 {svc} 一直失败，怎么回事？", calls=[logs, rej, kb], claims=claims,
        hypotheses=["调用方可能存在重试风暴，尚未验证"], actions=["确认调用方重试策略", "必要时临时提高限额"],
        missing=["缺少调用方侧的请求日志"], answer=answer, summary=f"{client} 触发限流",
        number_claim="c2", number_literal=str(rejects), entity_claim="c1", entity_literal=client, inference_claim="c3",
        guidance_doc={"call": kb, "doc_id": "rb-rl-011", "excerpt": "调用方重试风暴", "text": "根因是调用方重试风暴"},
        general_claim_text="网关限流一般来说采用令牌桶算法",
        unsupported_claim_text="调用方昨天上线了新版本",
        english_answer=f"{client} is rate limited with 429 responses.",
    )


FAMILIES: dict[str, Callable[[Builder], Incident]] = {
    f.__name__: f
    for f in (
        db_pool, oom_crashloop, disk_full, cert_expiry, dns_failure, slow_sql,
        cache_avalanche, mq_backlog, bad_config, dependency_timeout, node_notready, rate_limiting,
    )
}
