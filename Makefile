# inbox-inspector — build, run, test, install.
SWIFT   ?= swift
PREFIX  ?= /usr/local
BIN      = .build/release/inbox-inspector

.PHONY: build run test install goldens bench rules-table clean

build:
	$(SWIFT) build -c release --product inbox-inspector

# The demo: validate the bundled examples. Findings are the point of the demo, so exit
# code 1 (findings) still counts as success; a crash or a usage error does not.
run: build
	@$(BIN) validate Examples; status=$$?; [ $$status -le 1 ] || exit $$status

test:
	$(SWIFT) test --disable-swift-testing

# Rewrite the golden outputs of Examples/ after a deliberate change; review the diff.
goldens:
	UPDATE_GOLDENS=1 $(SWIFT) test --filter GoldenTests

# Throughput and memory against jq on generated corpora (figures, never asserted).
bench:
	bash bench/run.sh

# Rewrite README's table of rules (between the rules:begin / rules:end markers) from the
# catalogue; needed whenever a rule is added or changed (ReadmeTests fails until then).
rules-table: build
	$(BIN) rules --format markdown > .rules-table.md
	awk -v table=.rules-table.md '/<!-- rules:begin -->/ { print; while ((getline line < table) > 0) print line; skip = 1; next } \
	     /<!-- rules:end -->/ { skip = 0 } !skip { print }' README.md > README.md.tmp
	mv README.md.tmp README.md
	rm -f .rules-table.md

# Coverage-guided fuzzing of the parser and the model (libFuzzer + AddressSanitizer).
# FUZZ_SECONDS sets the run time; crashes are written to .build/fuzz/ as crash-*.
FUZZ_SECONDS ?= 120
FUZZ_DIR      = .build/fuzz
# e.g. FUZZ_PIN="taskset -c 1" to keep the fuzzer off the core a benchmark uses
FUZZ_PIN     ?=
fuzz:
	mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/seeds
	swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name InboxModel \
		$$(find Sources/InboxModel -name '*.swift' | sort) Fuzz/FuzzTarget.swift -o $(FUZZ_DIR)/inbox-fuzz \
		2> $(FUZZ_DIR)/build.log || { grep -v 'Cannot export local symbol' $(FUZZ_DIR)/build.log; exit 1; }
	find Examples -name '*.json' -o -name '*.ndjson' | xargs -I{} cp {} $(FUZZ_DIR)/seeds/
	cd $(FUZZ_DIR) && SWIFT_BACKTRACE=enable=no $(FUZZ_PIN) ./inbox-fuzz -max_total_time=$(FUZZ_SECONDS) \
		-max_len=16384 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 corpus seeds

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/inbox-inspector

clean:
	rm -rf .build
