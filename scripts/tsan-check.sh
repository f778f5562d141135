#!/usr/bin/env bash
# Runs the tests that use threads under ThreadSanitizer: parallel layout over plain and subclassed
# text storages, separate text stacks on separate threads, the shared font and shaping caches, the
# pool of ICU break iterators, the script table's pages filled by several threads at once, layout
# that drops and remakes glyphs to bound its memory, and otk batch (documents rendered on several
# threads at once; its race reports go to otk's standard error, which the test checks).
# Exits non-zero on any race report.
#
# Usage: scripts/tsan-check.sh [RUNS]   (a debug build with -sanitize=thread in .build-tsan; a few
#        minutes; the tests run RUNS times, 1 by default: a race between two tests that run side
#        by side may show in one run of several)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-1}"

filter="ScriptTableTests|ParallelLayoutTests|FontConcurrencyTests|CmapPagesTests|BoundedMemoryTests|NamedInvalidationTests|BatchTests|BreakIteratorPoolTests"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# A failed build must stop the check (the tests would otherwise run on an older build).
if ! swift build --build-tests --sanitize=thread --scratch-path .build-tsan >"$log" 2>&1; then
  grep -E "error" "$log" | head -20
  echo "tsan-check: the ThreadSanitizer build failed" >&2
  exit 1
fi
status=0
: >"$log"
for run in $(seq 1 "$runs"); do
  TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1" \
    swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "$filter" >>"$log" 2>&1 || status=$?
done
races="$(grep -c "WARNING: ThreadSanitizer" "$log" || true)"
grep -E "Test run with|passed after|failed after" "$log" | tail -3
if [ "$races" != 0 ] || [ "$status" != 0 ]; then
  # Whole reports (both stacks and where the memory is), the first three.
  awk '/WARNING: ThreadSanitizer/ { n++ } n >= 1 && n <= 3' "$log" | grep -v "^\s*$" | head -200
  echo "tsan-check: $races ThreadSanitizer report(s), test status $status" >&2
  exit 1
fi
echo "tsan-check: clean (no ThreadSanitizer reports in $runs run(s)) over: $filter"
