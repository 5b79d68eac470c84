/* lexer.re — X.680 clause 12 lexical items, turned into a token array.
 * re2c generates the scanner (re2c -W -Werror -c); the parser reads the
 * array, which lets sema re-parse brace contents once governors are known. */
#include "asn1cc.h"
#include "parser.h"

#include <string.h>

typedef struct Lexer {
    Arena *arena;
    const SrcFile *file;
    const unsigned char *start, *cur, *lim, *tok, *marker, *ctxmarker;
    int cond;
    int depth;               /* nested block comment depth */
    const unsigned char *comment_start;
    int line_idx;            /* running line index for loc computation */
    Token *toks;
    int n, cap;
    bool ok;
} Lexer;

/*!types:re2c */

static Loc loc_at(Lexer *L, const unsigned char *p)
{
    int off = (int)(p - L->start);
    while (L->line_idx + 1 < L->file->nlines && L->file->line_start[L->line_idx + 1] <= off)
        L->line_idx++;
    Loc loc = {L->file, L->line_idx + 1, off - L->file->line_start[L->line_idx] + 1};
    return loc;
}

static void push(Lexer *L, int kind)
{
    if (L->n == L->cap) {
        int cap = L->cap ? L->cap * 2 : 1024;
        Token *t = arena_alloc(L->arena, sizeof(Token) * (size_t)cap);
        if (L->n)
            memcpy(t, L->toks, sizeof(Token) * (size_t)L->n);
        L->toks = t;
        L->cap = cap;
    }
    Token *t = &L->toks[L->n++];
    t->kind = kind;
    t->loc = loc_at(L, L->tok);
    t->text = (const char *)L->tok;
    t->len = (int)(L->cur - L->tok);
}

static void lex_error(Lexer *L, const char *msg)
{
    diag(DIAG_ERROR, loc_at(L, L->tok), "%s", msg);
    L->ok = false;
}

#define tk(k) (push(L, (k)), true)

