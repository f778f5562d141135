// Pins the fonts every test sees: before any test (and before fontconfig first loads its
// configuration), FONTCONFIG_FILE points at fonts.conf beside this file, which lists only the
// font directories of packages scripts/setup.sh installs. Processes the tests start (the otk
// binary) inherit it. Set OTK_TEST_SYSTEM_FONTS=1 to run the tests against the machine's fonts.
#include <stdlib.h>
#include <string.h>
#include "TestFontConfig.h"

static char path[4096];

__attribute__((constructor)) static void otk_pin_test_fonts(void) {
    if (getenv("OTK_TEST_SYSTEM_FONTS")) return;
    const char *source = __FILE__;
    const char *slash = strrchr(source, '/');
    size_t directory = slash ? (size_t)(slash - source + 1) : 0;
    if (directory + sizeof "fonts.conf" > sizeof path) return;
    memcpy(path, source, directory);
    memcpy(path + directory, "fonts.conf", sizeof "fonts.conf");
    setenv("FONTCONFIG_FILE", path, 1);
}

const char *otk_test_fontconfig_file(void) { return getenv("FONTCONFIG_FILE"); }
