/* diag.c — gcc-style messages: "file:line:col: error: text", the source line,
 * and a caret under the column. */
#include "asn1cc.h"

#include <stdarg.h>
#include <string.h>

bool diag_werror;
static FILE *diag_out;
static bool diag_color;
static int error_count;

void diag_init(FILE *out, bool color)
{
    diag_out = out;
    diag_color = color;
}

int diag_error_count(void)
{
    return error_count;
}

static const char *level_name(DiagLevel lvl)
{
    switch (lvl) {
    case DIAG_NOTE: return "note";
    case DIAG_WARNING: return diag_werror ? "error" : "warning";
    case DIAG_ERROR: return "error";
    }
    return "error";
}

static const char *level_color(DiagLevel lvl)
{
    switch (lvl) {
    case DIAG_NOTE: return "\033[1;36m";
    case DIAG_WARNING: return diag_werror ? "\033[1;31m" : "\033[1;35m";
    case DIAG_ERROR: return "\033[1;31m";
    }
    return "";
}

static void count(DiagLevel lvl)
{
    if (lvl == DIAG_ERROR || (lvl == DIAG_WARNING && diag_werror))
        error_count++;
}

/* Prints the line of loc and a caret; tabs are kept so the caret lines up. */
static void show_line(Loc loc)
{
    const SrcFile *f = loc.file;
    if (!f || loc.line < 1 || loc.line > f->nlines)
        return;
    const char *start = f->text + f->line_start[loc.line - 1];
    const char *end = start;
    while (end < f->text + f->len && *end != '\n' && *end != '\r')
        end++;
    fprintf(diag_out, " %5d | %.*s\n       | ", loc.line, (int)(end - start), start);
    for (int i = 1; i < loc.col && start + i - 1 < end; i++)
        fputc(start[i - 1] == '\t' ? '\t' : ' ', diag_out);
    fputs(diag_color ? "\033[1;32m^\033[0m\n" : "^\n", diag_out);
}

static void vdiag(DiagLevel lvl, Loc loc, const char *fmt, va_list ap)
{
    if (!diag_out)
        diag_out = stderr;
    count(lvl);
    if (diag_color)
        fputs("\033[1m", diag_out);
    if (loc.file)
        fprintf(diag_out, "%s:%d:%d: ", loc.file->path, loc.line, loc.col);
    else
        fputs("asn1cc: ", diag_out);
    if (diag_color)
        fprintf(diag_out, "%s%s:\033[0m ", level_color(lvl), level_name(lvl));
    else
        fprintf(diag_out, "%s: ", level_name(lvl));
    vfprintf(diag_out, fmt, ap);
    fputc('\n', diag_out);
    show_line(loc);
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
