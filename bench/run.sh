#!/usr/bin/env bash
# make bench: generates deterministic NDJSON corpora and times `validate --format json`
# against jq on the same files, in the same run. Figures are printed, never asserted.
# BENCH_BASELINE=path/to/an/older/inbox-inspector times that binary too, in the same
# rounds, for a before/after comparison in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out
mkdir -p "$out"
swift build -c release --static-swift-stdlib --product inbox-inspector >/dev/null   # as make build
swift build -c release --static-swift-stdlib --product inbox-bench >/dev/null
bin=.build/release/inbox-inspector
gen=.build/release/inbox-bench

pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)   # one core, as the quality bar says

# Wall seconds and peak resident memory per command: the fastest of BENCH_RUNS rounds
# (default 3). A round runs every command of the corpus in turn, so a slow spell of a
# shared machine falls on all of them alike rather than on one command's runs, and the
# ratios compare like with like. The sub-second commands (validate, the baseline, jq empty)
# run BENCH_REPEATS times per round (default 3), interleaved and in turning order (below):
# one sample of a quarter of a second says little on a shared machine, and the round's
# one jq resolve run (tens of seconds) would otherwise leave them a handful in all.
runs=${BENCH_RUNS:-3}
repeats=${BENCH_REPEATS:-3}
declare -A best_wall best_rss
# measure LABEL CMD...: one run of the command, kept when it is the label's fastest.
measure() {
    local label=$1; shift
    once "$@"
    if [ -z "${best_wall[$label]:-}" ] || [ "$(echo "$wall < ${best_wall[$label]}" | bc)" = 1 ]; then
        best_wall[$label]=$wall
    fi
    if [ "$rss_kb" -gt "${best_rss[$label]:-0}" ]; then best_rss[$label]=$rss_kb; fi
}

# once CMD...: wall seconds (to the millisecond, from bash's clock: `/usr/bin/time` gives
# hundredths, too coarse for a run of a quarter of a second) and peak resident memory of
# one run (pinning, if any, is part of CMD).
once() {
    local start end
    start=$EPOCHREALTIME
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -o "$out/time.txt" -f '%M' "$@" >/dev/null 2>&1 || true
        end=$EPOCHREALTIME
        rss_kb=$(tail -n 1 "$out/time.txt")
    else
        "$@" >/dev/null 2>&1 || true
        end=$EPOCHREALTIME
        rss_kb=0
    fi
    wall=$(printf '%.3f' "$(echo "$end - $start" | bc)")
    if [ "$(echo "$wall < 0.001" | bc)" = 1 ]; then wall=0.001; fi
}

row() { printf '%-28s %9s %10s %12s %10s\n' "$@"; }

