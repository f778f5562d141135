#!/usr/bin/env bash
# Regenerates the fixtures that pandoc and LibreOffice produced. Not run by the tests or CI:
# the tests read the committed files. Needs, installed by hand:
#   apt-get install -y --no-install-recommends pandoc libreoffice-writer-nogui
# Run from the package root: bash Tests/TextKitFormatsTests/Fixtures/generate.sh
set -euo pipefail
F=Tests/TextKitFormatsTests/Fixtures
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# 1. Documents written by pandoc and LibreOffice from a Markdown source with styles.
pandoc "$F/sources/sample.md" -s -o "$F/pandoc/sample.rtf" --resource-path="$F/sources"
pandoc "$F/sources/sample.md" -o "$T/sample-from-odt.odt" --resource-path="$F/sources"
pandoc "$F/sources/sample.md" -o "$T/sample-from-docx.docx" --resource-path="$F/sources"
soffice --headless --convert-to rtf --outdir "$T" "$T/sample-from-odt.odt" "$T/sample-from-docx.docx" >/dev/null
cp "$T/sample-from-odt.rtf" "$T/sample-from-docx.rtf" "$F/libreoffice/"

# 2. Our writer's output (the test writes it when OTK_WRITE_FIXTURES is set) ...
OTK_WRITE_FIXTURES="$PWD/$F" swift test --filter FixtureGeneration >/dev/null || true
# ... and what pandoc and LibreOffice make of it.
pandoc -f rtf -t plain "$F/ours/rich.rtf" -o "$F/ours/rich.pandoc.txt"
pandoc -f rtf -t json "$F/ours/rich.rtf" -o "$F/ours/rich.pandoc.json"
cp "$F/ours/rich.rtf" "$T/rich.rtf"
soffice --headless --convert-to "txt:Text (encoded):UTF8" --outdir "$T/txt" "$T/rich.rtf" >/dev/null
soffice --headless --convert-to rtf --outdir "$T/rtf" "$T/rich.rtf" >/dev/null
cp "$T/txt/rich.txt" "$F/ours/rich.libreoffice.txt"
cp "$T/rtf/rich.rtf" "$F/ours/rich.libreoffice.rtf"
echo "fixtures regenerated; run: swift test --filter TextKitFormatsTests"
