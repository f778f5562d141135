// libxml2's HTML parser and tree, for TextKitFormats' HTML reader (the only user).
//
// Debian builds libxml2 with ICU, and <libxml/encoding.h> then includes <unicode/ucnv.h>: the
// system ICU's headers, which clash with the ICU Foundation carries (see ARCHITECTURE.md, and
// Tests/OpenTextKitTests/ICUBesideFoundationTests.swift). The ICU part of that header is only the
// layout of xmlCharEncodingHandler's converter fields, which Swift never touches (handlers are
// only passed by pointer), so the flag is cleared before the rest of libxml2 is included.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
