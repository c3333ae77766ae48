# inbox-inspector — build, run, test, install.
SWIFT   ?= swift
PREFIX  ?= /usr/local
BIN      = .build/release/inbox-inspector

.PHONY: build release run test test-portable sanitize sanitize-address sanitize-thread install goldens bench rules-table \
        clean fuzz fuzz-seeds fuzz-core fuzz-model fuzz-input fuzz-config browser-test screenshot

# The Swift runtime and Foundation are linked in statically: the binary runs on any
# machine of the same libc without the toolchain, and starts in about half the time
# (no dynamic linking of the Swift libraries at every invocation).
RELEASE  = -c release --static-swift-stdlib

build:
	$(SWIFT) build $(RELEASE) --product inbox-inspector

# The binary to ship or cache in a pipeline: the release build without its symbols and
# debug information (docs/RELEASE.md: what it holds, and keeping ICU's data out of it).
DIST     = .build/dist/inbox-inspector
release: build
	mkdir -p $(dir $(DIST))
	strip --strip-all -o $(DIST) $(BIN)
	@ls -l $(DIST)
	@! nm $(BIN) | grep -q icudt || echo "warning: ICU's data is linked in again (about 34 MB); see docs/RELEASE.md"

# The demo: validate the bundled examples. Findings are the point of the demo, so exit
# code 1 (findings) still counts as success; a crash or a usage error does not.
run: build
	@$(BIN) validate Examples; status=$$?; [ $$status -le 1 ] || exit $$status

test:
	$(SWIFT) test --disable-swift-testing

# The whole suite with the portable scanning code (word arithmetic instead of SSE2), as
# Apple Silicon runs it; its own build folder, so the usual build is kept.
test-portable:
	$(SWIFT) test --disable-swift-testing --scratch-path .build/portable -Xswiftc -DINBOX_PORTABLE

# The whole suite under AddressSanitizer and ThreadSanitizer (each in its own build folder).
# Leak detection is off: XCTest and Foundation's caches keep memory until exit on Linux.
sanitize: sanitize-address sanitize-thread

sanitize-address:
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --disable-swift-testing --scratch-path .build/asan --sanitize=address

sanitize-thread:
	$(SWIFT) test --disable-swift-testing --scratch-path .build/tsan --sanitize=thread

# `preview` in a real browser: headless Chromium (Debian's `chromium`) driven by Python
# Playwright, asserting on the rendered pages; screenshots go to .build/browser-tests/.
# Needs python3 with playwright and pytest (.ci/run installs what is missing).
PYTHON  ?= python3
CHROMIUM ?= /usr/bin/chromium
browser-test:
	$(SWIFT) build --product inbox-inspector
	INBOX_INSPECTOR=$$($(SWIFT) build --show-bin-path)/inbox-inspector CHROMIUM=$(CHROMIUM) \
		$(PYTHON) -m pytest -q -p no:cacheprovider Tests/Browser

# README's picture of a feed, from the Examples, as the browser draws it.
screenshot:
	$(SWIFT) build --product inbox-inspector
	INBOX_INSPECTOR=$$($(SWIFT) build --show-bin-path)/inbox-inspector CHROMIUM=$(CHROMIUM) \
		$(PYTHON) Tests/Browser/screenshot.py docs/preview-feed.png

# Rewrite the golden outputs of Examples/ after a deliberate change; review the diff.
goldens:
	UPDATE_GOLDENS=1 $(SWIFT) test --filter GoldenTests

# Throughput and memory against jq on generated corpora (figures, never asserted).
bench:
	bash bench/run.sh

# Rewrite README's table of rules (between the rules:begin / rules:end markers) from the
# catalogue; needed whenever a rule is added or changed (ReadmeTests fails until then).
# Built in debug: the table does not depend on optimisation, and a debug build is quick.
rules-table:
	$(SWIFT) run -q inbox-inspector rules --format markdown > .rules-table.md
	awk -v table=.rules-table.md '/<!-- rules:begin -->/ { print; while ((getline line < table) > 0) print line; skip = 1; next } \
	     /<!-- rules:end -->/ { skip = 0 } !skip { print }' README.md > README.md.tmp
	mv README.md.tmp README.md
	rm -f .rules-table.md

# Coverage-guided fuzzing (libFuzzer + AddressSanitizer), three targets:
# - fuzz-model: the parser and every command's model path (Sources/InboxModel);
# - fuzz-input: the command line's input layer (NDJSON line splitting, large batch files
#   streamed element by element, broken ones located) against reading the file whole;
# - fuzz-config: the config parser and the `exclude` globs (a pull request writes the config).
# `make fuzz` runs all three, FUZZ_SECONDS split between them; crashes are written to
# .build/fuzz/ as crash-* (model), input-crash-* (input) and config-crash-* (config).
FUZZ_SECONDS ?= 120
FUZZ_DIR      = .build/fuzz
# e.g. FUZZ_PIN="taskset -c 1" to keep the fuzzer off the core a benchmark uses
FUZZ_PIN     ?=
FUZZ_FLAGS    = -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
FUZZ_SWIFTC   = swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name inbox-inspector
# The core is its own module, as in the package (testable: the targets drive the parser's passes).
FUZZ_CORE_DIR = $(FUZZ_DIR)/core
FUZZ_BUILD    = $(FUZZ_SWIFTC) -module-name InboxModel -I $(FUZZ_CORE_DIR) -L $(FUZZ_CORE_DIR) -lInboxCore
# The input layer's files (they import Foundation and InboxModel only).
FUZZ_INPUT    = $(addprefix Sources/InboxCLI/Input/,BatchSplitter.swift BatchWindow.swift StreamedBatch.swift FirstLine.swift PathBytes.swift \
                DocumentReader.swift InputFile.swift)

