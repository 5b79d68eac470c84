/* test_oer_codegen.c — the OER emitter (compiler/emit_oer.c) on
 * tests/codegen/oer.asn, compiled with the encodings der and oer. One row
 * per case: bytes in, the code out; on success the value passes T_check,
 * re-encodes to the expected bytes (the input unless the row says), and,
 * where the row asks, survives DER and back to the same OER. Vectors:
 * eerimoq/asn1tools tests/test_oer.py (overview A and C, E, CHOICE B,
 * X.691 A.1 PersonnelRecord), as in tests/runtime/test_oer.c; the Forms
 * rows are worked out here from X.696, clause by clause in the comments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <asn1rt/oer.h>  /* the ASN1RT_LAX_OER_* flags */

#include "codegenoer.h"
#include "cunit_run.h"
#include "hex.h"

/* Failure codes of the steps after a successful decode. */
#define RT_CHECK 1000
#define RT_ENCODE 2000
#define RT_BYTES 3000
#define RT_DER 4000
#define RT_DER_BYTES 5000

static uint8_t g_arena_buf[4096];

/* A list decoded from DER is a DER view: its items are loaded into the
 * arena before it is written as OER (T_oer_encode refuses it otherwise). */
static int load_none(void *v, asn1rt_arena *a) { (void)v; (void)a; return ASN1RT_OK; }
static int load_OverviewC(void *p, asn1rt_arena *a)
{
    OverviewC *v = p;
    return v->present == OverviewC_PR_c2 ? OverviewC_c2_load_items(&v->u.c2, a) : ASN1RT_OK;
}
static int load_PersonnelRecord(void *p, asn1rt_arena *a)
{
    PersonnelRecord *v = p;
    return v->children_present ? PersonnelRecord_children_load_items(&v->children, a) : ASN1RT_OK;
}
#define load_OverviewA load_none
#define load_ExtSeq load_none
#define load_ExtChoice load_none
#define load_Forms load_none
#define load_Outer load_none
#define load_Grp load_none
#define load_Misc load_none
#define load_BigTag load_none
#define load_Named load_none
#define load_Run load_none
#define load_RunAlt load_none
#define load_Wide load_none
static int load_Bag(void *p, asn1rt_arena *a) { return Bag_load_items(p, a); }

/* Decode in[0..n) with lax; re-encode and compare with want[0..wn); with
 * der, also OER -> DER -> T -> OER. */
