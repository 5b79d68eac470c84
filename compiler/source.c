/* source.c — schema text: reading files (with the input size limit) and
 * the line table diagnostics use for carets; then lexing and parsing. */
#define _POSIX_C_SOURCE 200809L
#include "asn1cc.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

SrcFile *srcfile_new(Arena *a, const char *path, char *text, size_t n)
{
    SrcFile *sf = arena_alloc(a, sizeof *sf);
    sf->path = arena_strdup(a, path);
    sf->text = text;
    sf->len = n;
    int nlines = 1;
    for (const char *p = text; (p = memchr(p, '\n', (size_t)(text + n - p))) != NULL; p++)
        nlines++;
    int *ls = arena_alloc(a, sizeof(int) * (size_t)(nlines + 1));
    int li = 0;
    ls[li++] = 0;
    for (size_t i = 0; i < n; i++)
        if (text[i] == '\n')
            ls[li++] = (int)i + 1;
    sf->line_start = ls;
    sf->nlines = li;
    static int loaded;       /* files are numbered in the order they are read */
    sf->index = loaded++;
    return sf;
}

/* Reads a whole file into the arena with a NUL sentinel; NULL after a message. */
static SrcFile *load_file(Arena *a, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_plain(DIAG_ERROR, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        diag_plain(DIAG_ERROR, "%s: not a regular file", path);
        fclose(f);
        return NULL;
    }
    if (st.st_size > LIMIT_INPUT_BYTES) {
        diag_plain(DIAG_ERROR, "%s: larger than the input limit of %d bytes", path, LIMIT_INPUT_BYTES);
        fclose(f);
        return NULL;
    }
    size_t n = (size_t)st.st_size;
    char *buf = arena_alloc(a, n + 1);
    size_t got = fread(buf, 1, n, f);
    bool err = ferror(f);
    fclose(f);
    if (err || got != n) {
        diag_plain(DIAG_ERROR, "cannot read %s", path);
        return NULL;
    }
    buf[n] = '\0';
    return srcfile_new(a, path, buf, n);
}

/* Lexes and parses one file; returns false on I/O error (2), sets *schema_err. */
bool compile_source(Compilation *c, SrcFile *sf, bool from_cmdline, bool *schema_err)
{
    TokenArray *ta = arena_alloc(c->arena, sizeof *ta);
    if (!lex_file(c->arena, sf, ta))
        *schema_err = true;
    if (!parse_modules(c, ta, from_cmdline))
        *schema_err = true;
    return true;
}

bool compile_file(Compilation *c, const char *path, bool from_cmdline, bool *schema_err)
{
    SrcFile *sf = load_file(c->arena, path);
    if (!sf)
        return false;
    return compile_source(c, sf, from_cmdline, schema_err);
}