fuzz:
	$(MAKE) fuzz-model FUZZ_SECONDS=$$(( $(FUZZ_SECONDS) / 3 ))
	$(MAKE) fuzz-input FUZZ_SECONDS=$$(( $(FUZZ_SECONDS) / 3 ))
	$(MAKE) fuzz-config FUZZ_SECONDS=$$(( $(FUZZ_SECONDS) - 2 * ($(FUZZ_SECONDS) / 3) ))

fuzz-core:
	mkdir -p $(FUZZ_CORE_DIR)
	$(FUZZ_SWIFTC) -enable-testing -module-name InboxCore -emit-module -emit-module-path $(FUZZ_CORE_DIR)/InboxCore.swiftmodule \
		-emit-library -static -o $(FUZZ_CORE_DIR)/libInboxCore.a $$(find Sources/InboxCore -name '*.swift' | sort) \
		2> $(FUZZ_DIR)/build-core.log || { grep -v 'Cannot export local symbol' $(FUZZ_DIR)/build-core.log; exit 1; }

fuzz-seeds:
	mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/input-corpus $(FUZZ_DIR)/seeds
	find Examples -name '*.json' -o -name '*.ndjson' | xargs -I{} cp {} $(FUZZ_DIR)/seeds/

fuzz-model: fuzz-seeds fuzz-core
	$(FUZZ_BUILD) $$(find Sources/InboxModel -name '*.swift' | sort) Fuzz/FuzzTarget.swift -o $(FUZZ_DIR)/inbox-fuzz \
		2> $(FUZZ_DIR)/build.log || { grep -v 'Cannot export local symbol' $(FUZZ_DIR)/build.log; exit 1; }
	cd $(FUZZ_DIR) && SWIFT_BACKTRACE=enable=no $(FUZZ_PIN) ./inbox-fuzz -max_total_time=$(FUZZ_SECONDS) \
		-max_len=16384 $(FUZZ_FLAGS) corpus seeds

fuzz-input: fuzz-seeds fuzz-core
	$(FUZZ_BUILD) $$(find Sources/InboxModel -name '*.swift' | sort) $(FUZZ_INPUT) Fuzz/FuzzInputTarget.swift \
		-o $(FUZZ_DIR)/inbox-fuzz-input 2> $(FUZZ_DIR)/build-input.log \
		|| { grep -v 'Cannot export local symbol' $(FUZZ_DIR)/build-input.log; exit 1; }
	cd $(FUZZ_DIR) && SWIFT_BACKTRACE=enable=no $(FUZZ_PIN) ./inbox-fuzz-input -max_total_time=$(FUZZ_SECONDS) \
		-max_len=4096 -artifact_prefix=input- $(FUZZ_FLAGS) input-corpus seeds

# Seeds: the bundled configs, and globs each followed by paths to match them against.
fuzz-config: fuzz-seeds fuzz-core
	mkdir -p $(FUZZ_DIR)/config-corpus $(FUZZ_DIR)/config-seeds
	find . -name '.inbox-inspector.json' -not -path './.build/*' | xargs -I{} cp {} $(FUZZ_DIR)/config-seeds/ 2>/dev/null; true
	printf '{"ignore": ["IK204"], "severity": {"IK2": "warning"}, "exclude": ["drafts/**", "**/*.tmp.json"]}' \
		> $(FUZZ_DIR)/config-seeds/config.json
	printf '**/**/**/b\na/a/a/a/a/a/a/a/a/a/a/a/c\na/b' > $(FUZZ_DIR)/config-seeds/globs.txt
	$(FUZZ_BUILD) $$(find Sources/InboxModel -name '*.swift' | sort) Fuzz/FuzzConfigTarget.swift \
		-o $(FUZZ_DIR)/inbox-fuzz-config 2> $(FUZZ_DIR)/build-config.log \
		|| { grep -v 'Cannot export local symbol' $(FUZZ_DIR)/build-config.log; exit 1; }
	cd $(FUZZ_DIR) && SWIFT_BACKTRACE=enable=no $(FUZZ_PIN) ./inbox-fuzz-config -max_total_time=$(FUZZ_SECONDS) \
		-max_len=4096 -artifact_prefix=config- $(FUZZ_FLAGS) config-corpus config-seeds

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(DIST) $(DESTDIR)$(PREFIX)/bin/inbox-inspector

clean:
	rm -rf .build
