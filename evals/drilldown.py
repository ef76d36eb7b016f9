"""The drill-down part of `report.html`: a session table filterable by confusion cell and by the class
of a misjudged claim, and a session view (question, each claim with gold vs predicted class, its cited
excerpt highlighted inside the tool output, the verdict rule that decided). Self-contained: the data
travels as JSON inside the page; the state lives in the URL fragment (`#cell=LOW_CONFID>PASS&claim=
overstated&session=3`), so a filtered view or an opened session can be linked."""

from __future__ import annotations

import json
import re
from typing import Any

from groundcheck.programs.core.parse import parse_executor_output
from groundcheck.programs.core.trace_index import output_text
from groundcheck.programs.errors import InputError

from .metrics import Scored
from .results import session_row

MAX_DETAILS = 1_000  # sessions whose full view is embedded: every miss first, then the others
CONTEXT = 400  # characters of tool output shown around each cited excerpt
HEAD = 300  # characters shown of an output that no claim cites (or where the excerpt is not found)

DRILL_CSS = """
#gc-drill table{width:100%}#gc-drill tr.gc-row:hover{background:#f4f8ff}
#gc-detail{border:2px solid #447;padding:8px 12px;margin:12px 0}
#gc-detail pre{white-space:pre-wrap;word-break:break-all;background:#f7f7f7;padding:6px;max-height:320px;overflow:auto}
mark{background:#ffe066}.gc-bad{color:#b00020;font-weight:bold}.gc-ok{color:#2e7d32}
"""

_SCRIPT = r"""
(function () {
  const data = JSON.parse(document.getElementById('gc-data').textContent);
  const cellSel = document.getElementById('gc-cell');
  const claimSel = document.getElementById('gc-claim');
  const body = document.getElementById('gc-rows');
  const count = document.getElementById('gc-count');
  const detail = document.getElementById('gc-detail');
  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  function option(sel, value, label) { const o = el('option', label); o.value = value; sel.appendChild(o); }
  option(cellSel, 'misses', 'all misses');
  option(cellSel, 'all', 'every session');
  data.cells.forEach(c => option(cellSel, c, 'gold ' + c.replace('>', ' \u2192 predicted ')));
  option(claimSel, '', 'any');
  data.claim_classes.forEach(c => option(claimSel, c, 'a claim of gold class ' + c + ' misjudged'));
  function state() {
    const p = new URLSearchParams(location.hash.slice(1));
    return {cell: p.get('cell') || 'misses', claim: p.get('claim') || '', session: p.get('session')};
  }
  function setState(s) {
    const p = new URLSearchParams();
    p.set('cell', s.cell);
    if (s.claim) p.set('claim', s.claim);
    if (s.session !== null && s.session !== undefined) p.set('session', s.session);
    location.hash = p.toString();
  }
  function matches(r, s) {
    if (s.cell === 'misses' && !r.miss) return false;
    if (s.cell !== 'misses' && s.cell !== 'all' && r.cell !== s.cell) return false;
    if (s.claim && r.claim_misses.indexOf(s.claim) < 0) return false;
    return true;
  }
  function render() {
    const s = state();
    cellSel.value = s.cell;
    claimSel.value = s.claim;
    body.textContent = '';
    let shown = 0;
    data.rows.forEach((r, i) => {
      if (!matches(r, s)) return;
      shown += 1;
      const tr = el('tr', null, 'gc-row');
      tr.dataset.session = r.session_id;
      const link = el('td');
      if (r.detail !== null) {
        const a = el('a', r.session_id);
        a.href = '#';
        a.addEventListener('click', ev => { ev.preventDefault(); setState({...state(), session: String(i)}); });
        link.appendChild(a);
      } else { link.textContent = r.session_id; }
      tr.appendChild(link);
      tr.appendChild(el('td', r.gold || '-'));
      tr.appendChild(el('td', r.predicted || '-', r.gold && r.gold !== r.predicted ? 'gc-bad' : ''));
      tr.appendChild(el('td', r.claim_misses.join(', ') || '-'));
      tr.appendChild(el('td', r.rule === null ? '-' : 'rule ' + r.rule));
      body.appendChild(tr);
    });
    count.textContent = shown + ' of ' + data.rows.length + ' sessions';
    renderDetail(s.session === null ? null : data.rows[Number(s.session)]);
  }
  function renderDetail(r) {
    detail.textContent = '';
    detail.style.display = r ? '' : 'none';
    if (!r) return;
    const d = data.details[r.detail];
    detail.appendChild(el('h3', 'session ' + r.session_id + ' (round ' + r.round + ')'));
    const close = el('a', 'close');
    close.href = '#';
    close.addEventListener('click', ev => { ev.preventDefault(); setState({...state(), session: null}); });
    detail.appendChild(close);
    detail.appendChild(el('p', 'gold ' + (r.gold || '-') + ' \u00b7 predicted ' + (r.predicted || '-')));
    if (!d) return;
    detail.appendChild(el('p', 'question: ' + d.question, 'gc-question'));
    detail.appendChild(el('p', 'verdict set by: ' + (d.rule || '-'), 'gc-rule'));
    d.notes.forEach(n => detail.appendChild(el('p', n)));
    d.claims.forEach(c => {
      const box = el('div', null, 'gc-claim');
      box.dataset.claim = c.claim_id;
      const head = el('p');
      head.appendChild(el('b', c.claim_id + ' '));
      head.appendChild(el('span', c.text));
      box.appendChild(head);
      const cls = el('p', 'gold ' + (c.gold || '?') + ' \u00b7 predicted ' + (c.predicted || 'missing'),
                     c.gold && c.gold !== c.predicted ? 'gc-bad' : 'gc-ok');
      box.appendChild(cls);
      if (c.detail) box.appendChild(el('p', c.detail));
      c.bindings.forEach(b => {
        box.appendChild(el('p', 'cites ' + b.invocations.join(', ') + ': \u201c' + b.excerpt + '\u201d'
                                + (b.found ? '' : ' (not found in the cited output)')));
        b.outputs.forEach(o => {
          box.appendChild(el('p', o.invocation_id + ' ' + o.tool_name + ' (' + o.status + ')'));
          const pre = el('pre', null, 'gc-output');
          o.parts.forEach(p => pre.appendChild(p[1] ? el('mark', p[0]) : document.createTextNode(p[0])));
          box.appendChild(pre);
        });
      });
      detail.appendChild(box);
    });
    if (d.record_file) {
      const raw = el('a', 'raw record (JSON)');
      raw.href = 'records/' + d.record_file;
      detail.appendChild(raw);
    }
  }
  cellSel.addEventListener('change', () => setState({...state(), cell: cellSel.value, session: null}));
  claimSel.addEventListener('change', () => setState({...state(), claim: claimSel.value, session: null}));
  window.addEventListener('hashchange', render);
  render();
})();
"""


