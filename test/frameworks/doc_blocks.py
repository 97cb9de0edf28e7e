# docs/frameworks.md is the tested code: every fenced block marked on the line before with
# <!-- tested: PATH --> must be, word for word, a part of the file PATH (relative to the
# repository), and each framework of test/frameworks must have at least one such block.
# Usage: doc_blocks.py DOC ROOT. Exits 1, naming each block that drifted, when one did.
import re
import sys

doc, root = sys.argv[1], sys.argv[2]
FRAMEWORKS = ["django", "sqlalchemy", "rails", "drizzle", "typeorm"]
lines = open(doc, encoding="utf-8").read().split("\n")
failures, blocks, seen = 0, 0, set()
for number, line in enumerate(lines):
    marker = re.fullmatch(r"<!-- tested: (\S+) -->", line.strip())
    if not marker:
        continue
    path = marker.group(1)
    if number + 1 >= len(lines) or not lines[number + 1].startswith("```"):
        print(f"FAILED: line {number + 1}: the marker of {path} is not followed by a fenced block")
        failures += 1
        continue
    end = next((i for i in range(number + 2, len(lines)) if lines[i].startswith("```")), None)
    if end is None:
        print(f"FAILED: line {number + 2}: the block of {path} never ends")
        failures += 1
        continue
    block = "\n".join(lines[number + 2:end]) + "\n"
    try:
        text = open(f"{root}/{path}", encoding="utf-8").read()
    except OSError as error:
        print(f"FAILED: line {number + 1}: {error}")
        failures += 1
        continue
    blocks += 1
    parts = path.split("/")
    if len(parts) > 2 and parts[:2] == ["test", "frameworks"]:
        seen.add(parts[2])
    if block in text:
        print(f"ok: the block at line {number + 2} is {path}'s text")
    else:
        print(f"FAILED: the block at line {number + 2} is not {path}'s text (one of them changed)")
        failures += 1
for framework in FRAMEWORKS:
    if framework not in seen:
        print(f"FAILED: no block of test/frameworks/{framework}")
        failures += 1
print(f"{blocks} blocks checked")
sys.exit(1 if failures or not blocks else 0)
