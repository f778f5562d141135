#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uscript.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uloc.h>
