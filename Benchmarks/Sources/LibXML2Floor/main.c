// The HTML import floor: libxml2's HTML parser alone. Each run is `htmlReadMemory` of the whole
// file with the options OpenTextKit's importer passes, then `xmlFreeDoc`: the tree every HTML
// import starts from, built and thrown away, with nothing walked or styled. Prints its timings in
// the protocol of peer_support.h; its count is the nodes of the tree (elements, text, comments).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include "peer_support.h"

static const char *usage =
    "usage: LibXML2Floor parse FILE [--runs 5]\n"
    "modes: parse FILE   htmlReadMemory + xmlFreeDoc of the file's bytes: time and node count\n";

// As HTMLParsedDocument passes them: recover from bad markup, no network, no messages, blank
// text nodes kept.
static const int options = HTML_PARSE_RECOVER | HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING;

static long count_nodes(xmlNodePtr node) {
    long n = 0;
    while (node) {
        n++;
        if (node->type == XML_ELEMENT_NODE) n += count_nodes(node->children);
        node = node->next;
    }
    return n;
}

int main(int argc, char **argv) {
    peer_options o;
    peer_parse(argc, argv, &o, usage);
    if (strcmp(o.mode, "parse") != 0 || !o.file) peer_fail("%s", usage);
    FILE *f = fopen(o.file, "rb");
    if (!f) peer_fail("cannot open %s", o.file);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *bytes = malloc((size_t)size + 1);
    if (fread(bytes, 1, (size_t)size, f) != (size_t)size) peer_fail("cannot read %s", o.file);
    fclose(f);
    xmlInitParser();

    // Untimed warm-up, which also counts the nodes.
    htmlDocPtr doc = htmlReadMemory(bytes, (int)size, NULL, NULL, options);
    if (!doc) peer_fail("libxml2 parsed no document from %s", o.file);
    long nodes = count_nodes(xmlDocGetRootElement(doc));
    xmlFreeDoc(doc);
    peer_info("libxml2=%s bytes=%ld nodes=%ld", xmlParserVersion, size, nodes);

    for (int run = 0; run < o.runs; run++) {
        double start = peer_now();
        doc = htmlReadMemory(bytes, (int)size, NULL, NULL, options);
        xmlFreeDoc(doc);
        peer_sample(peer_now() - start, nodes);
    }
    free(bytes);
    return 0;
}