def drilldown_html(items: list[Scored], sessions: list[Any] | None = None) -> str:
    data = drilldown_data(items, sessions)
    payload = json.dumps(data, ensure_ascii=False).replace("</", "<\\/").replace("<!--", "<\\!--")
    return (
        "<h2>Sessions</h2><div id='gc-drill'>"
        "<p>show <select id='gc-cell'></select> with <select id='gc-claim'></select> "
        "<span id='gc-count'></span></p>"
        "<div id='gc-detail' style='display:none'></div>"
        "<table><thead><tr><th>session</th><th>gold</th><th>predicted</th><th>misjudged claims (gold class)</th>"
        "<th>verdict rule</th></tr></thead><tbody id='gc-rows'></tbody></table></div>"
        f"<script type='application/json' id='gc-data'>{payload}</script><script>{_SCRIPT}</script>"
    )


def drilldown_data(items: list[Scored], sessions: list[Any] | None = None) -> dict[str, Any]:
    """The rows (every session) and the embedded session views (misses first, up to `MAX_DETAILS`)."""
    from .report import record_file_name

    rows, cells, classes = [], set(), set()
    for scored in items:
        row = session_row(scored)
        claims = json.loads(row["claims"])
        misjudged = sorted({c["gold"] for c in claims if c["gold"] is not None and c["gold"] != c["predicted"]})
        gold, got = row["gold_verdict"], row["predicted_verdict"] or ("input_error" if row["input_error"] else None)
        cell = f"{gold}>{got}" if gold and got else None
        miss = bool((gold and got and gold != got) or misjudged or row["input_error"])
        if cell and gold != got:
            cells.add(cell)
        classes.update(misjudged)
        rows.append({"session_id": scored.session_id, "round": scored.round, "gold": gold, "predicted": got,
                     "cell": cell, "miss": miss, "claim_misses": misjudged, "rule": row["verdict_rule"],
                     "detail": None})
    order = sorted(range(len(items)), key=lambda i: not rows[i]["miss"])[:MAX_DETAILS]
    details: list[dict[str, Any]] = []
    for i in order:
        session = sessions[i] if sessions is not None and i < len(sessions) else None
        rows[i]["detail"] = len(details)
        view = session_view(items[i], session)
        view["record_file"] = record_file_name(items[i].session_id) if rows[i]["miss"] else None
        details.append(view)
    return {"rows": rows, "details": details, "cells": sorted(cells), "claim_classes": sorted(classes)}


def session_view(scored: Scored, session: Any) -> dict[str, Any]:
    """Question, claims (text, gold and predicted class, detail, cited excerpts highlighted in the
    outputs) and the verdict rule of one session."""
    record, labels = scored.record, scored.labels
    row = session_row(scored)
    notes = [f"{k}: {record[k]}" for k in ("input_error", "verifier_error", "model_not_asked") if record.get(k)]
    notes += [f"adjusted {a.get('from')} -> {a.get('to')}: {a.get('reason')}" for a in record.get("verdict_adjustments")
              or []]
    rule = f"rule {row['verdict_rule']}: {row['verdict_rule_reason']}" if row["verdict_rule"] is not None else None
    view: dict[str, Any] = {"question": "", "rule": rule, "notes": notes, "claims": []}
    if not isinstance(session, dict) or isinstance(session, InputError):
        return view
    view["question"] = str(session.get("original_query") or "")
    calls = {c.get("invocation_id"): c for c in session.get("tool_calls") or [] if isinstance(c, dict)}
    checks = {c["claim_id"]: c for c in record.get("claim_checks") or []}
    gold = labels.get("claim_verifications") or {}
    try:
        contract = parse_executor_output(session.get("executor_final_answer")).contract
    except Exception:  # a view must not fail on what the pipeline already reported
        contract = None
    for claim in contract.claims if contract is not None else []:
        check = checks.get(claim.claim_id) or {}
        bindings = []
        for binding in claim.evidence_bindings:
            outputs, found = [], False
            for inv in binding.source_invocation_ids:
                call = calls.get(inv)
                if call is None:
                    continue
                parts, hit = highlight(output_text(call.get("output")), binding.evidence_excerpt)
                found = found or hit
                outputs.append({"invocation_id": inv, "tool_name": str(call.get("tool_name", "")),
                                "status": str(call.get("status", "")), "parts": parts})
            bindings.append({"invocations": binding.source_invocation_ids, "excerpt": binding.evidence_excerpt,
                             "found": found, "outputs": outputs})
        view["claims"].append({"claim_id": claim.claim_id, "text": claim.claim_text, "gold": gold.get(claim.claim_id),
                               "predicted": check.get("verification"), "detail": check.get("detail", ""),
                               "bindings": bindings})
    return view


def highlight(text: str, excerpt: str) -> tuple[list[tuple[str, bool]], bool]:
    """`text` cut to the context around each occurrence of `excerpt`, as (segment, highlighted) parts.

    The excerpt is searched as is, then with runs of white space matching any white space; when it is
    not found the head of the output is shown.
    """
    spans = [(m.start(), m.end()) for m in _finder(excerpt).finditer(text)] if excerpt.strip() else []
    if not spans:
        return [(text[:HEAD] + ("…" if len(text) > HEAD else ""), False)], False
    lo = max(spans[0][0] - CONTEXT, 0)
    parts: list[tuple[str, bool]] = [("…" if lo else "", False)]
    cursor = lo  # the first occurrence's leading context is then the gap below
    for start, end in spans[:5]:
        if start < cursor:
            continue  # overlaps the previous occurrence
        elif start - cursor > 2 * CONTEXT:
            parts += [(text[cursor : cursor + CONTEXT], False), ("…", False), (text[start - CONTEXT : start], False)]
        else:
            parts.append((text[cursor:start], False))
        parts.append((text[start:end], True))
        cursor = end
    stop = min(cursor + CONTEXT, len(text))
    parts.append((text[cursor:stop], False))
    if stop < len(text):
        parts.append(("…", False))
    return [p for p in parts if p[0]], True


def _finder(excerpt: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in excerpt.split()]
    return re.compile(r"\s+".join(words))
