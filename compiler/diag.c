/* diag.c — gcc-style messages: "file:line:col: error: text", the source line,
 * and a caret under the column; "note:" lines follow the message they
 * belong to. During semantic analysis messages are deferred and printed in
 * source order (sema reports pass by pass, not line by line). */
#define _POSIX_C_SOURCE 200809L
#include "asn1cc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

bool diag_werror;
static FILE *diag_sink;      /* where messages finally go */
static bool diag_color;
static int error_count;

typedef struct Group {
    Loc loc;                 /* of the message that opened the group */
    int seq;                 /* arrival order, for a stable sort */
    char *text;
    size_t len;
} Group;

static bool deferring;
static Group *groups;
static int ngroups, capgroups;
static FILE *group_stream;   /* memory stream of the open group */
static char *group_buf;
static size_t group_len;
static Loc group_loc;

/* Named warnings (-Wname / -Wno-name), read by the stage that reports each:
 * unnamed-component and unenforced-constraint on by default, unused-import
 * off (old modules import names they only mention). IMPLICIT on an untagged
 * CHOICE or open type is an error (X.680 31.2.7), not a warning. */
static bool warn_enabled[] = {false, true, true};
static const char *const warn_names[] = {"unused-import", "unnamed-component", "unenforced-constraint", NULL};

bool diag_set_warning(const char *spec)
{
    bool on = true;
    if (strncmp(spec, "no-", 3) == 0) {
        on = false;
        spec += 3;
    }
    for (int i = 0; warn_names[i]; i++)
        if (strcmp(spec, warn_names[i]) == 0) {
            warn_enabled[i] = on;
            return true;
        }
    return false;
}

bool diag_warning_enabled(const char *name)
{
    for (int i = 0; warn_names[i]; i++)
        if (strcmp(name, warn_names[i]) == 0)
            return warn_enabled[i];
    return false;
}

void diag_init(FILE *out, bool color)
{
    diag_sink = out;
    diag_color = color;
}

int diag_error_count(void)
{
    return error_count;
}

/* What a message is called and gcc's colour for it; -Werror makes a warning an error. */
typedef struct LevelStyle {
    const char *name, *color;
} LevelStyle;

static LevelStyle level_style(DiagLevel lvl)
{
    static const LevelStyle note = {"note", "\033[1;36m"}, warning = {"warning", "\033[1;35m"},
                            error = {"error", "\033[1;31m"};
    if (lvl == DIAG_NOTE)
        return note;
    return lvl == DIAG_WARNING && !diag_werror ? warning : error;
}

static void count(DiagLevel lvl)
{
    if (lvl == DIAG_ERROR || (lvl == DIAG_WARNING && diag_werror))
        error_count++;
}

static void oom(void)
{
    fputs("asn1cc: out of memory\n", stderr);
    exit(2);
}

/* Moves the open group, if any, to the deferred list. */
static void close_group(void)
{
    if (!group_stream)
        return;
    fclose(group_stream);
    group_stream = NULL;
    if (ngroups == capgroups) {
        capgroups = capgroups ? capgroups * 2 : 64;
        Group *grown = realloc(groups, sizeof(Group) * (size_t)capgroups);
        if (!grown)
            oom();
        groups = grown;
    }
    groups[ngroups] = (Group){group_loc, ngroups, group_buf, group_len};
    ngroups++;
    group_buf = NULL;
    group_len = 0;
}

void diag_defer(bool on)
{
    deferring = on;
}

/* Order by place: file, line, column. */
static int group_cmp_place(const Group *a, const Group *b)
{
    int fa = a->loc.file ? a->loc.file->index : -1, fb = b->loc.file ? b->loc.file->index : -1;
    if (fa != fb)
        return fa < fb ? -1 : 1;
    if (a->loc.line != b->loc.line)
        return a->loc.line < b->loc.line ? -1 : 1;
    if (a->loc.col != b->loc.col)
        return a->loc.col < b->loc.col ? -1 : 1;
    return 0;
}

