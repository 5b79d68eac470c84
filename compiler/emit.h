/* emit.h — the back end after sema_cmap. main.c calls the entry points;
 * emit_c.c writes what every encoding rule shares and calls, at fixed
 * points of each file, the emitter of each requested rule (EmitRule:
 * emit_der.c for DER). A new encoding rule is a new emit_<rule>.c defining
 * one EmitRule, its function names in cmap (cmap.h, CEnc), and a line in
 * main.c's list of rules. Emitters print names and expressions from cmap.h
 * only, never from the AST. */
#ifndef ASN1CC_EMIT_H
#define ASN1CC_EMIT_H

#include <stdarg.h>
#include <stdio.h>

#include "cmap.h"

/* What one encoding rule prints, at fixed points of the files emit_c.c
 * writes (the order below is the order in the files). */
typedef struct EmitRule {
    CEnc enc;
    void (*header_doc)(void);                  /* .h: the functions' contract, once */
    void (*decl_public)(const CNamed *cn);     /* .h: after T_init's declaration */
    void (*decl_internal)(const CNamed *cn);   /* .h: last in the type's block */
    void (*decl_open)(const COpen *op);        /* .h: the open-type decoder's declaration */
    void (*file_begin)(const CModule *cm);               /* .c: before anything below */
    void (*file_preamble)(void);                         /* .c: after the includes (declarations) */
    void (*codec)(const CModule *cm, CNamed *cn);        /* .c: a defining type, before T_check ... T_init */
    void (*codec_late)(const CModule *cm, CNamed *cn);   /* .c: right after them */
    void (*entry)(const CModule *cm, CNamed *cn);        /* .c: every type, its entry points */
    void (*open)(const CModule *cm, const COpen *op);    /* .c: after the values */
    void (*file_end)(void);                              /* .c: last */
} EmitRule;

extern const EmitRule emit_der;
extern const EmitRule emit_oer;
/* BER decoders (emit_der.c: DER's bodies over a BER-mode reader; encoding stays DER). */
extern const EmitRule emit_ber;
/* Diagnoses, at each type, what emit_oer.c cannot print (before any file
 * is written); false after such errors. */
bool emit_oer_supported(const CMap *map);
/* UNALIGNED and ALIGNED PER (emit_per.c: one body per type for both, the
 * first of the two in a run prints it); emit_per_supported diagnoses, at
 * each type, what emit_per.c cannot print, before any file is written. */
extern const EmitRule emit_uper;
extern const EmitRule emit_aper;
bool emit_per_supported(const CMap *map);

/* --size (main.c): smaller generated code for slower code. DER prints no
 * inline copies (T_decode and T_encode call the externs, no flatten), and
 * only the rules named in --encodings are printed: without DER, a list is
 * its typed items only (emit_c.c prints their iterator; raw stays empty). */
extern bool emit_size;

/* outdir/<module>.h and .c for each module with CModule.emit, with the
 * functions of each of the nrules rules; 0, or non-zero after a diagnosed
 * I/O error. */
int emit_module_files(const CMap *map, const char *outdir, const EmitRule *const *rules, int nrules);

/* outdir/fuzz_T.c for type T (ASN.1 or C name) of a module written by this
 * run, holding the decoder of rule ("der", "uper", "aper", "oer", "ber",
 * one the run emits) to its promises; 0, 1 when there is no such type, 2
 * on I/O errors. */
int emit_fuzz_harness(const CMap *map, const char *type, const char *outdir, const char *rule);

/* ---- printing, shared by the emitters (emit_c.c) ---- */

extern FILE *emit_out;       /* the file being written (a memory stream) */
extern bool emit_rc_used;    /* the body being captured uses the local rc */
void emit_vline(int ind, const char *fmt, va_list ap);
char *emit_vstr(const char *fmt, va_list ap);
/* Captures a function body, so that `int rc;` is declared only when used. */
FILE *emit_body_begin(char **buf, size_t *len);
void emit_body_end(FILE *saved, char **bufp, const char *decls);
const char *emit_member(const CComp *cc, const char *base);   /* base + member name */
const char *emit_fn_sig(const CNamed *cn, CFn f);             /* T's common function f, as declared */
void emit_fn_close(void);                                     /* a function's closing brace and a blank line */
const char *emit_qname(const char *nm);                       /* "nm" or NULL, a C literal */
/* Diagnoses, before any file is written, what rule ("OER", "PER") cannot
 * print: at every type of every module the run writes, why_ct of the type
 * and of each component of a defining type, then why_comp (may be NULL) of
 * the component; each is NULL for what is printed, else what is not. True
 * when nothing was declined. */
bool emit_check_types(const CMap *map, const char *rule, const char *(*why_ct)(const CType *ct),
                      const char *(*why_comp)(const CNamed *cn, const CComp *cc));
/* A decoder's call of a runtime function: its non-zero rc returned through
 * emit_fail_line at reader rd's off_field (err_offset, or PER's err_bit). */
