#!/usr/bin/env bash
# Runs the tests that use threads under ThreadSanitizer: parallel layout over plain and subclassed
# text storages, separate text stacks on separate threads, the shared font and shaping caches, the
# pool of ICU break iterators, the script table's pages filled by several threads at once, layout
# that drops and remakes glyphs to bound its memory, and otk batch (documents rendered on several
# threads at once; its race reports go to otk's standard error, which the test checks).
# Exits non-zero on any race report.
#
# Usage: scripts/tsan-check.sh        (a debug build with -sanitize=thread in .build-tsan; a few minutes)
set -euo pipefail
cd "$(dirname "$0")/.."

filter="ScriptTableTests|ParallelLayoutTests|FontConcurrencyTests|BoundedMemoryTests|NamedInvalidationTests|BatchTests|BreakIteratorPoolTests"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# A failed build must stop the check (the tests would otherwise run on an older build).
if ! swift build --build-tests --sanitize=thread --scratch-path .build-tsan >"$log" 2>&1; then
  grep -E "error" "$log" | head -20
  echo "tsan-check: the ThreadSanitizer build failed" >&2
  exit 1
fi
status=0
TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1" \
  swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "$filter" >"$log" 2>&1 || status=$?
races="$(grep -c "WARNING: ThreadSanitizer" "$log" || true)"
grep -E "Test run with|passed after|failed after" "$log" | tail -3
if [ "$races" != 0 ] || [ "$status" != 0 ]; then
  grep -A30 "WARNING: ThreadSanitizer" "$log" | head -120
  echo "tsan-check: $races ThreadSanitizer report(s), test status $status" >&2
  exit 1
fi
echo "tsan-check: clean (no ThreadSanitizer reports) over: $filter"
