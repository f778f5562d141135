// What the two peer programs (PangoPeer, HarfBuzzFloor) share: loading a corpus file as
// paragraphs, the monotonic clock, resident memory, the command line, and the line protocol the
// `bench` harness reads on their standard output.
//
// Protocol (one record per line, space-separated key=value fields after a keyword):
//   info key=value ...            facts about the run (font, counts, warm-up)
//   sample seconds=S count=N      one timed run: wall time on CLOCK_MONOTONIC and its count
//                                 (lines for Pango, glyphs for the floor)
//   memory bytes=B count=N        resident memory retained by the laid-out text
//   check ok|FAIL message         the setup sanity check
// Errors go to standard error with a non-zero exit status.
#ifndef PEER_SUPPORT_H
#define PEER_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

/// A corpus file split at '\n': one NUL-terminated UTF-8 string per paragraph, without its
/// newline. A final empty paragraph (after the file's last newline) is not included.
typedef struct {
    char **paragraphs;
    size_t *lengths;     // UTF-8 bytes of each paragraph
    size_t count;
    size_t bytes;        // the file's size
    char *storage;       // one allocation holding every paragraph
} peer_text;

/// Reads `path`; exits with a message on failure.
void peer_text_load(peer_text *text, const char *path);
void peer_text_free(peer_text *text);
/// The number of paragraphs at the start of `text` whose bytes add up to at most `budget`
/// (at least one).
size_t peer_text_prefix(const peer_text *text, size_t budget);
/// Characters (code points) of `text`, newlines included.
size_t peer_text_characters(const peer_text *text);
/// The paragraph holding the code point at `character` (counting newlines), and the byte offset
/// of that code point inside the paragraph.
void peer_text_locate(const peer_text *text, size_t character, size_t *paragraph, size_t *byte);

/// Seconds on CLOCK_MONOTONIC.
double peer_now(void);
/// Resident set size of this process in bytes (from /proc/self/statm), after returning freed
/// heap memory to the system (malloc_trim) so that a baseline is not inflated by free lists.
long peer_rss(void);

/// The options every mode understands. `--name value` pairs after the mode and the file.
typedef struct {
    const char *mode;
    const char *file;
    double width;          // container width in points (--width, default 400)
    double new_width;      // the width of the relayout workload (--new-width, default 300)
    double page_height;    // first-page height in points (--page-height, default 800)
    int runs;              // timed runs (--runs, default 5)
    double max_seconds;    // stop starting new runs after this much timed work (--max-seconds, 0 = no limit)
    int threads;           // worker threads (--threads, default 1)
    size_t warmup_bytes;   // warm-up: lay out this much of the text's start untimed
                           // (--warmup-bytes, default 1000000; 0 = only the first 200 bytes of the
                           // first paragraph, for one huge paragraph)
    long at;               // the character (Unicode scalar) where the edit modes type, counted from
                           // the text's start (--at; default -1: the middle character of the text)
} peer_options;

/// Parses `argv` (mode file [options]); exits with usage on error.
void peer_parse(int argc, char **argv, peer_options *options, const char *usage);

void peer_info(const char *format, ...) __attribute__((format(printf, 1, 2)));
void peer_sample(double seconds, long count);
void peer_memory(long bytes, long count);
/// Prints the message to standard error and exits with status 1.
void peer_fail(const char *format, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif
