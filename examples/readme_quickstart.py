import json

from groundcheck.evals.examples import bundled_examples
from groundcheck.programs import merge_verifier_evaluation, operator_reply, verify_session

session = json.loads(bundled_examples()[0].read_text(encoding="utf-8"))
record = verify_session(session)                   # offline rules backend
print(record.verdict, record.groundedness_score)
print(operator_reply(record))                      # the Chinese reply: never raw JSON
self_evaluation = merge_verifier_evaluation({"planner": {"ok": True}}, record)
assert self_evaluation["planner"] == {"ok": True}  # keys it does not own are kept
