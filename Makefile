# inbox-inspector — build, run, test, install.
SWIFT   ?= swift
PREFIX  ?= /usr/local
BIN      = .build/release/inbox-inspector

.PHONY: build run test install goldens clean

build:
	$(SWIFT) build -c release --product inbox-inspector

# The demo: validate the bundled examples. Findings are the point of the demo, so exit
# code 1 (findings) still counts as success; a crash or a usage error does not.
run: build
	@$(BIN) validate Examples; status=$$?; [ $$status -le 1 ] || exit $$status

test:
	$(SWIFT) test

# Rewrite the golden outputs of Examples/ after a deliberate change; review the diff.
goldens:
	UPDATE_GOLDENS=1 $(SWIFT) test --filter GoldenTests

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/inbox-inspector

clean:
	rm -rf .build
