#!/usr/bin/env bash
# The hostile corpus (part of make bench; runs alone too): every command's time on input an
# attacker writes, as a ratio to validate's on the same file. A ratio far above the others'
# is a quadratic path. Figures are printed, never asserted.
#   bash bench/hostile.sh [LINES]    (default 200000; BIN=path to the binary, default release)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-.build/release/inbox-inspector}
lines=${1:-200000}
out=bench/out
mkdir -p "$out"

# wall seconds of one run, to the millisecond
seconds() {
    local start=$EPOCHREALTIME
    SWIFT_BACKTRACE=enable=no "$@" >/dev/null 2>&1 || true
    printf '%.3f' "$(echo "$EPOCHREALTIME - $start" | bc)"
}

corpus() { # NAME: writes $out/hostile-NAME.ndjson of $lines lines
    local file=$out/hostile-$1-$lines.ndjson
    [ -s "$file" ] && { echo "$file"; return; }
    case $1 in
    broken) # a syntax error on every line: every finding is a top-level one
        awk -v n="$lines" 'BEGIN { for (i = 0; i < n; i++) printf "{\"content\": x%d}\n", i }' ;;
    controls) # terminal controls, bidi overrides and zero-width characters in every text
        awk -v n="$lines" 'BEGIN { t = "a\\u001b[2J\\u0007\\u009b\\u202e\\u200bb"
            for (i = 0; i < n; i++) printf "{\"ios_title\":\"%s%d\",\"content\":\"%s\",\"inbox_days\":1,\"data\":{\"buttons\":[{\"title\":\"%s\",\"url\":\"https://x.com/?auth=%s\"}]}}\n", t, i, t, t, t }' ;;
    deep) # custom payloads nested 200 deep, one line in a hundred
        awk -v n="$lines" 'BEGIN { d = ""; for (j = 0; j < 200; j++) d = d "{\"a\":"; d = d "1"; for (j = 0; j < 200; j++) d = d "}"
            for (i = 0; i < n; i++) if (i % 100 == 0) printf "{\"content\":\"x\",\"inbox_days\":1,\"data\":{\"buttons\":[{\"title\":\"t\",\"k\":%s}]}}\n", d
                else printf "{\"content\":\"x%d\",\"inbox_days\":1}\n", i }' ;;
    marks) # unknown displayTypes of 300 combining marks, one line in ten
        awk -v n="$lines" 'BEGIN { m = "e"; for (j = 0; j < 300; j++) m = m "\\u0301"
            for (i = 0; i < n; i++) if (i % 10 == 0) printf "{\"content\":\"x\",\"inbox_days\":1,\"data\":{\"displayType\":\"%s\"}}\n", m
                else printf "{\"content\":\"x%d\",\"inbox_days\":1}\n", i }' ;;
    duplicates) # 1500 duplicate keys on every hundredth line (past the cap of 1000 warnings)
        awk -v n="$lines" 'BEGIN { k = ""; for (j = 0; j < 1500; j++) k = k "\"a\":1,"
            for (i = 0; i < n; i++) if (i % 100 == 0) printf "{%s\"content\":\"x\",\"inbox_days\":1}\n", k
                else printf "{\"content\":\"x%d\",\"inbox_days\":1}\n", i }' ;;
    esac > "$file"
    echo "$file"
}

echo
echo "hostile corpora, $lines lines each: seconds, and the ratio to validate --format json"
printf '%-12s %-24s %9s %7s\n' corpus command seconds ratio
for name in broken controls deep marks duplicates; do
    file=$(corpus "$name")
    base=$(seconds "$bin" validate --format json "$file")
    printf '%-12s %-24s %9s %7s\n' "$name" "validate --format json" "$base" "1.00"
    for command in "validate --format text" "resolve --format json" "resolve --format text" "buttons --format json" \
                   "stories --format json" "validate --format github"; do
        # shellcheck disable=SC2086
        wall=$(seconds "$bin" $command "$file")
        printf '%-12s %-24s %9s %7s\n' "" "$command" "$wall" "$(echo "scale=2; $wall / $base" | bc)"
    done
done