#define ROUNDTRIP(T)                                                                          \
    static int rt_##T(const uint8_t *in, size_t n, unsigned lax, const uint8_t *want, size_t wn, \
                      bool der, bool arena_on, asn1rt_error *err)                              \
    {                                                                                         \
        T v, w;                                                                               \
        asn1rt_arena a;                                                                       \
        uint8_t out[512], dbuf[512];                                                          \
        size_t len, dlen;                                                                     \
        if (asn1rt_arena_init(&a, g_arena_buf, sizeof g_arena_buf) != ASN1RT_OK)            \
            abort();                                                                          \
        int rc = T##_oer_decode_ex(&v, in, n, lax, arena_on ? &a : NULL, err);              \
        if (rc != ASN1RT_OK)                                                                  \
            return rc;                                                                        \
        if (T##_check(&v) != ASN1RT_OK)                                                       \
            return RT_CHECK;                                                                  \
        if ((rc = T##_oer_encode(&v, out, sizeof out, &len)) != ASN1RT_OK)                    \
            return RT_ENCODE + rc;                                                            \
        if (len != wn || memcmp(out, want, wn) != 0)                                          \
            return RT_BYTES;                                                                  \
        if (!der)                                                                             \
            return ASN1RT_OK;                                                                 \
        if (T##_encode(&v, dbuf, sizeof dbuf, &dlen) != ASN1RT_OK || T##_decode(&w, dbuf, dlen) != ASN1RT_OK) \
            return RT_DER;                                                                    \
        if (!T##_equal(&v, &w) || load_##T(&w, &a) != ASN1RT_OK)                               \
            return RT_DER;                                                                    \
        if (T##_oer_encode(&w, out, sizeof out, &len) != ASN1RT_OK || len != wn || memcmp(out, want, wn) != 0) \
            return RT_DER_BYTES;                                                              \
        return ASN1RT_OK;                                                                     \
    }

ROUNDTRIP(OverviewA)
ROUNDTRIP(OverviewC)
ROUNDTRIP(ExtSeq)
ROUNDTRIP(ExtChoice)
ROUNDTRIP(PersonnelRecord)
ROUNDTRIP(Forms)
ROUNDTRIP(Outer)
ROUNDTRIP(Bag)
ROUNDTRIP(Grp)
ROUNDTRIP(Misc)
ROUNDTRIP(BigTag)
ROUNDTRIP(Named)
ROUNDTRIP(Run)
ROUNDTRIP(RunAlt)
ROUNDTRIP(Wide)

typedef int (*rt_fn)(const uint8_t *, size_t, unsigned, const uint8_t *, size_t, bool, bool, asn1rt_error *);

typedef struct dec_row {
    const char *name, *src;
    rt_fn rt;
    const char *hex;
    unsigned lax;
    int want;
    const char *reenc;      /* NULL: the input */
    bool der;               /* also through DER */
    bool no_arena;
} dec_row;

#define PERSONNEL                                                                                   \
    "80 04 4A 6F 68 6E 01 50 05 53 6D 69 74 68 01 33 08 44 69 72 65 63 74 6F 72 08 31 39 37 31 30 39" \
    "31 37 04 4D 61 72 79 01 54 05 53 6D 69 74 68 01 02 05 52 61 6C 70 68 01 54 05 53 6D 69 74 68 08" \
    "31 39 35 37 31 31 31 31 05 53 75 73 61 6E 01 42 05 4A 6F 6E 65 73 08 31 39 35 39 30 37 31 37"

/* Forms { s "abc", o '01020304'H, b '1010'B, u 0x0102030405060708, d 7
 * (DEFAULT: absent, preamble bit 0 clear), n NULL (no octets), e y(200)
 * (X.696 11: long form 82 00 C8), oid 1.2.840.113549 (length, X.690
 * content), v '' (00), bs '1'B (02 07 80), f { w } (named bits, trailing
 * 0 bits removed: '01'B, 02 06 40), arr { -1, 1 } (quantity 01 02, fixed
 * one-octet signed FF 01) }. */
#define FORMS_D7 "00 61 62 63 01 02 03 04 A0 01 02 03 04 05 06 07 08 82 00 C8 06 2A 86 48 86 F7 0D 00 02 07 80 02 06 40 01 02 FF 01"
/* The same with d 9: preamble 80 and d's one octet after u. */
#define FORMS_D9 "80 61 62 63 01 02 03 04 A0 01 02 03 04 05 06 07 08 09 82 00 C8 06 2A 86 48 86 F7 0D 00 02 07 80 02 06 40 01 02 FF 01"

/* Misc { r 1.0 (X.690 8.5 binary: 80 00 01), ro 8571.3.2, t "991231235959Z",
 * big 2^64 (10.4 unsigned: 9 octets), neg -2^64 (10.4 two's complement) }:
 * X.696 12, 22, 26 (a length, then the X.690 content or the characters). */
#define MISC "03 80 00 01 04 C2 7B 03 02 0D 39 39 31 32 33 31 32 33 35 39 35 39 5A " \
             "09 01 00 00 00 00 00 00 00 00 09 FF 00 00 00 00 00 00 00 00"

/* Run { flag TRUE, small 5, neg -3, word 0x1234, wide -1, col blue, mode q,
 * oct 'AABBCC'H, pair { i 0x01020304, j -5 }, big 0x0102030405060708,
 * sparse hi (X.696 11: long form 82 00 C8), tail 254, s8 -9,
 * pair2 { i 7, j 5 } }: preamble 40 (no extension, pair2 present), then
 * the fixed-size forms of X.696 9, 10, 11 and 13.2 one after another. */
#define RUN_HEAD "40 FF 05 FD 12 34 FF FF FF FF 02 01 AA BB CC 01 02 03 04 FB 01 02 03 04 05 06 07 08"
#define RUN_ALL RUN_HEAD " 82 00 C8 FE F7 00 00 00 07 05"
/* The same without pair2: preamble 00. */
#define RUN_NO_PAIR2 "00 FF 05 FD 12 34 FF FF FF FF 02 01 AA BB CC 01 02 03 04 FB 01 02 03 04 05 06 07 08 82 00 C8 FE F7"
#define WIDE_H9 "09 61 62 63 64 65 66 67 68 69 "
#define WIDE_U16 "10 61 62 63 64 65 66 67 68 69 6A 6B 6C 6D 6E 6F 70"

static const dec_row dec_rows[] = {
    { "overview A", "asn1tools", rt_OverviewA, "C0 04 00 04 00 04 00 00 00 04 02 04 00 01 04 01 04", 0, 0, NULL, true, false },
    { "overview A, a3 and a7 absent", "derived 16.2", rt_OverviewA, "00 04 00 04 00 00 00 04 02 04 00 01 04", 0, 0, NULL, true, false },
    { "overview A, padding bit", "derived 16.2.3", rt_OverviewA, "C1 04 00 04 00 04 00 00 00 04 02 04 00 01 04 01 04", 0, ASN1RT_E_OER_PADDING, NULL, false, false },
    { "overview A, padding bit, lax", "derived 16.2.3", rt_OverviewA, "C1 04 00 04 00 04 00 00 00 04 02 04 00 01 04 01 04",
      ASN1RT_LAX_OER_PADDING, 0, "C0 04 00 04 00 04 00 00 00 04 02 04 00 01 04 01 04", false, false },
    { "overview A, a1 101", "derived 10.2", rt_OverviewA, "00 65 00 04 00 00 00 04 02 04 00 01 04", 0, ASN1RT_E_VALUE_CONSTRAINT, NULL, false, false },
    { "overview A, a5 non-minimal", "derived 10.4", rt_OverviewA, "00 04 00 04 00 00 00 04 03 00 04 00 01 04", 0, ASN1RT_E_INTEGER_NOT_MINIMAL, NULL, false, false },
    { "overview A, a5 2^63 (arena copy)", "derived 10.4", rt_OverviewA, "00 04 00 04 00 00 00 04 08 80 00 00 00 00 00 00 00 01 04", 0, 0, NULL, true, false },
    { "overview A, a5 2^63, no arena", "derived 10.4", rt_OverviewA, "00 04 00 04 00 00 00 04 08 80 00 00 00 00 00 00 00 01 04", 0, ASN1RT_E_ARENA_FULL, NULL, false, true },
    { "overview A, truncated", "derived", rt_OverviewA, "C0 04 00 04 00 04 00 00 00 04 02 04 00 01 04 01", 0, ASN1RT_E_TRUNCATED, NULL, false, false },
    { "overview C", "asn1tools", rt_OverviewC, "81 01 04 01 02 03 04", 0, 0, NULL, true, false },
    { "overview C c1", "derived 20", rt_OverviewC, "80 FF", 0, 0, NULL, true, false },
    { "overview C, no arena for the list", "emit_oer.c", rt_OverviewC, "81 01 04 01 02 03 04", 0, ASN1RT_E_ARENA_FULL, NULL, false, true },
    { "overview C, empty list, no arena", "derived 17", rt_OverviewC, "81 01 00", 0, 0, NULL, true, true },
    { "overview C, enum value 5", "derived 11", rt_OverviewC, "81 01 01 05", 0, ASN1RT_E_ENUM_VALUE, NULL, false, false },
    { "overview C, enum long form", "derived 11.3", rt_OverviewC, "81 01 01 81 01", 0, ASN1RT_E_OER_ENUM_FORM, NULL, false, false },
    { "overview C, enum long form, lax", "derived 11.3", rt_OverviewC, "81 01 01 81 01", ASN1RT_LAX_OER_INTEGER, 0, "81 01 01 01", false, false },
    { "overview C, quantity beyond the input", "derived 17", rt_OverviewC, "81 01 05 01 02 03 04", 0, ASN1RT_E_TRUNCATED, NULL, false, false },
    { "overview C, tag [2]", "derived 20", rt_OverviewC, "82 00", 0, ASN1RT_E_NO_ALTERNATIVE, NULL, false, false },
    { "overview C, BOOLEAN 01", "derived 9", rt_OverviewC, "80 01", 0, ASN1RT_E_BOOLEAN_VALUE, NULL, false, false },
    { "overview C, BOOLEAN 01, lax", "derived 9", rt_OverviewC, "80 01", ASN1RT_LAX_BOOLEAN, 0, "80 FF", false, false },
    { "overview C, trailing", "derived", rt_OverviewC, "80 FF 00", 0, ASN1RT_E_TRAILING_DATA, NULL, false, false },
    { "overview C, trailing, lax", "derived", rt_OverviewC, "80 FF 00", ASN1RT_LAX_TRAILING, 0, "80 FF", false, false },
    { "E { a TRUE, b TRUE }", "asn1tools", rt_ExtSeq, "80 FF 02 07 80 01 FF", 0, 0, NULL, true, false },
    { "E { a TRUE }", "derived 16.2.2", rt_ExtSeq, "00 FF", 0, 0, NULL, true, false },
    { "E, unknown 2nd addition skipped", "derived 16.4", rt_ExtSeq, "80 FF 02 06 40 01 FF", 0, 0, "00 FF", false, false },
    { "E, known and unknown", "derived 16.4", rt_ExtSeq, "80 FF 02 06 C0 01 00 02 AA BB", 0, 0, "80 FF 02 07 80 01 00", false, false },
    { "E, extension bit, no addition", "derived 16.2.2", rt_ExtSeq, "80 FF 02 07 00", 0, ASN1RT_E_OER_EXTENSIONS, NULL, false, false },
    { "E, addition longer than its value", "derived 16.5", rt_ExtSeq, "80 FF 02 07 80 02 FF 00", 0, ASN1RT_E_TRAILING_DATA, NULL, false, false },
    { "CHOICE B c 1000", "asn1tools", rt_ExtChoice, "82 03 02 03 E8", 0, 0, NULL, true, false },
    { "CHOICE B a", "derived 20", rt_ExtChoice, "80 00", 0, 0, NULL, true, false },
    { "CHOICE B, unknown [5] kept", "derived 20.2", rt_ExtChoice, "85 02 01 02", 0, 0, NULL, false, false },
    { "CHOICE B, c open type cut", "derived 20.2", rt_ExtChoice, "82 04 02 03 E8", 0, ASN1RT_E_TRUNCATED, NULL, false, false },
    { "PersonnelRecord", "asn1tools x691a1", rt_PersonnelRecord, PERSONNEL, 0, 0, NULL, true, false },
    { "Forms, d 7", "derived", rt_Forms, FORMS_D7, 0, 0, NULL, true, false },
    { "Forms, d 9", "derived", rt_Forms, FORMS_D9, 0, 0, NULL, true, false },
    { "Forms, d 7 encoded", "derived 16.3",  rt_Forms,
      "80 61 62 63 01 02 03 04 A0 01 02 03 04 05 06 07 08 07 82 00 C8 06 2A 86 48 86 F7 0D 00 02 07 80 02 06 40 01 02 FF 01",
      0, ASN1RT_E_DEFAULT_ENCODED, NULL, false, false },
    { "Forms, f with a trailing 0 bit", "derived 13.3", rt_Forms,
      "00 61 62 63 01 02 03 04 A0 01 02 03 04 05 06 07 08 82 00 C8 06 2A 86 48 86 F7 0D 00 02 07 80 02 05 40 01 02 FF 01",
      0, ASN1RT_E_BITSTRING_TRAILING_ZERO, NULL, false, false },
    { "Forms, arr of 4", "derived 17", rt_Forms,
      "00 61 62 63 01 02 03 04 A0 01 02 03 04 05 06 07 08 82 00 C8 06 2A 86 48 86 F7 0D 00 02 07 80 02 06 40 01 04 FF 01 00 00",
      0, ASN1RT_E_SIZE_CONSTRAINT, NULL, false, false },
    { "Forms, arr item 2", "derived 10.3", rt_Forms,
      "00 61 62 63 01 02 03 04 A0 01 02 03 04 05 06 07 08 82 00 C8 06 2A 86 48 86 F7 0D 00 02 07 80 02 06 40 01 02 FF 02",
      0, ASN1RT_E_VALUE_CONSTRAINT, NULL, false, false },
    { "Forms, s not IA5", "derived 26", rt_Forms,
      "00 61 62 E3 01 02 03 04 A0 01 02 03 04 05 06 07 08 82 00 C8 06 2A 86 48 86 F7 0D 00 02 07 80 02 06 40 01 02 FF 01",
      0, ASN1RT_E_STRING_ALPHABET, NULL, false, false },
    { "Forms, fixed b padding", "derived 13.2", rt_Forms,
      "00 61 62 63 01 02 03 04 A1 01 02 03 04 05 06 07 08 82 00 C8 06 2A 86 48 86 F7 0D 00 02 07 80 02 06 40 01 02 FF 01",
      0, ASN1RT_E_BITSTRING_PADDING, NULL, false, false },
    /* X.696 20.1: an untagged CHOICE alternative has the tag of its own chosen alternative. */
    { "Outer a TRUE", "derived 20", rt_Outer, "80 FF", 0, 0, NULL, true, false },
    { "Outer inner x TRUE", "derived 20.1", rt_Outer, "85 FF", 0, 0, NULL, true, false },
    { "Outer inner y 200", "derived 20.1", rt_Outer, "86 C8", 0, 0, NULL, true, false },
    { "Outer late p TRUE (open type)", "derived 20.2", rt_Outer, "87 02 87 FF", 0, 0, NULL, true, false },
    { "Outer, unknown [8] kept", "derived 20.2", rt_Outer, "88 01 00", 0, 0, NULL, false, false },
    { "Outer inner y truncated", "derived 10.2", rt_Outer, "86", 0, ASN1RT_E_TRUNCATED, NULL, false, false },
    /* SET OF: the items in DER's order, 01 01 < 01 02 < 02 01 01. */
    { "Bag sorted", "derived 19, X.690 11.6", rt_Bag, "01 03 01 01 01 02 02 01 01", 0, 0, NULL, true, false },
    { "Bag unsorted", "derived 19", rt_Bag, "01 03 01 02 01 01 02 01 01", 0, ASN1RT_E_SET_ORDER, NULL, false, false },
    { "Bag unsorted, lax", "derived 19", rt_Bag, "01 03 01 02 01 01 02 01 01", ASN1RT_LAX_SET_ORDER, 0,
      "01 03 01 01 01 02 02 01 01", false, false },
    /* Grp: bitmap bit 0 the group (a SEQUENCE { b, c OPTIONAL } in an open type), bit 1 d. */
    { "Grp { a 1 }", "derived 16", rt_Grp, "00 01", 0, 0, NULL, true, false },
    { "Grp { a 1, b 2, c TRUE }", "derived 16.4, 16.5", rt_Grp, "80 01 02 06 80 03 80 02 FF", 0, 0, NULL, true, false },
    { "Grp { a 1, b 2, d 9 }", "derived 16.4", rt_Grp, "80 01 02 06 C0 02 00 02 01 09", 0, 0, NULL, true, false },
    { "Grp { a 1, d 9 }", "derived 16.4", rt_Grp, "80 01 02 06 40 01 09", 0, 0, NULL, true, false },
    { "Grp, d 5 (its DEFAULT) encoded", "derived 16.3", rt_Grp, "80 01 02 06 40 01 05", 0, ASN1RT_E_DEFAULT_ENCODED, NULL, false, false },
    { "Grp, d 5 encoded, lax", "derived 16.3", rt_Grp, "80 01 02 06 40 01 05", ASN1RT_LAX_DEFAULT, 0, "00 01", false, false },
    { "Grp, group without b", "derived 16.5", rt_Grp, "80 01 02 06 80 02 80 FF", 0, ASN1RT_E_TRUNCATED, NULL, false, false },
    { "Grp, group longer than its value", "derived 16.5", rt_Grp, "80 01 02 06 80 04 80 02 FF 00", 0, ASN1RT_E_TRAILING_DATA, NULL, false, false },
    { "Misc", "derived 10, 12, 22, 26", rt_Misc, MISC, 0, 0, NULL, true, false },
    /* X.696 8.7.2: class context (10), number 63 and 200 in the long form. */
    { "BigTag lo TRUE", "derived 8.7.2.2", rt_BigTag, "81 FF", 0, 0, NULL, true, false },
    { "BigTag at63 TRUE", "derived 8.7.2.3", rt_BigTag, "BF 3F FF", 0, 0, NULL, true, false },
    { "BigTag hi TRUE", "derived 8.7.2.3", rt_BigTag, "BF 81 48 FF", 0, 0, NULL, true, false },
    { "BigTag, [1] in the long form", "derived 8.7.2.3", rt_BigTag, "BF 01 FF", 0, ASN1RT_E_TAG_NOT_MINIMAL, NULL, false, false },
    { "BigTag, unknown [201] kept", "derived 20.2", rt_BigTag, "BF 81 49 01 00", 0, 0, NULL, false, false },
    { "BigTag, long form cut", "derived 8.7.2.3", rt_BigTag, "BF", 0, ASN1RT_E_TRUNCATED, NULL, false, false },
    /* Named: UTF8String (SIZE (0..3)) in characters; C3 A9 is one (U+00E9). */
    { "Named abc", "derived 26", rt_Named, "03 61 62 63", 0, 0, NULL, true, false },
    { "Named abcd", "derived 26", rt_Named, "04 61 62 63 64", 0, ASN1RT_E_SIZE_CONSTRAINT, NULL, false, false },
    { "Named 3 characters in 6 octets", "derived 26", rt_Named, "06 C3 A9 C3 A9 C3 A9", 0, 0, NULL, true, false },
    { "Named 4 characters in 8 octets", "derived 26", rt_Named, "08 C3 A9 C3 A9 C3 A9 C3 A9", 0, ASN1RT_E_SIZE_CONSTRAINT, NULL, false, false },
    /* Wide: preamble bit i for o(i+1), bits 12..15 padding; h "abcdefghi", u "abcdefghijklmnop". */
    { "Wide, none present", "derived 16.2", rt_Wide, "00 00 " WIDE_H9 WIDE_U16, 0, 0, NULL, true, false },
    { "Wide o1 o9 o12", "derived 16.2", rt_Wide, "80 90 01 09 0C " WIDE_H9 WIDE_U16, 0, 0, NULL, true, false },
    { "Wide o8 o9", "derived 16.2", rt_Wide, "01 80 08 09 " WIDE_H9 WIDE_U16, 0, 0, NULL, true, false },
    { "Wide o12 without its octet", "derived 16.2", rt_Wide, "00 10 " WIDE_H9 WIDE_U16, 0, ASN1RT_E_TRUNCATED, NULL, false, false },
    { "Wide, padding bit in octet 2", "derived 16.2.3", rt_Wide, "00 08 " WIDE_H9 WIDE_U16, 0, ASN1RT_E_OER_PADDING, NULL, false, false },
    { "Wide, h of 3, 80 last (octet by octet)", "derived 26", rt_Wide, "00 00 03 61 62 80 " WIDE_U16, 0, ASN1RT_E_STRING_ALPHABET, NULL, false, false },
    { "Wide, h of 3", "derived 26", rt_Wide, "00 00 03 61 62 63 " WIDE_U16, 0, 0, NULL, true, false },
    { "Wide, h of 8, 80 first", "derived 26", rt_Wide, "00 00 08 80 62 63 64 65 66 67 68 " WIDE_U16, 0, ASN1RT_E_STRING_ALPHABET, NULL, false, false },
    { "Wide, u of 7 after h, 80 first (one load)", "derived 26", rt_Wide, "00 00 " WIDE_H9 "07 80 62 63 64 65 66 67", 0, ASN1RT_E_STRING_UTF8, NULL, false, false },
    { "Wide, h of 9, 80 first", "derived 26", rt_Wide, "00 00 09 80 62 63 64 65 66 67 68 69 " WIDE_U16, 0, ASN1RT_E_STRING_ALPHABET, NULL, false, false },
    { "Wide, h of 9, 80 last", "derived 26", rt_Wide, "00 00 09 61 62 63 64 65 66 67 68 80 " WIDE_U16, 0, ASN1RT_E_STRING_ALPHABET, NULL, false, false },
    { "Wide, h of 12, 80 at 8", "derived 26", rt_Wide, "00 00 0C 61 62 63 64 65 66 67 68 80 6A 6B 6C " WIDE_U16, 0, ASN1RT_E_STRING_ALPHABET, NULL, false, false },
    { "Wide, h of 16, 80 at 7", "derived 26", rt_Wide, "00 00 10 61 62 63 64 65 66 67 80 69 6A 6B 6C 6D 6E 6F 70 " WIDE_U16, 0, ASN1RT_E_STRING_ALPHABET, NULL, false, false },
    { "Wide, h of 16, FF last", "derived 26", rt_Wide, "00 00 10 61 62 63 64 65 66 67 68 69 6A 6B 6C 6D 6E 6F FF " WIDE_U16, 0, ASN1RT_E_STRING_ALPHABET, NULL, false, false },
    { "Wide, h of 17, 80 at 8", "derived 26", rt_Wide, "00 00 11 61 62 63 64 65 66 67 68 80 6A 6B 6C 6D 6E 6F 70 71 " WIDE_U16, 0, ASN1RT_E_STRING_ALPHABET, NULL, false, false },
    { "Wide, h of 17", "derived 26", rt_Wide, "00 00 11 61 62 63 64 65 66 67 68 69 6A 6B 6C 6D 6E 6F 70 71 " WIDE_U16, 0, 0, NULL, true, false },
    { "Wide, u of 10 with two C3 A9", "derived 26", rt_Wide, "00 00 " WIDE_H9 "0A C3 A9 61 62 63 64 65 66 C3 A9", 0, 0, NULL, true, false },
    { "Wide, u of 16, lone 80 last", "derived 26", rt_Wide, "00 00 " WIDE_H9 "10 61 62 63 64 65 66 67 68 69 6A 6B 6C 6D 6E 6F 80", 0, ASN1RT_E_STRING_UTF8, NULL, false, false },
    { "Wide, u of 9, C3 A9 first", "derived 26", rt_Wide, "00 00 " WIDE_H9 "09 C3 A9 63 64 65 66 67 68 69", 0, 0, NULL, true, false },
    { "Misc, t not DER", "derived 26", rt_Misc,
      "03 80 00 01 04 C2 7B 03 02 0B 39 39 31 32 33 31 32 33 35 39 5A 09 01 00 00 00 00 00 00 00 00 09 FF 00 00 00 00 00 00 00 00",
      0, ASN1RT_E_TIME_FORMAT, NULL, false, false },
    { "Misc, big beyond 128 bits", "derived 10.4", rt_Misc,
      "03 80 00 01 04 C2 7B 03 02 0D 39 39 31 32 33 31 32 33 35 39 35 39 5A 11 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 "
      "09 FF 00 00 00 00 00 00 00 00", 0, ASN1RT_E_INTEGER_RANGE, NULL, false, false },
    { "Run", "derived 9-11, 13.2, 16", rt_Run, RUN_ALL, 0, 0, NULL, true, false },
    { "Run, pair2 absent", "derived 16.2", rt_Run, RUN_NO_PAIR2, 0, 0, NULL, true, false },
    { "Run, mode 2 (unknown, extensible)", "derived 11", rt_Run,
      "40 FF 05 FD 12 34 FF FF FF FF 02 02 AA BB CC 01 02 03 04 FB 01 02 03 04 05 06 07 08 82 00 C8 FE F7 00 00 00 07 05", 0, 0, NULL, false, false },
    { "RunAlt pair", "derived 20", rt_RunAlt, "80 01 02 03 04 FB", 0, 0, NULL, true, false },
    { "RunAlt word", "derived 20", rt_RunAlt, "81 12 34", 0, 0, NULL, true, false },
    { "RunAlt far [70]", "derived 8.7.2.3", rt_RunAlt, "BF 46 00 00 00 07 05", 0, 0, NULL, true, false },
    { "Run, col 3", "derived 11", rt_Run,
      "40 FF 05 FD 12 34 FF FF FF FF 03 01 AA BB CC 01 02 03 04 FB 01 02 03 04 05 06 07 08 82 00 C8 FE F7 00 00 00 07 05", 0, ASN1RT_E_ENUM_VALUE, NULL, false, false },
};

static void test_decode_table(void)
{
    for (size_t i = 0; i < sizeof dec_rows / sizeof dec_rows[0]; i++) {
        const dec_row *r = &dec_rows[i];
        uint8_t in[512], want[512];
        size_t n = unhex(r->hex, in, sizeof in);
        size_t wn = unhex(r->reenc ? r->reenc : r->hex, want, sizeof want);
        asn1rt_error err;
        int rc = r->rt(in, n, r->lax, want, wn, r->der, !r->no_arena, &err);
        if (rc != r->want)
            printf("\n  %s (%s): got %d, want %d\n", r->name, r->src, rc, r->want);
        CU_ASSERT_EQUAL(rc, r->want);
    }
}

/* Values built in C, encoded to exact bytes, decoded back equal. */
static void test_encode_forms(void)
{
    static const uint8_t oid[] = { 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D };
    static const uint8_t b4 = 0xA0, one = 0x80, fw = 0x40;
    struct { const char *name; unsigned d; const char *hex; } rows[] = {
        { "d 7 (DEFAULT, omitted)", 7, FORMS_D7 },
        { "d 9", 9, FORMS_D9 },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        Forms f, g;
        uint8_t want[256], out[256];
        size_t wn = unhex(rows[i].hex, want, sizeof want), len = 0;
        Forms_init(&f);
        f.s = (asn1rt_view){ (const uint8_t *)"abc", 3 };
        f.o = (asn1rt_view){ (const uint8_t *)"\x01\x02\x03\x04", 4 };
        f.b = (asn1rt_bits){ &b4, 1, 4 };
        f.u = UINT64_C(0x0102030405060708);
        f.d = (uint8_t)rows[i].d;
        f.e = Forms_e_y;
        f.oid = (asn1rt_view){ oid, sizeof oid };
        f.v = (asn1rt_view){ NULL, 0 };
        f.bs = (asn1rt_bits){ &one, 1, 7 };
        f.f = (asn1rt_bits){ &fw, 1, 0 };  /* '01000000'B: trimmed to '01'B */
        f.arr.count = 2;
        f.arr.items[0] = -1;
        f.arr.items[1] = 1;
        CU_ASSERT_EQUAL_FATAL(Forms_oer_encode(&f, out, sizeof out, &len), ASN1RT_OK);
        CU_ASSERT_EQUAL(len, wn);
        CU_ASSERT(len == wn && memcmp(out, want, wn) == 0);
        CU_ASSERT_EQUAL(Forms_oer_decode(&g, out, len, NULL), ASN1RT_OK);
        CU_ASSERT_EQUAL(g.d, rows[i].d);
        CU_ASSERT_EQUAL(g.e, Forms_e_y);
        /* Every buffer size short of the encoding fails as too small. */
        for (size_t cap = 0; cap < wn; cap++)
            CU_ASSERT_EQUAL(Forms_oer_encode(&f, out, cap, &len), ASN1RT_E_BUFFER_TOO_SMALL);
    }
}

/* What the encoder refuses: values outside the constraints, a fixed
 * size not met, an unknown discriminant. */
static void test_encode_refusals(void)
{
    uint8_t out[64];
    size_t len;
    OverviewA a;
    OverviewA_init(&a);
    a.a1 = 101;
    a.a5 = (asn1rt_bigint){ (const uint8_t *)"\x04\x00", 2 };
    a.a6 = (asn1rt_bigint){ (const uint8_t *)"\x04", 1 };
    CU_ASSERT_EQUAL(OverviewA_oer_encode(&a, out, sizeof out, &len), ASN1RT_E_VALUE_CONSTRAINT);
    a.a1 = 4;
    CU_ASSERT_EQUAL(OverviewA_oer_encode(&a, out, sizeof out, &len), ASN1RT_OK);
    a.a5 = (asn1rt_bigint){ (const uint8_t *)"\xFF", 1 };  /* -1: below (1000..MAX), no unsigned form */
    CU_ASSERT_EQUAL(OverviewA_oer_encode(&a, out, sizeof out, &len), ASN1RT_E_VALUE_CONSTRAINT);

    ExtChoice c;
    memset(&c, 0, sizeof c);
    CU_ASSERT_EQUAL(ExtChoice_oer_encode(&c, out, sizeof out, &len), ASN1RT_E_BAD_CHOICE);

    Forms f;
    Forms_init(&f);
    f.s = (asn1rt_view){ (const uint8_t *)"ab", 2 };
    CU_ASSERT_EQUAL(Forms_oer_encode(&f, out, sizeof out, &len), ASN1RT_E_SIZE_CONSTRAINT);
}

/* SET OF items given in any order are written in DER's order; a group
 * that is there has its mandatory components. */
static void test_encode_set_of_group(void)
{
    static const uint8_t i0[] = { 0x02, 0x01 }, i1[] = { 0x01 }, i2[] = { 0x02 };
    asn1rt_view items[3] = { { i0, 2 }, { i1, 1 }, { i2, 1 } };
    uint8_t out[64], want[64];
    size_t len, wn = unhex("01 03 01 01 01 02 02 02 01", want, sizeof want);
    Bag b;
    Bag_init(&b);
    b.items = items;
    b.count = 3;
    CU_ASSERT_EQUAL_FATAL(Bag_oer_encode(&b, out, sizeof out, &len), ASN1RT_OK);
    CU_ASSERT(len == wn && memcmp(out, want, wn) == 0);
    /* The sort keeps lengths in the free room: too little of it fails cleanly. */
    for (size_t cap = 0; cap < wn; cap++)
        CU_ASSERT_EQUAL(Bag_oer_encode(&b, out, cap, &len), ASN1RT_E_BUFFER_TOO_SMALL);

    Grp g;
    Grp_init(&g);
    g.a = 1;
    g.c_present = true;
    g.c = true;
    CU_ASSERT_EQUAL(Grp_oer_encode(&g, out, sizeof out, &len), ASN1RT_E_MISSING_COMPONENT);
    g.b_present = true;
    g.b = 2;
    wn = unhex("80 01 02 06 80 03 80 02 FF", want, sizeof want);
    CU_ASSERT_EQUAL(Grp_oer_encode(&g, out, sizeof out, &len), ASN1RT_OK);
    CU_ASSERT(len == wn && memcmp(out, want, wn) == 0);
}

/* err reports code at offset, with path0 the innermost component name
 * (NULL: an empty path). */
static void assert_report(const asn1rt_error *err, int code, size_t offset, const char *path0)
{
    CU_ASSERT_EQUAL(err->code, code);
    CU_ASSERT_EQUAL(err->offset, offset);
    if (path0) {
        CU_ASSERT(err->path_len >= 1 && strcmp(err->path[0], path0) == 0);
    } else {
        CU_ASSERT_EQUAL(err->path_len, 0);
    }
}

/* Where a failure is reported: code, octet offset, component path. */
static void test_error_report(void)
{
    static const struct {
        const char *hex;
        int code;
        size_t offset;
        const char *path0;
    } rows[] = {
        { "00 65 00 04 00 00 00 04 02 04 00 01 04", ASN1RT_E_VALUE_CONSTRAINT, 1, "a1" },
        { "00 04 00 04 00 00 00 04 03 00 04 00 01 04", ASN1RT_E_INTEGER_NOT_MINIMAL, 9, "a5" },
        { "C1 04", ASN1RT_E_OER_PADDING, 0, NULL },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        uint8_t in[64];
        size_t n = unhex(rows[i].hex, in, sizeof in);
        OverviewA a;
        asn1rt_error err;
        CU_ASSERT_EQUAL(OverviewA_oer_decode_ex(&a, in, n, 0, NULL, &err), rows[i].code);
        assert_report(&err, rows[i].code, rows[i].offset, rows[i].path0);
    }
}

/* T_oer_decode_ex's report where a CHOICE reads its tag (its first octet,
 * the long form from the switch's default) and where the preamble and the
 * short strings are checked: the code, the offset, the innermost name. */
#define EX(T) \
    static int ex_##T(const uint8_t *in, size_t n, asn1rt_error *err) \
    { \
        T v; \
        return T##_oer_decode_ex(&v, in, n, 0, NULL, err); \
    }
EX(OverviewC)
EX(BigTag)
EX(Outer)
EX(Wide)
EX(Forms)

static void test_error_report_tags_strings(void)
{
    static const struct {
        int (*ex)(const uint8_t *, size_t, asn1rt_error *);
        const char *hex;
        int code;
        size_t offset;
        const char *path0;
    } rows[] = {
        { ex_OverviewC, "", ASN1RT_E_TRUNCATED, 0, NULL },
        { ex_OverviewC, "82 00", ASN1RT_E_NO_ALTERNATIVE, 0, NULL },
        { ex_OverviewC, "BF 3F FF", ASN1RT_E_NO_ALTERNATIVE, 0, NULL },
        { ex_OverviewC, "BF 3F", ASN1RT_E_NO_ALTERNATIVE, 0, NULL },
        { ex_OverviewC, "BF 01 FF", ASN1RT_E_TAG_NOT_MINIMAL, 0, NULL },
        { ex_OverviewC, "80 01", ASN1RT_E_BOOLEAN_VALUE, 1, "c1" },
        { ex_BigTag, "BF", ASN1RT_E_TRUNCATED, 0, NULL },
        { ex_BigTag, "BF 81", ASN1RT_E_TRUNCATED, 0, NULL },
        { ex_BigTag, "BF 80 48 FF", ASN1RT_E_TAG_NOT_MINIMAL, 0, NULL },
        { ex_BigTag, "BF 3F 01", ASN1RT_E_BOOLEAN_VALUE, 2, "at63" },
        { ex_BigTag, "BF 81 48", ASN1RT_E_TRUNCATED, 3, "hi" },
        { ex_BigTag, "81 02", ASN1RT_E_BOOLEAN_VALUE, 1, "lo" },
        { ex_Outer, "86", ASN1RT_E_TRUNCATED, 1, "y" },
        { ex_Outer, "85 02", ASN1RT_E_BOOLEAN_VALUE, 1, "x" },
        { ex_Wide, "00 08 " WIDE_H9 WIDE_U16, ASN1RT_E_OER_PADDING, 1, NULL },
        { ex_Wide, "00 10 " WIDE_H9 WIDE_U16, ASN1RT_E_TRUNCATED, 3, "h" },
        { ex_Wide, "00 00 09 80 62 63 64 65 66 67 68 69 " WIDE_U16, ASN1RT_E_STRING_ALPHABET, 3, "h" },
        { ex_Wide, "00 00 09 61 62 63 64 65 66 67 68 80 " WIDE_U16, ASN1RT_E_STRING_ALPHABET, 11, "h" },
        { ex_Wide, "00 00 10 61 62 63 64 65 66 67 80 69 6A 6B 6C 6D 6E 6F 70 " WIDE_U16, ASN1RT_E_STRING_ALPHABET, 10, "h" },
        { ex_Wide, "00 00 " WIDE_H9 "10 61 62 63 64 65 66 67 68 69 6A 6B 6C 6D 6E 6F 80", ASN1RT_E_STRING_UTF8, 28, "u" },
        { ex_Wide, "80 00 07", ASN1RT_E_TRUNCATED, 3, "h" },
        /* Fixed sizes cut: the room test of oer.h's asn1oer_i_room. */
        { ex_Forms, "00 61 62", ASN1RT_E_TRUNCATED, 1, "s" },
        { ex_Forms, "00 61 62 63 01 02 03", ASN1RT_E_TRUNCATED, 4, "o" },
        { ex_Forms, "00 61 62 63 01 02 03 04 A0 01 02 03 04 05 06 07", ASN1RT_E_TRUNCATED, 9, "u" },
        { ex_Forms, "00 61 62 63 01 02 03 04 A0 01 02 03 04 05 06 07 08 82 00 C8 06 2A 86 48 86 F7 0D 00 02 07 80 02 06 40 01 02 FF",
          ASN1RT_E_TRUNCATED, 34, "arr" },   /* at the quantity: two items cannot fit */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        uint8_t in[64];
        size_t n = unhex(rows[i].hex, in, sizeof in);
        asn1rt_error err;
        int rc = rows[i].ex(in, n, &err);
        if (rc != rows[i].code || err.offset != rows[i].offset)
            printf("\n  row %zu: got %d at %zu, want %d at %zu\n", i, rc, err.offset, rows[i].code, rows[i].offset);
        CU_ASSERT_EQUAL(rc, rows[i].code);
        assert_report(&err, rows[i].code, rows[i].offset, rows[i].path0);
    }
}

/* Chain, three levels: the outer value holds the view of the two below;
 * a failure inside is reported at its absolute offset, with the names of
 * the levels it is under. Chain's decoder calls Link's copy, so its
 * extern is printed both ways (#if ASN1G_REC_TREE); this build takes the
 * tree (codegen.mk), check-oer's IEEE modules the other. */
static void test_recursive(void)
{
    static const struct {
        const char *hex;
        int code;
        size_t offset;
        unsigned path_len;
    } rows[] = {
        { "80 FF 80 00 00 01", ASN1RT_E_BOOLEAN_VALUE, 5, 4 },  /* b, v, next, next */
        { "80 FF 80 00 00", ASN1RT_E_TRUNCATED, 5, 4 },
        { "80 FF 80 00 40 FF", ASN1RT_E_OER_PADDING, 4, 2 },    /* the third preamble: next, next */
        { "80 FF 80 00 00 FF 00", ASN1RT_E_TRAILING_DATA, 6, 0 },
    };
    uint8_t in[16], out[16];
    size_t n = unhex("80 FF 80 00 00 FF", in, sizeof in), len;
    Chain c, inner;
    asn1rt_error err;
    CU_ASSERT_EQUAL(Chain_oer_decode(&c, in, n, NULL), ASN1RT_OK);
    CU_ASSERT(c.v.b && c.next_present && c.next.ptr == in + 2 && c.next.len == 4);
    CU_ASSERT_EQUAL(Chain_oer_decode(&inner, c.next.ptr, c.next.len, NULL), ASN1RT_OK);
    CU_ASSERT(!inner.v.b && inner.next_present && inner.next.len == 2);
    CU_ASSERT_EQUAL(Chain_oer_encode(&c, out, sizeof out, &len), ASN1RT_OK);
    CU_ASSERT(len == n && memcmp(out, in, n) == 0);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        n = unhex(rows[i].hex, in, sizeof in);
        CU_ASSERT_EQUAL(Chain_oer_decode(&c, in, n, NULL), rows[i].code);
        CU_ASSERT_EQUAL(Chain_oer_decode_ex(&c, in, n, 0, NULL, &err), rows[i].code);
        CU_ASSERT_EQUAL(err.offset, rows[i].offset);
        CU_ASSERT_EQUAL(err.path_len, rows[i].path_len);
        for (unsigned k = 0; k < err.path_len; k++)
            CU_ASSERT_STRING_EQUAL(err.path[k], rows[i].path_len == 4 && k < 2 ? (k == 0 ? "b" : "v") : "next");
    }
}

/* A named-bit BIT STRING (SIZE (8)) DEFAULT '00'H: absent, it is 8 zero
 * bits, which the type's check accepts; present, the default is refused
 * (COER) and any other 8 bits kept; encoding omits the default. */
static void test_bits_default(void)
{
    static const uint8_t zero = 0x00, app = 0x80;
    uint8_t in[8], out[8];
    size_t n, len;
    Perm p;
    n = unhex("00 FF", in, sizeof in);
    CU_ASSERT_EQUAL(Perm_oer_decode(&p, in, n, NULL), ASN1RT_OK);
    CU_ASSERT(p.a && p.ee.len == 1 && p.ee.unused == 0 && p.ee.ptr[0] == 0);
    CU_ASSERT_EQUAL(Perm_check(&p), ASN1RT_OK);
    CU_ASSERT_EQUAL(Perm_oer_encode(&p, out, sizeof out, &len), ASN1RT_OK);
    CU_ASSERT(len == n && memcmp(out, in, n) == 0);
    n = unhex("80 FF 00", in, sizeof in);
    CU_ASSERT_EQUAL(Perm_oer_decode(&p, in, n, NULL), ASN1RT_E_DEFAULT_ENCODED);
    n = unhex("80 FF 80", in, sizeof in);
    CU_ASSERT_EQUAL(Perm_oer_decode(&p, in, n, NULL), ASN1RT_OK);
    CU_ASSERT(p.ee.len == 1 && p.ee.ptr[0] == 0x80);
    CU_ASSERT_EQUAL(Perm_check(&p), ASN1RT_OK);
    Perm_init(&p);
    p.a = true;
    p.ee = (asn1rt_bits){ &zero, 1, 0 };
    CU_ASSERT_EQUAL(Perm_oer_encode(&p, out, sizeof out, &len), ASN1RT_OK);
    CU_ASSERT(len == 2 && out[0] == 0x00 && out[1] == 0xFF);
    p.ee = (asn1rt_bits){ &app, 1, 0 };
    CU_ASSERT_EQUAL(Perm_oer_encode(&p, out, sizeof out, &len), ASN1RT_OK);
    CU_ASSERT(len == 3 && out[0] == 0x80 && out[1] == 0xFF && out[2] == 0x80);
}

/* The same type in DER (automatic tags: ee is [1]): the value goes
 * without its trailing 0 bits (X.690 11.2.2: app alone is 81 02 07 80) and
 * comes back with the 8 bits its SIZE keeps (11.2.2 NOTE 1); the default
 * is not encoded, and refused when it is (81 01 00 is 8 zero bits). */
static void test_bits_default_der(void)
{
    static const uint8_t app = 0x80;
    uint8_t in[16], out[16];
    size_t n, len;
    Perm p, back;
    Perm_init(&p);
    p.a = true;
    p.ee = (asn1rt_bits){ &app, 1, 0 };
    n = unhex("30 07 80 01 FF 81 02 07 80", in, sizeof in);
    CU_ASSERT_EQUAL(Perm_encode(&p, out, sizeof out, &len), ASN1RT_OK);
    CU_ASSERT(len == n && memcmp(out, in, n) == 0);
    CU_ASSERT_EQUAL(Perm_decode(&back, in, n), ASN1RT_OK);
    CU_ASSERT(back.ee.len == 1 && back.ee.unused == 0 && back.ee.ptr[0] == 0x80);
    CU_ASSERT(Perm_equal(&p, &back));
    CU_ASSERT_EQUAL(Perm_check(&back), ASN1RT_OK);
    n = unhex("30 07 80 01 FF 81 02 06 40", in, sizeof in);   /* enrol */
    CU_ASSERT_EQUAL(Perm_decode(&back, in, n), ASN1RT_OK);
    CU_ASSERT(back.ee.len == 1 && back.ee.unused == 0 && back.ee.ptr[0] == 0x40);
    n = unhex("30 03 80 01 FF", in, sizeof in);
    CU_ASSERT_EQUAL(Perm_decode(&back, in, n), ASN1RT_OK);
    CU_ASSERT(back.ee.len == 1 && back.ee.unused == 0 && back.ee.ptr[0] == 0x00);
    CU_ASSERT_EQUAL(Perm_encode(&back, out, sizeof out, &len), ASN1RT_OK);
    CU_ASSERT(len == n && memcmp(out, in, n) == 0);
    n = unhex("30 06 80 01 FF 81 01 00", in, sizeof in);
    CU_ASSERT_EQUAL(Perm_decode(&back, in, n), ASN1RT_E_DEFAULT_ENCODED);
    n = unhex("30 08 80 01 FF 81 03 00 80 00", in, sizeof in);  /* 9 bits, trailing zeros */
    CU_ASSERT_NOT_EQUAL(Perm_decode(&back, in, n), ASN1RT_OK);
}

/* A failed decode leaves *out zeroed and the arena as it was. */
static void test_failure_state(void)
{
    uint8_t in[64], buf[256];
    size_t n = unhex("81 01 03 01 02 09", in, sizeof in);
    asn1rt_arena a;
    OverviewC c;
    CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, buf, sizeof buf), ASN1RT_OK);
    memset(&c, 0x55, sizeof c);
    CU_ASSERT_EQUAL(OverviewC_oer_decode(&c, in, n, &a), ASN1RT_E_ENUM_VALUE);
    CU_ASSERT_EQUAL(a.used, 0);
    CU_ASSERT_EQUAL(c.present, 0);
    size_t consumed = 0;
    n = unhex("80 FF 77", in, sizeof in);
    CU_ASSERT_EQUAL(OverviewC_oer_decode_prefix(&c, in, n, &a, &consumed), ASN1RT_OK);
    CU_ASSERT_EQUAL(consumed, 2);
}

/* An open type selected by its sibling: Field's value holds the OER of the
 * type the id picks (asn1tools' overview C for id 3), and
 * Field_value_oer_decode_open decodes it from OER; DER would refuse it. */
static void test_table_open(void)
{
    static const struct {
        const char *name;
        unsigned id;
        const char *value, *field;   /* the open type's octets; Field's OER */
        int code;
        Field_value_KIND kind;
    } rows[] = {
        { "id 3: OverviewC c2 { b, c, d, e }", 3, "81 01 04 01 02 03 04", "00 03 07 81 01 04 01 02 03 04", 0,
          Field_value_KIND_object3 },
        { "id 2: IA5String hello", 2, "05 68 65 6C 6C 6F", "00 02 06 05 68 65 6C 6C 6F", 0, Field_value_KIND_object2 },
        { "id 1: INTEGER (0..255) 200", 1, "C8", "00 01 01 C8", 0, Field_value_KIND_object1 },
        { "id 1, two octets: trailing", 1, "C8 00", "00 01 02 C8 00", ASN1RT_E_TRAILING_DATA, Field_value_KIND_NONE },
        { "id 3, enum 5", 3, "81 01 01 05", "00 03 04 81 01 01 05", ASN1RT_E_ENUM_VALUE, Field_value_KIND_NONE },
        { "id 9: no object", 9, "C8", "00 09 01 C8", ASN1RT_E_UNKNOWN_OPEN_TYPE, Field_value_KIND_NONE },
    };
    static uint8_t abuf[1024];
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        uint8_t val[32], want[32], enc[64];
        size_t vn = unhex(rows[i].value, val, sizeof val), wn = unhex(rows[i].field, want, sizeof want), n = 0;
        Field f = { 0 }, g;
        Field_value_open o;
        asn1rt_arena a;
        CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, abuf, sizeof abuf), ASN1RT_OK);
        f.id = (IE_ID)rows[i].id;
        f.value = (asn1rt_view){ val, vn };
        CU_ASSERT_EQUAL_FATAL(Field_oer_encode(&f, enc, sizeof enc, &n), 0);
        CU_ASSERT(n == wn && memcmp(enc, want, wn) == 0);
        CU_ASSERT_EQUAL_FATAL(Field_oer_decode(&g, enc, n, &a), 0);
        int rc = Field_value_oer_decode_open(&g, &o, &a);
        if (rc != rows[i].code)
            fprintf(stderr, "\n%s: %d, expected %d", rows[i].name, rc, rows[i].code);
        CU_ASSERT_EQUAL(rc, rows[i].code);
        CU_ASSERT_EQUAL(o.kind, rows[i].kind);
        if (rc != 0)
            continue;
        if (rows[i].id == 3) {
            CU_ASSERT_EQUAL_FATAL(o.u.object3.present, OverviewC_PR_c2);
            CU_ASSERT_EQUAL_FATAL(o.u.object3.u.c2.count, 4);
            for (size_t k = 0; k < 4; k++)
                CU_ASSERT_EQUAL(o.u.object3.u.c2.items[k], (int)k + 1);
        } else if (rows[i].id == 2) {
            CU_ASSERT(o.u.object2.len == 5 && memcmp(o.u.object2.ptr, "hello", 5) == 0);
        } else {
            CU_ASSERT_EQUAL(o.u.object1, 200);
        }
    }
}

