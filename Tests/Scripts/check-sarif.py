"""Validates SARIF logs against the OASIS SARIF 2.1.0 JSON schema, offline.

Usage: check-sarif.py SCHEMA LOG...; prints each violation and exits 1 when there is one.
Run by SARIFSchemaTests (make test); .ci/run installs jsonschema when it is missing.
"""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1], encoding="utf-8"))
validator = jsonschema.validators.validator_for(schema)(schema)
problems = 0
for path in sys.argv[2:]:
    log = json.load(open(path, encoding="utf-8"))
    for error in validator.iter_errors(log):
        problems += 1
        where = "/".join(str(part) for part in error.absolute_path)
        print(f"{path}: /{where}: {error.message[:300]}")
print(f"checked {len(sys.argv) - 2} SARIF logs, {problems} schema violations")
sys.exit(1 if problems else 0)