for n in 10000 100000; do
    corpus=$out/corpus-$n.ndjson
    valid=$out/corpus-$n-valid.ndjson
    [ -s "$corpus" ] || "$gen" generate "$n" > "$corpus"
    # jq stops at the first broken line; give it the lines that parse.
    [ -s "$valid" ] || grep -v '"cut off"' "$corpus" > "$valid"
    bytes=$(wc -c < "$corpus")
    mb=$(echo "scale=2; $bytes / 1000000" | bc)
    echo
    echo "corpus: $n notifications, $mb MB ($corpus)"
    best_wall=(); best_rss=()
    # The sub-second commands, each run by `short INDEX`; their order turns by one every
    # repeat, so that no command always runs first after the long jq run or right after
    # the run on both cores (on a shared machine, a place in the round can cost 10 %).
    shorts=(validate validate-all)
    [ -n "${BENCH_BASELINE:-}" ] && shorts+=(baseline)
    command -v jq >/dev/null && shorts+=(jq-empty)
    short() {
        case $1 in
            validate) measure validate "${pin[@]}" "$bin" validate --format json --jobs 1 "$corpus" ;;
            # Both cores: the same run unpinned, --jobs = cores (output identical to --jobs 1).
            validate-all) measure validate-all "$bin" validate --format json --jobs "$(nproc)" "$corpus" ;;
            baseline) measure baseline "${pin[@]}" "$BENCH_BASELINE" validate --format json --jobs 1 "$corpus" ;;
            jq-empty) measure jq-empty "${pin[@]}" jq empty "$valid" ;;
        esac
    }
    turn=0
    for ((round = 0; round < runs; round++)); do
        for ((repeat = 0; repeat < repeats; repeat++)); do
            for ((k = 0; k < ${#shorts[@]}; k++)); do
                short "${shorts[(turn + k) % ${#shorts[@]}]}"
            done
            turn=$((turn + 1))
        done
        if command -v jq >/dev/null; then measure jq-resolve "${pin[@]}" jq -c -f bench/resolve.jq "$valid"; fi
    done
    row "command" "seconds" "MB/s" "messages/s" "peak MB"
    report() { # LABEL TITLE
        local wall=${best_wall[$1]} rss_kb=${best_rss[$1]}
        row "$2" "$wall" "$(echo "scale=1; $mb / $wall" | bc)" "$(echo "$n / $wall" | bc)" \
            "$(echo "scale=1; $rss_kb / 1024" | bc)"
    }
    report validate "validate --format json"
    report validate-all "  with --jobs $(nproc), unpinned"
    if [ -n "${BENCH_BASELINE:-}" ]; then report baseline "baseline validate"; fi
    if command -v jq >/dev/null; then
        report jq-empty "jq empty"
        report jq-resolve "jq -f bench/resolve.jq"
        v_wall=${best_wall[validate]}
        echo "ratios: validate is $(echo "scale=2; ${best_wall[jq-empty]} / $v_wall" | bc)x jq empty," \
             "$(echo "scale=1; ${best_wall[jq-resolve]} / $v_wall" | bc)x the jq resolve program"
        if [ -n "${BENCH_BASELINE:-}" ]; then
            b_wall=${best_wall[baseline]}
            echo "baseline ratios: $(echo "scale=2; ${best_wall[jq-empty]} / $b_wall" | bc)x jq empty," \
                 "$(echo "scale=1; ${best_wall[jq-resolve]} / $b_wall" | bc)x the jq resolve program"
        fi
    else
        echo "(jq not installed: apt-get install -y jq for the baselines)"
    fi
done
echo
"$gen" parse "$out/corpus-100000.ndjson"

# Instructions per message: unlike wall time, repeatable on a shared or busy machine,
# so a change's effect shows even when it is a few percent. Needs valgrind.
if command -v valgrind >/dev/null; then
    sample=$out/corpus-2000.ndjson
    head -n 2000 "$out/corpus-10000.ndjson" > "$sample"
    valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out" \
        "$bin" validate --format json --jobs 1 "$sample" >/dev/null 2>"$out/callgrind.txt" || true
    total=$(sed -n 's/.*refs: *//p' "$out/callgrind.txt" | tr -d ',')
    if [ -n "$total" ]; then
        echo "instructions: $total for validate --format json --jobs 1 on 2000 notifications" \
             "($(( total / 2000 )) per notification, start-up included; callgrind)"
    fi
else
    echo "(valgrind not installed: apt-get install -y valgrind for instruction counts)"
fi

# BENCH_MEMORY=1: peak memory on a 1 GB NDJSON input (2.6 million notifications).
if [ "${BENCH_MEMORY:-0}" = 1 ]; then
    big=$out/corpus-big.ndjson
    [ -s "$big" ] || "$gen" generate 2600000 > "$big"
    once "$bin" validate --format json "$big"
    echo "1 GB input: $(( $(wc -c < "$big") / 1000000 )) MB in $wall s, peak $(echo "scale=1; $rss_kb / 1024" | bc) MB"
fi

# Hostile input: every command's time as a ratio to validate's (quadratic paths show).
bash bench/hostile.sh "${BENCH_HOSTILE_LINES:-200000}"