/* ---- fixed-width runs (emit_oer.c): a run's fields go out with one
 * room check only when every value passes its checks and the run fits;
 * otherwise the field-by-field path answers, so every short buffer and
 * every bad field gives the code it always gave, and the octets are
 * those of the field-by-field path (the rows above decode them). */
static const uint8_t run_oct[3] = { 0xAA, 0xBB, 0xCC }, run_oct2[2] = { 0xAA, 0xBB };

static void run_value(Run *v)
{
    Run_init(v);
    v->flag = true;
    v->small = 5;
    v->neg = -3;
    v->word = 0x1234;
    v->wide = -1;
    v->col = Run_col_blue;
    v->mode = Run_mode_q;
    v->oct = (asn1rt_view){ run_oct, sizeof run_oct };
    v->pair.i = 0x01020304u;
    v->pair.j = -5;
    v->big = UINT64_C(0x0102030405060708);
    v->sparse = Run_sparse_hi;
    v->tail = 254;
    v->s8 = -9;
    v->pair2_present = true;
    v->pair2.i = 7;
    v->pair2.j = 5;
}

typedef struct run_case {
    const char *name;
    void (*spoil)(Run *v);
    int code;
} run_case;
static void spoil_small(Run *v) { v->small = 8; }
static void spoil_neg_hi(Run *v) { v->neg = 101; }
static void spoil_neg_lo(Run *v) { v->neg = -101; }
static void spoil_wide_lo(Run *v) { v->wide = -2; }
static void spoil_wide_hi(Run *v) { v->wide = 65537; }
static void spoil_col(Run *v) { v->col = (Run_col)3; }
static void spoil_oct(Run *v) { v->oct = (asn1rt_view){ run_oct2, sizeof run_oct2 }; }
static void spoil_pair_j(Run *v) { v->pair.j = 6; }
static void spoil_sparse(Run *v) { v->sparse = (Run_sparse)2; }
static void spoil_s8(Run *v) { v->s8 = 10; }
static void spoil_pair2_j(Run *v) { v->pair2.j = -6; }
static void spoil_ext(Run *v) { v->unknown_ext = (asn1rt_view){ run_oct, 1 }; }
static void spoil_oct_null(Run *v) { v->oct = (asn1rt_view){ NULL, 3 }; }
static const run_case run_cases[] = {
    { "small 8 of 0..7", spoil_small, ASN1RT_E_VALUE_CONSTRAINT },
    { "neg 101 of -100..100", spoil_neg_hi, ASN1RT_E_VALUE_CONSTRAINT },
    { "neg -101 of -100..100", spoil_neg_lo, ASN1RT_E_VALUE_CONSTRAINT },
    { "wide -2 of -1..65536", spoil_wide_lo, ASN1RT_E_VALUE_CONSTRAINT },
    { "wide 65537 of -1..65536", spoil_wide_hi, ASN1RT_E_VALUE_CONSTRAINT },
    { "col 3 of red, green, blue", spoil_col, ASN1RT_E_ENUM_VALUE },
    { "oct of 2 octets", spoil_oct, ASN1RT_E_SIZE_CONSTRAINT },
    { "pair.j 6 of -5..5", spoil_pair_j, ASN1RT_E_VALUE_CONSTRAINT },
    { "sparse 2 of 1, 200", spoil_sparse, ASN1RT_E_ENUM_VALUE },
    { "s8 10 of -9..9", spoil_s8, ASN1RT_E_VALUE_CONSTRAINT },
    { "pair2.j -6 of -5..5", spoil_pair2_j, ASN1RT_E_VALUE_CONSTRAINT },
    { "unknown_ext set (DER's)", spoil_ext, ASN1RT_E_ARG },
    { "oct of 3 octets at NULL", spoil_oct_null, ASN1RT_E_ARG },
};