void emit_try(int ind, const char *call, const char *rd, const char *off_field, const char *nm);
/* A SEQUENCE / SET's components: the root ones in encoding order (SET:
 * canonical tag order, X.690 10.3 / X.691 21 / X.696 18), the number of
 * extension-addition slots, and the components of slot e (one addition
 * or one group [[ ]]); out holds ncomps. */
int emit_root_comps(const CNamed *cn, CComp **out);
int emit_n_ext(const CNamed *cn);
int emit_slot_comps(const CNamed *cn, int e, CComp **out);
/* PER and OER's decoding of a present extension addition i from reader r:
 * a switch over cn's slots, each printed by slot, the unknown ones skipped
 * by the call skip (failures at off_field). */
void emit_ext_cases(int ind, CNamed *cn, void (*slot)(int ind, CNamed *cn, int e), const char *skip,
                    const char *off_field);
/* A rule's codec of a defining type, by kind: both directions of SEQUENCE /
 * SET, CHOICE, ENUMERATED and SEQUENCE / SET OF. */
typedef struct EmitKindFns {
    void (*seq_dec)(CNamed *cn), (*seq_enc)(CNamed *cn);
    void (*choice_dec)(CNamed *cn), (*choice_enc)(CNamed *cn);
    void (*enum_dec)(CNamed *cn), (*enum_enc)(CNamed *cn);
    void (*of_dec)(CNamed *cn), (*of_enc)(CNamed *cn);
} EmitKindFns;
void emit_codec_by_kind(CNamed *cn, const EmitKindFns *f);
/* `return FAIL(err, code, off, nm);` at indent ind: a decoder's failure
 * line, FAIL being emit_fail_fn: gen.h's asn1g_fail, or a rule's own form
 * of it while that rule prints (emit_oer.c: oer.h's ASN1OER_FAIL). */
extern const char *emit_fail_fn;
void emit_fail_line(int ind, const char *code, const char *off, const char *nm);
/* The decoder of an open type a sibling selects through a table constraint
 * (Owner_comp_<rule>_decode_open), the same for every rule that has one:
 * each alternative's value in a function of its own, then one function that
 * picks it by the id component. A rule gives its names and pieces. */
typedef struct EmitOpenDec {
    const char *fn;          /* the decoder's name (COpen) */
    const char *rule;        /* "UPER", "OER": the comment's */
    const char *reader_type; /* asn1rt_per_reader, asn1rt_reader */
    /* Lines that set up reader r on view v (rc may be used, `return rc;` on failure). */
    void (*init)(int ind, const char *v);
    const char *finish;      /* the end check on r, an int expression */
    /* One alternative's value into lv from r (the rule's own decoder). */
    void (*dec_value)(int ind, CType *ct, const char *lv);
    /* The name of the function that decodes alternative a (COpenAlt). */
    const char *(*alt_fn)(const COpenAlt *a);
} EmitOpenDec;
void emit_open_decoder(const COpen *op, const EmitOpenDec *d);
const char *emit_open_sig(const COpen *op, const char *fn);   /* its declaration */
/* Field f of the reader expression rd: "(&c)->f" reads better as "c.f". */
const char *emit_rfield(const char *rd, const char *field);
const char *emit_addr(const char *lv);                        /* &(lv); p for (*p) */
const char *emit_par(const char *v);                          /* v as an operand: (v) unless a path or (*p) */
const char *emit_dot(const char *v, const char *field);       /* v.field; p->field for (*p) */
/* SIZE: the measure of value v, and the condition on n that violates it (NULL: none). */
const char *emit_size_measure(CType *ct, const char *v);
const char *emit_size_violation(CType *ct, const char *n);
/* A list decoded into typed items (the array items in the arena): its DER view raw stays empty. */
void emit_list_items(int ind, const char *items);
/* A decoder's SIZE check of the value lv: ASN1RT_E_SIZE_CONSTRAINT at offset off (nothing without a SIZE). */
void emit_size_check(int ind, CType *ct, const char *lv, const char *off, const char *nm);
/* v none of the single values (cmap's), or a presence WITH COMPONENTS fixes is wrong; NULL: nothing to check */
const char *emit_single_violation(CType *ct, const char *v);
const char *emit_range_violation(CType *ct, const char *v);
const char *emit_set_violation(CType *ct, const char *v);  /* v inside the range, outside the exact set */
const char *emit_eq(CType *ct, const char *a, const char *b); /* a equals b, a C condition */

/* P prints one indented line, S formats a string kept in the arena: every
 * line of an emitter uses them, hence the short names. */
static inline void P(int ind, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void P(int ind, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_vline(ind, fmt, ap);
    va_end(ap);
}

static inline char *S(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline char *S(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = emit_vstr(fmt, ap);
    va_end(ap);
    return s;
}

#endif /* ASN1CC_EMIT_H */
