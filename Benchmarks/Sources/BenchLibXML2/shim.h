#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
