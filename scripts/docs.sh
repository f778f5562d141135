#!/usr/bin/env bash
# Builds the DocC documentation offline into .build-docs-site/ (ignored by git):
#
#   .build-docs-site/archives/<Module>.doccarchive   one archive per catalog in Sources/*/*.docc
#                                                   (the layers, OpenTextKit, TextKitGTK)
#   .build-docs-site/site                           all of them merged into one static site
#
# Steps: build the library (debug, scratch path .build-docs; OTK_DOCS_SCRATCH=.build reuses the
# build `swift build` makes), extract public symbol graphs from the built modules with the
# toolchain's swift-symbolgraph-extract (what `swift package dump-symbol-graph` runs; it reuses the
# build, where `-Xswiftc -emit-symbol-graph` would compile everything again with other flags), then
# `docc convert` each catalog with its module's graphs and `docc merge` the archives. No network.
#
# OpenTextKit's graph is extracted with the re-exported layers allowed in, so the umbrella's pages
# (and its articles' ``NSLayoutManager`` links) cover every public symbol that `import OpenTextKit`
# brings in.
#
# Usage: scripts/docs.sh            then: python3 -m http.server -d .build-docs-site/site 8000
#        and open http://localhost:8000/documentation/opentextkit
# Environment: OTK_DOCS_SCRATCH (default .build-docs), DOCC (default: docc beside `swift`).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
scratch=${OTK_DOCS_SCRATCH:-.build-docs}
out=.build-docs-site
swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
docc=${DOCC:-$swift_bin/docc}
extract=$swift_bin/swift-symbolgraph-extract
[ -x "$docc" ] || { echo "docs.sh: no docc at $docc (set DOCC)" >&2; exit 2; }

layers=(TextKitGraphics TextKitFonts TextKitModel TextKitTypesetting TextKit TextKitEditing TextKitFormats)
# TextKitGTK (the GTK 4 window host) is a product of its own, outside the umbrella.
modules=("${layers[@]}" OpenTextKit TextKitGTK)
start=$SECONDS

echo "docs: building the library ($scratch)"
swift build --scratch-path "$scratch" -j 1 >/dev/null

echo "docs: extracting symbol graphs"
rm -rf "$out"
mkdir -p "$out/archives"
# swift-symbolgraph-extract reads the built modules; it needs what the compiler needed to import
# the C shims (module maps and the libraries' include directories).
modules_dir=$(dirname "$(find "$scratch" -path '*/debug/Modules/TextKit.swiftmodule' | head -1)")
cflags=()
for map in Sources/C*/module.modulemap "${modules_dir#"$root/"}/../COTKICU.build/module.modulemap"; do
  cflags+=(-Xcc "-fmodule-map-file=$root/$map")
done
cflags+=(-Xcc "-I$root/Sources/COTKICU/include")
for flag in $(pkg-config --cflags-only-I harfbuzz freetype2 fontconfig cairo hunspell icu-uc gtk4 libxml-2.0); do
  cflags+=(-Xcc "$flag")
done
for module in "${modules[@]}"; do
  reexports=()
  # The umbrella lets the symbols of its @_exported layers in.
  [ "$module" = OpenTextKit ] && reexports=(-experimental-allowed-reexported-modules="$(IFS=,; echo "${layers[*]}")")
  mkdir -p "$out/symbol-graphs/$module"
  "$extract" -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" -I "$modules_dir" \
    -module-cache-path "$modules_dir/../ModuleCache" -minimum-access-level public -omit-extension-block-symbols \
    -output-dir "$out/symbol-graphs/$module" "${reexports[@]}" "${cflags[@]}"
done

for module in "${modules[@]}"; do
  echo "docs: docc convert $module"
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$out/symbol-graphs/$module" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.opentextkit.$module" \
    --output-path "$out/archives/$module.doccarchive" \
    --transform-for-static-hosting \
    --diagnostics-file "$out/archives/$module.diagnostics.json" \
    2> >(grep -v '^$' >&2) >/dev/null
done

echo "docs: docc merge"
archives=()
for module in "${modules[@]}"; do archives+=("$out/archives/$module.doccarchive"); done
"$docc" merge "${archives[@]}" \
  --synthesized-landing-page-name OpenTextKit \
  --output-path "$out/site.doccarchive" >/dev/null
# Hosting needs no archive extension: serve the merged archive's directory as the site root.
mv "$out/site.doccarchive" "$out/site"

# Warnings. OpenTextKit's archive documents every public symbol, so each of its warnings is a real
# problem (a link to an internal symbol, an ambiguous link, a misnamed parameter). A layer's own
# archive cannot resolve a link to another layer's symbol (``NSTextStorage`` written in
# TextKitModel's comments), which resolves in OpenTextKit's pages: those are counted, not failed.
status=0
python3 - "$out" "${modules[@]}" <<'PY' || status=1
import json, re, sys
out, modules = sys.argv[1], sys.argv[2:]
def names(module):
    graph = json.load(open(f"{out}/symbol-graphs/{module}/{module}.symbols.json"))
    return {s["pathComponents"][0] for s in graph["symbols"]}
everything = names("OpenTextKit")
failed = False
for module in modules:
    diagnostics = json.load(open(f"{out}/archives/{module}.diagnostics.json"))["diagnostics"]
    own = names(module)
    real, cross = [], 0
    for d in diagnostics:
        if d.get("severity") not in ("warning", "error"):
            continue
        m = re.match(r"'([A-Za-z_][A-Za-z0-9_]*)[^']*' doesn't exist", d.get("summary", ""))
        if module != "OpenTextKit" and m and m.group(1) in everything and m.group(1) not in own:
            cross += 1
        else:
            line = d.get("range", {}).get("start", {}).get("line", "?")
            real.append(f"  {d.get('source', '').replace('file://', '')}:{line}: {d.get('summary')}")
    note = f", {cross} links to other layers (resolved in OpenTextKit's pages)" if cross else ""
    print(f"docs: {module}: {len(real)} warnings{note}")
    for r in real:
        print(r)
    failed = failed or bool(real)
sys.exit(1 if failed else 0)
PY
echo "docs: site in $out/site ($((SECONDS - start)) s); serve it with"
echo "      python3 -m http.server -d $out/site 8000   and open http://localhost:8000/documentation/opentextkit"
exit $status