static void test_encode_runs(void)
{
    struct { const char *name; bool pair2; int mode; const char *hex; } rows[] = {
        { "all", true, Run_mode_q, RUN_ALL },
        { "pair2 absent", false, Run_mode_q, RUN_NO_PAIR2 },
        /* 200, not in the root of an extensible list: the long form, field by field */
        { "mode 200", true, 200,
          "40 FF 05 FD 12 34 FF FF FF FF 02 82 00 C8 AA BB CC 01 02 03 04 FB 01 02 03 04 05 06 07 08 82 00 C8 FE F7 00 00 00 07 05" },
        { "mode 127", true, 127,
          "40 FF 05 FD 12 34 FF FF FF FF 02 7F AA BB CC 01 02 03 04 FB 01 02 03 04 05 06 07 08 82 00 C8 FE F7 00 00 00 07 05" },
        { "mode 128", true, 128,
          "40 FF 05 FD 12 34 FF FF FF FF 02 82 00 80 AA BB CC 01 02 03 04 FB 01 02 03 04 05 06 07 08 82 00 C8 FE F7 00 00 00 07 05" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        Run v, bad;
        uint8_t want[128], out[128];
        size_t wn = unhex(rows[i].hex, want, sizeof want), len = 0;
        run_value(&v);
        v.pair2_present = rows[i].pair2;
        v.mode = (Run_mode)rows[i].mode;
        CU_ASSERT_EQUAL_FATAL(Run_oer_encode(&v, out, sizeof out, &len), ASN1RT_OK);
        CU_ASSERT(len == wn && memcmp(out, want, wn) == 0);
        /* The exact size: every run fits with no octet to spare. */
        memset(out, 0x5A, sizeof out);
        CU_ASSERT_EQUAL(Run_oer_encode(&v, out, wn, &len), ASN1RT_OK);
        CU_ASSERT(len == wn && memcmp(out, want, wn) == 0);
        for (size_t cap = 0; cap < wn; cap++)
            CU_ASSERT_EQUAL(Run_oer_encode(&v, out, cap, &len), ASN1RT_E_BUFFER_TOO_SMALL);
        for (size_t k = 0; k < sizeof run_cases / sizeof run_cases[0]; k++) {
            bad = v;
            run_cases[k].spoil(&bad);
            int rc = Run_oer_encode(&bad, out, sizeof out, &len);
            int want_rc = !rows[i].pair2 && run_cases[k].spoil == spoil_pair2_j ? ASN1RT_OK : run_cases[k].code;
            if (rc != want_rc)
                printf("\n  run %s, %s: got %d\n", rows[i].name, run_cases[k].name, rc);
            CU_ASSERT_EQUAL(rc, want_rc);
        }
    }
    /* A fixed run alone (RunPair) at every room. */
    {
        RunPair p = { 0xFFFFFFFFu, -5 };
        uint8_t out[8];
        size_t len = 0;
        static const uint8_t want[] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFB };
        CU_ASSERT_EQUAL(RunPair_oer_encode(&p, out, 5, &len), ASN1RT_OK);
        CU_ASSERT(len == 5 && memcmp(out, want, 5) == 0);
        for (size_t cap = 0; cap < 5; cap++)
            CU_ASSERT_EQUAL(RunPair_oer_encode(&p, out, cap, &len), ASN1RT_E_BUFFER_TOO_SMALL);
        p.j = 6;
        CU_ASSERT_EQUAL(RunPair_oer_encode(&p, out, sizeof out, &len), ASN1RT_E_VALUE_CONSTRAINT);
    }
    /* A CHOICE's tag and its alternative as one run; the long tag field by field. */
    {
        struct { RunAlt_PR pr; const char *hex; } alts[] = {
            { RunAlt_PR_pair, "80 01 02 03 04 FB" },
            { RunAlt_PR_word, "81 12 34" },
            { RunAlt_PR_far, "BF 46 01 02 03 04 FB" },
        };
        for (size_t i = 0; i < sizeof alts / sizeof alts[0]; i++) {
            RunAlt c;
            uint8_t want[16], out[16];
            size_t wn = unhex(alts[i].hex, want, sizeof want), len = 0;
            memset(&c, 0, sizeof c);
            c.present = alts[i].pr;
            if (alts[i].pr == RunAlt_PR_word)
                c.u.word = 0x1234;
            else
                c.u.pair = (RunPair){ 0x01020304u, -5 };   /* far has the same type */
            if (alts[i].pr == RunAlt_PR_far)
                c.u.far = c.u.pair;
            CU_ASSERT_EQUAL(RunAlt_oer_encode(&c, out, wn, &len), ASN1RT_OK);
            CU_ASSERT(len == wn && memcmp(out, want, wn) == 0);
            for (size_t cap = 0; cap < wn; cap++)
                CU_ASSERT_EQUAL(RunAlt_oer_encode(&c, out, cap, &len), ASN1RT_E_BUFFER_TOO_SMALL);
            if (alts[i].pr != RunAlt_PR_word) {
                if (alts[i].pr == RunAlt_PR_far)
                    c.u.far.j = -6;
                else
                    c.u.pair.j = -6;
                CU_ASSERT_EQUAL(RunAlt_oer_encode(&c, out, sizeof out, &len), ASN1RT_E_VALUE_CONSTRAINT);
            }
        }
    }
}

int main(void)
{
    static const cunit_test tests[] = {
        { "decode table (codes, leniencies, re-encoding, DER round trip)", test_decode_table },
        { "Forms values to exact bytes", test_encode_forms },
        { "encoder refusals", test_encode_refusals },
        { "SET OF sorted, extension group", test_encode_set_of_group },
        { "error reports (code, offset, path)", test_error_report },
        { "error reports: CHOICE tags, preamble, short strings", test_error_report_tags_strings },
        { "recursive reference: the view checked at every level, reports from inside", test_recursive },
        { "named-bit BIT STRING (SIZE (8)) DEFAULT '00'H: 8 zero bits", test_bits_default },
        { "the same in DER: trailing 0 bits dropped, given back up to the SIZE", test_bits_default_der },
        { "failed decode: out zeroed, arena reset; prefix", test_failure_state },
        { "open type by its sibling: T_oer_decode_open", test_table_open },
        { "fixed-width runs: exact bytes, every short buffer, bad fields refused as field by field", test_encode_runs },
    };
    return CUNIT_MAIN("codegen-oer", tests, CU_BRM_VERBOSE);
}
