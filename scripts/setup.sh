#!/usr/bin/env bash
# Installs every Debian package OpenTextKit, its tests and its sample need.
# Idempotent and non-interactive: when everything is present it only checks (a second or two).
# Usage: scripts/setup.sh            (as root, or with sudo available)
set -euo pipefail

packages=(
  # build: pkg-config and the C libraries behind the system-library targets
  pkg-config libharfbuzz-dev libfreetype-dev libfontconfig-dev libcairo2-dev libicu-dev
  libhyphen-dev libhunspell-dev
  # HTML import: libxml2's HTML parser builds the tree TextKitFormats maps to attributes
  libxml2-dev
  # peer engine for line-break comparisons and benchmarks
  libpango1.0-dev
  # data: hyphenation patterns, spelling dictionary, Unicode conformance files
  hyphen-en-us hyphen-de hyphen-fr hunspell-en-us hunspell-de-de hunspell-fr unicode-data
  # data detectors: top-level domains (public suffix list); linkify's test cases, read by a test
  publicsuffix librust-linkify-dev
  # GitHub Flavored Markdown's extension examples (tables, strikethrough, task lists, autolinks)
  # as goldmark ships them, read by a test
  golang-github-yuin-goldmark-dev
  # fonts
  fonts-dejavu-core fonts-dejavu-extra fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-linuxlibertine
  # what Apple's font names resolve to (UIFont(name: "Helvetica") …): metric-compatible Arial,
  # Times New Roman and Courier New (Liberation), and the PostScript 35 clones (Nimbus Sans for
  # Helvetica, Nimbus Roman for Times, P052 for Palatino)
  fonts-liberation2 fonts-urw-base35
  # checking rendered output: pdftotext, pdftoppm, pdfinfo
  poppler-utils
  # the gauntlet's record of edits to real iOS files: each compiled copy is upstream + its patch
  patch
  # the GTK 4 host (TextKitGTK, TextKitDemo) and its window test: a virtual X server, synthetic
  # keys and mouse (xdotool), a session bus for GTK (dbus-run-session, optional)
  libgtk-4-dev xvfb xdotool dbus
  # the desktop clipboard seen from another program (text/rtf in and out), in the window test
  xclip
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} Debian packages present"
else
  echo "setup: installing ${#missing[@]} missing Debian packages: ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  echo "setup: installed ${missing[*]}"
fi

# A missing .pc file is only a warning to SwiftPM and would fail at link time; catch it here.
pkg-config --exists harfbuzz freetype2 fontconfig cairo cairo-ft cairo-pdf cairo-svg cairo-png icu-uc hunspell gtk4 libxml-2.0 \
  || { echo "setup: pkg-config cannot find one of the required libraries" >&2; exit 1; }
[ -f /usr/include/hyphen.h ] || { echo "setup: libhyphen header missing" >&2; exit 1; }
command -v Xvfb >/dev/null && command -v xdotool >/dev/null \
  || { echo "setup: Xvfb or xdotool missing (needed by the GTK window test)" >&2; exit 1; }
echo "setup: ok"