static int group_cmp(const void *pa, const void *pb)
{
    const Group *a = pa, *b = pb;
    int by_place = group_cmp_place(a, b);
    return by_place ? by_place : (a->seq > b->seq) - (a->seq < b->seq);
}

/* After the sort: true when an earlier group at the same place has the same
 * text. Each instance of a parameterized type is analysed on its own, so a
 * message about the definition's text would otherwise come once per instance. */
static bool repeats_earlier(int i)
{
    for (int j = i - 1; j >= 0 && group_cmp_place(&groups[j], &groups[i]) == 0; j--)
        if (groups[j].len == groups[i].len && memcmp(groups[j].text, groups[i].text, groups[i].len) == 0)
            return true;
    return false;
}

void diag_flush(void)
{
    close_group();
    if (ngroups)
        qsort(groups, (size_t)ngroups, sizeof *groups, group_cmp);
    FILE *out = diag_sink ? diag_sink : stderr;
    for (int i = 0; i < ngroups; i++)
        if (!repeats_earlier(i))
            fwrite(groups[i].text, 1, groups[i].len, out);
    for (int i = 0; i < ngroups; i++)
        free(groups[i].text);
    free(groups);
    groups = NULL;
    ngroups = capgroups = 0;
    deferring = false;
}

/* Prints the line of loc and a caret; tabs are kept so the caret lines up. */
static void show_line(FILE *out, Loc loc)
{
    const SrcFile *f = loc.file;
    if (!f || loc.line < 1 || loc.line > f->nlines)
        return;
    const char *start = f->text + f->line_start[loc.line - 1];
    const char *end = start;
    while (end < f->text + f->len && *end != '\n' && *end != '\r')
        end++;
    fprintf(out, " %5d | %.*s\n       | ", loc.line, (int)(end - start), start);
    for (int i = 1; i < loc.col && start + i - 1 < end; i++)
        fputc(start[i - 1] == '\t' ? '\t' : ' ', out);
    fputs(diag_color ? "\033[1;32m^\033[0m\n" : "^\n", out);
}

static void vdiag(DiagLevel lvl, Loc loc, const char *fmt, va_list ap)
{
    FILE *out = diag_sink ? diag_sink : stderr;
    /* Undeferred, a message is still written in one piece: stderr is
     * unbuffered, and the caret line alone was one write per column. */
    FILE *direct = NULL;
    char *buf = NULL;
    size_t len = 0;
    if (deferring) {
        /* A message opens a group; its notes join it. */
        if (lvl != DIAG_NOTE || !group_stream) {
            close_group();
            group_stream = open_memstream(&group_buf, &group_len);
            group_loc = loc;
        }
        if (group_stream)
            out = group_stream;
    } else {
        FILE *mem = open_memstream(&buf, &len);
        if (mem) {
            direct = out;
            out = mem;
        }
    }
    count(lvl);
    if (diag_color)
        fputs("\033[1m", out);
    if (loc.file)
        fprintf(out, "%s:%d:%d: ", loc.file->path, loc.line, loc.col);
    else
        fputs("asn1cc: ", out);
    if (diag_color)
        fprintf(out, "%s%s:\033[0m ", level_style(lvl).color, level_style(lvl).name);
    else
        fprintf(out, "%s: ", level_style(lvl).name);
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    show_line(out, loc);
    if (direct) {
        fclose(out);
        fwrite(buf, 1, len, direct);
        free(buf);
    }
}

void diag(DiagLevel lvl, Loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(lvl, loc, fmt, ap);
    va_end(ap);
}

void diag_note(Loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(DIAG_NOTE, loc, fmt, ap);
    va_end(ap);
}

void diag_plain(DiagLevel lvl, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    Loc none = {0};
    vdiag(lvl, none, fmt, ap);
    va_end(ap);
}
