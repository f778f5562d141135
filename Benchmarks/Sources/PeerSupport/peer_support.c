#define _GNU_SOURCE
#include "peer_support.h"

#include <malloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void peer_fail(const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    vfprintf(stderr, format, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

void peer_text_load(peer_text *text, const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) peer_fail("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    text->storage = malloc((size_t)size + 1);
    if (fread(text->storage, 1, (size_t)size, f) != (size_t)size) peer_fail("cannot read %s", path);
    fclose(f);
    text->storage[size] = '\n';
    text->bytes = (size_t)size;

    size_t count = 0;
    for (long i = 0; i < size; i++) count += text->storage[i] == '\n';
    if (size > 0 && text->storage[size - 1] != '\n') count++;
    text->paragraphs = malloc(sizeof(char *) * (count ? count : 1));
    text->lengths = malloc(sizeof(size_t) * (count ? count : 1));
    text->count = 0;
    char *start = text->storage, *end = text->storage + size;
    while (start < end) {
        char *newline = memchr(start, '\n', (size_t)(end - start) + 1);
        *newline = '\0';
        text->paragraphs[text->count] = start;
        text->lengths[text->count] = (size_t)(newline - start);
        text->count++;
        start = newline + 1;
    }
}

void peer_text_free(peer_text *text) {
    free(text->paragraphs);
    free(text->lengths);
    free(text->storage);
    memset(text, 0, sizeof *text);
}

size_t peer_text_prefix(const peer_text *text, size_t budget) {
    size_t used = 0, n = 0;
    while (n < text->count && used + text->lengths[n] + 1 <= budget) used += text->lengths[n++] + 1;
    return n ? n : (text->count ? 1 : 0);
}

static size_t utf8_characters(const char *s, size_t length) {
    size_t n = 0;
    for (size_t i = 0; i < length; i++) n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

size_t peer_text_characters(const peer_text *text) {
    size_t n = 0;
    for (size_t p = 0; p < text->count; p++) n += utf8_characters(text->paragraphs[p], text->lengths[p]) + 1;
    return n;
}

void peer_text_locate(const peer_text *text, size_t character, size_t *paragraph, size_t *byte) {
    size_t seen = 0;
    for (size_t p = 0; p < text->count; p++) {
        size_t n = utf8_characters(text->paragraphs[p], text->lengths[p]);
        if (character <= seen + n) {
            size_t want = character - seen, b = 0, c = 0;
            const unsigned char *s = (const unsigned char *)text->paragraphs[p];
            while (b < text->lengths[p]) {
                if ((s[b] & 0xC0) != 0x80) {
                    if (c == want) break;
                    c++;
                }
                b++;
            }
            *paragraph = p;
            *byte = b;
            return;
        }
        seen += n + 1;
    }
    *paragraph = text->count ? text->count - 1 : 0;
    *byte = text->count ? text->lengths[*paragraph] : 0;
}

double peer_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

long peer_rss(void) {
    malloc_trim(0);
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return -1;
    long total = 0, resident = 0;
    if (fscanf(f, "%ld %ld", &total, &resident) != 2) resident = -1;
    fclose(f);
    return resident < 0 ? -1 : resident * sysconf(_SC_PAGESIZE);
}

void peer_parse(int argc, char **argv, peer_options *o, const char *usage) {
    *o = (peer_options){.width = 400, .new_width = 300, .page_height = 800, .runs = 5,
                        .max_seconds = 0, .threads = 1, .warmup_bytes = 1000000, .at = -1};
    if (argc < 2) peer_fail("%s", usage);
    o->mode = argv[1];
    int i = 2;
    if (argc > 2 && strncmp(argv[2], "--", 2) != 0) o->file = argv[i++];
    for (; i < argc; i += 2) {
        if (i + 1 >= argc) peer_fail("option %s needs a value\n%s", argv[i], usage);
        const char *name = argv[i], *value = argv[i + 1];
        if (!strcmp(name, "--width")) o->width = atof(value);
        else if (!strcmp(name, "--new-width")) o->new_width = atof(value);
        else if (!strcmp(name, "--page-height")) o->page_height = atof(value);
        else if (!strcmp(name, "--runs")) o->runs = atoi(value);
        else if (!strcmp(name, "--max-seconds")) o->max_seconds = atof(value);
        else if (!strcmp(name, "--threads")) o->threads = atoi(value);
        else if (!strcmp(name, "--warmup-bytes")) o->warmup_bytes = (size_t)atoll(value);
        else if (!strcmp(name, "--at")) o->at = atol(value);
        else peer_fail("unknown option %s\n%s", name, usage);
    }
    if (o->runs < 1 || o->threads < 1 || o->width <= 0) peer_fail("bad option value\n%s", usage);
}

void peer_info(const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    fputs("info ", stdout);
    vprintf(format, ap);
    va_end(ap);
    fputc('\n', stdout);
    fflush(stdout);
}

void peer_sample(double seconds, long count) {
    printf("sample seconds=%.9f count=%ld\n", seconds, count);
    fflush(stdout);
}

void peer_memory(long bytes, long count) {
    printf("memory bytes=%ld count=%ld\n", bytes, count);
    fflush(stdout);
}