/* Scans one token (or skips one blank/comment); false at end of input. */
static bool lex_one(Lexer *L)
{
    for (;;) {
    L->tok = L->cur;
    /*!re2c
    re2c:api:style = free-form;
    re2c:define:YYCTYPE = "unsigned char";
    re2c:define:YYCURSOR = "L->cur";
    re2c:define:YYMARKER = "L->marker";
    re2c:define:YYCTXMARKER = "L->ctxmarker";
    re2c:define:YYGETCONDITION = "L->cond";
    re2c:define:YYSETCONDITION = "L->cond = @@;";
    re2c:yyfill:enable = 0;

    eol   = "\r\n" | "\n" | "\r" | "\x0b" | "\x0c";
    blank = [ \t] | "\xc2\xa0";
    id    = [a-zA-Z] ("-"? [a-zA-Z0-9])*;
    upper = [A-Z] ("-"? [a-zA-Z0-9])*;
    lower = [a-z] ("-"? [a-zA-Z0-9])*;
    digits = [0-9]+;
    exp   = [eE] [-+]? digits;

    <init> "\x00" {
        if (L->tok >= L->lim) { push(L, T_EOF); return false; }
        lex_error(L, "NUL character in input"); continue;
    }
    <init> (blank | eol)+ { continue; }
    <init> "--" ([^\r\n\x0b\x0c\x00-] | "-" [^\r\n\x0b\x0c\x00-])* ("--" | "-")? { continue; }
    <init> "--" "-"+ [ \t]* / (eol | "\x00") { continue; }
    <init> "/*" { L->depth = 1; goto c_comment; }

    <init> "::="  { return tk(T_ASSIGN); }
    <init> "..."  { return tk(T_ELLIPSIS); }
    <init> ".."   { return tk(T_RANGE); }
    <init> "[["   { return tk(T_LBRACK2); }
    <init> "]]"   { return tk(T_RBRACK2); }
    <init> [{}()[\],.;:|^!@<>=*] { return tk(*L->tok); }
    <init> "-"? "0" digits {
        /* Still a number token, so the parser does not cascade. */
        lex_error(L, "a number of several digits does not begin with 0 (X.680 12.8)");
        return tk(T_NUMBER);
    }
    <init> "-" digits { return tk(T_NUMBER); }
    <init> "-"    { return tk('-'); }
    <init> digits { return tk(T_NUMBER); }
    <init> "-"? digits "." digits exp? | "-"? digits exp { return tk(T_REALNUMBER); }
    <init> "'" [01 \t\r\n\x0b\x0c]* "'B" { return tk(T_BSTRING); }
    <init> "'" [0-9A-F \t\r\n\x0b\x0c]* "'H" { return tk(T_HSTRING); }
    <init> "'" [^'\x00]* "'" [A-Za-z]? {
        /* Still a string token, so the parser does not cascade. */
        lex_error(L, "malformed bstring or hstring (expected '0101'B or 'CAFE'H)");
        return tk(L->cur[-1] == 'B' ? T_BSTRING : T_HSTRING);
    }
    <init> "'" { lex_error(L, "unterminated bstring or hstring"); L->cur = L->lim; continue; }
    <init> ["] ([^"\x00] | ["]["])* ["] { return tk(T_CSTRING); }
    <init> ["] { lex_error(L, "unterminated character string"); L->cur = L->lim; continue; }
    <init> "&" upper { return tk(T_TYPEFIELDREF); }
    <init> "&" lower { return tk(T_VALUEFIELDREF); }

    <init> "ABSENT" { return tk(KW_ABSENT); }
    <init> "ABSTRACT-SYNTAX" { return tk(KW_ABSTRACT_SYNTAX); }
    <init> "ALL" { return tk(KW_ALL); }
    <init> "ANY" { return tk(KW_ANY); }
    <init> "APPLICATION" { return tk(KW_APPLICATION); }
    <init> "AUTOMATIC" { return tk(KW_AUTOMATIC); }
    <init> "BEGIN" { return tk(KW_BEGIN); }
    <init> "BIT" { return tk(KW_BIT); }
    <init> "BMPString" { return tk(KW_BMPString); }
    <init> "BOOLEAN" { return tk(KW_BOOLEAN); }
    <init> "BY" { return tk(KW_BY); }
    <init> "CHARACTER" { return tk(KW_CHARACTER); }
    <init> "CHOICE" { return tk(KW_CHOICE); }
    <init> "CLASS" { return tk(KW_CLASS); }
    <init> "COMPONENT" { return tk(KW_COMPONENT); }
    <init> "COMPONENTS" { return tk(KW_COMPONENTS); }
    <init> "CONSTRAINED" { return tk(KW_CONSTRAINED); }
    <init> "CONTAINING" { return tk(KW_CONTAINING); }
    <init> "DATE" { return tk(KW_DATE); }
    <init> "DATE-TIME" { return tk(KW_DATE_TIME); }
    <init> "DEFAULT" { return tk(KW_DEFAULT); }
    <init> "DEFINED" { return tk(KW_DEFINED); }
    <init> "DEFINITIONS" { return tk(KW_DEFINITIONS); }
    <init> "DURATION" { return tk(KW_DURATION); }
    <init> "EMBEDDED" { return tk(KW_EMBEDDED); }
    <init> "ENCODED" { return tk(KW_ENCODED); }
    <init> "ENCODING-CONTROL" { return tk(KW_ENCODING_CONTROL); }
    <init> "END" { return tk(KW_END); }
    <init> "ENUMERATED" { return tk(KW_ENUMERATED); }
    <init> "EXCEPT" { return tk(KW_EXCEPT); }
    <init> "EXPLICIT" { return tk(KW_EXPLICIT); }
    <init> "EXPORTS" { return tk(KW_EXPORTS); }
    <init> "EXTENSIBILITY" { return tk(KW_EXTENSIBILITY); }
    <init> "EXTERNAL" { return tk(KW_EXTERNAL); }
    <init> "FALSE" { return tk(KW_FALSE); }
    <init> "FROM" { return tk(KW_FROM); }
    <init> "GeneralizedTime" { return tk(KW_GeneralizedTime); }
    <init> "GeneralString" { return tk(KW_GeneralString); }
    <init> "GraphicString" { return tk(KW_GraphicString); }
    <init> "IA5String" { return tk(KW_IA5String); }
    <init> "IDENTIFIER" { return tk(KW_IDENTIFIER); }
    <init> "IMPLICIT" { return tk(KW_IMPLICIT); }
    <init> "IMPLIED" { return tk(KW_IMPLIED); }
    <init> "IMPORTS" { return tk(KW_IMPORTS); }
    <init> "INCLUDES" { return tk(KW_INCLUDES); }
    <init> "INSTANCE" { return tk(KW_INSTANCE); }
    <init> "INSTRUCTIONS" { return tk(KW_INSTRUCTIONS); }
    <init> "INTEGER" { return tk(KW_INTEGER); }
    <init> "INTERSECTION" { return tk(KW_INTERSECTION); }
    <init> "ISO646String" { return tk(KW_ISO646String); }
    <init> "MAX" { return tk(KW_MAX); }
    <init> "MIN" { return tk(KW_MIN); }
    <init> "MINUS-INFINITY" { return tk(KW_MINUS_INFINITY); }
    <init> "NOT-A-NUMBER" { return tk(KW_NOT_A_NUMBER); }
    <init> "NULL" { return tk(KW_NULL); }
    <init> "NumericString" { return tk(KW_NumericString); }
    <init> "OBJECT" { return tk(KW_OBJECT); }
    <init> "ObjectDescriptor" { return tk(KW_ObjectDescriptor); }
    <init> "OCTET" { return tk(KW_OCTET); }
    <init> "OF" { return tk(KW_OF); }
    <init> "OID-IRI" { return tk(KW_OID_IRI); }
    <init> "OPTIONAL" { return tk(KW_OPTIONAL); }
    <init> "PATTERN" { return tk(KW_PATTERN); }
    <init> "PDV" { return tk(KW_PDV); }
    <init> "PLUS-INFINITY" { return tk(KW_PLUS_INFINITY); }
    <init> "PRESENT" { return tk(KW_PRESENT); }
    <init> "PrintableString" { return tk(KW_PrintableString); }
    <init> "PRIVATE" { return tk(KW_PRIVATE); }
    <init> "REAL" { return tk(KW_REAL); }
    <init> "RELATIVE-OID" { return tk(KW_RELATIVE_OID); }
    <init> "RELATIVE-OID-IRI" { return tk(KW_RELATIVE_OID_IRI); }
    <init> "SEQUENCE" { return tk(KW_SEQUENCE); }
    <init> "SET" { return tk(KW_SET); }
    <init> "SETTINGS" { return tk(KW_SETTINGS); }
    <init> "SIZE" { return tk(KW_SIZE); }
    <init> "STRING" { return tk(KW_STRING); }
    <init> "SYNTAX" { return tk(KW_SYNTAX); }
    <init> "T61String" { return tk(KW_T61String); }
    <init> "TAGS" { return tk(KW_TAGS); }
    <init> "TeletexString" { return tk(KW_TeletexString); }
    <init> "TIME" { return tk(KW_TIME); }
    <init> "TIME-OF-DAY" { return tk(KW_TIME_OF_DAY); }
    <init> "TRUE" { return tk(KW_TRUE); }
    <init> "TYPE-IDENTIFIER" { return tk(KW_TYPE_IDENTIFIER); }
    <init> "UNION" { return tk(KW_UNION); }
    <init> "UNIQUE" { return tk(KW_UNIQUE); }
    <init> "UNIVERSAL" { return tk(KW_UNIVERSAL); }
    <init> "UniversalString" { return tk(KW_UniversalString); }
    <init> "UTCTime" { return tk(KW_UTCTime); }
    <init> "UTF8String" { return tk(KW_UTF8String); }
    <init> "VideotexString" { return tk(KW_VideotexString); }
    <init> "VisibleString" { return tk(KW_VisibleString); }
    <init> "WITH" { return tk(KW_WITH); }

    <init> upper { return tk(T_TYPEREF); }
    <init> lower { return tk(T_IDENTIFIER); }
    <init> id "-" / [^a-zA-Z0-9-] {
        lex_error(L, "a reference cannot end with a hyphen"); return tk(L->tok[0] <= 'Z' ? T_TYPEREF : T_IDENTIFIER);
    }
    <init> "\xef\xbb\xbf" {
        /* A UTF-8 byte order mark is allowed at the start of a file. */
        if (L->tok != L->start)
            lex_error(L, "byte order mark inside the file");
        continue;
    }
    <init> [\x80-\xff]+ { lex_error(L, "non-ASCII character outside a string or comment"); continue; }
    <init> * { lex_error(L, "stray character in input"); continue; }

    <comment> "\x00" {
        if (L->tok >= L->lim) {
            L->tok = L->comment_start;
            lex_error(L, "unterminated /* comment");
            L->tok = L->lim; L->cond = yycinit; push(L, T_EOF); return false;
        }
        goto c_comment;
    }
    <comment> "/*" { L->depth++; goto c_comment; }
    <comment> "*/" { if (--L->depth == 0) { L->cond = yycinit; continue; } goto c_comment; }
    <comment> [^] { goto c_comment; }
    */
    c_comment:
        if (L->cond != yyccomment) {
            L->comment_start = L->tok;
            L->cond = yyccomment;
        }
    }
}

bool lex_file(Arena *a, const SrcFile *f, TokenArray *out)
{
    Lexer L = {0};
    L.arena = a;
    L.file = f;
    L.start = L.cur = (const unsigned char *)f->text;
    L.lim = L.start + f->len;
    L.cond = yycinit;
    L.ok = true;
    while (lex_one(&L))
        ;
    out->toks = L.toks;
    out->n = L.n;
    return L.ok;
}
