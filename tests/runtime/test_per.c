/* The PER runtime (asn1rt/per.h): tables of field sequences with the exact
 * octets of their complete encoding, both ways, for UPER and APER; then one
 * row per reject path with its code and bit offset.
 *
 * Where the octets come from, per row:
 *  - "asn1c": produced by asn1c 0.9.28 (Debian package asn1c, -gen-PER,
 *    uper_encode_to_buffer) for a one-type-per-primitive test schema
 *    (INTEGER (-5..1000), OCTET STRING (SIZE (0..10)), IA5String (FROM
 *    ("A".."D")) (SIZE (1..9)), ...), UPER only;
 *  - "X.691 A.1.3" .. "A.4": the hexadecimal encodings printed in X.691
 *    Annex A (A.1 PersonnelRecord with no constraints, A.2 with
 *    constraints, A.3 with extension markers, A.4 extension groups;
 *    ALIGNED and UNALIGNED), as reproduced by
 *    public PER test suites and, for A.2.3, bit by bit in the identical
 *    national adoption GOST R ISO/IEC 8825-2-2003;
 *  - "rules": worked out by hand from the X.691 clause named in the row
 *    (APER, where asn1c 0.9.28 is known to be wrong). */
#include <CUnit/CUnit.h>
#include <stdlib.h>

#include "asn1rt/per.h"
#include "testutil.h"

enum kind { K_BITS, K_CONS, K_UCONS, K_SEMI, K_INT, K_SMALL, K_LEN, K_OCTETS, K_BITSTR, K_CHARS, K_OPEN, K_SKIP };

typedef struct per_op {
    enum kind k;
    int64_t lb, ub;     /* K_CONS / K_SEMI (lb) bounds; sizes for strings and K_LEN (ub -1: no ub) */
    int64_t v;          /* K_BITS: the value (n in lb); numbers; K_LEN: the count */
    const char *data;   /* octets / bits (top bits first) / characters in memory / open type content */
    size_t n;           /* octets of data; bits for K_BITSTR */
    const asn1rt_per_alphabet *alpha;
} per_op;

#define NO_UB (-1)
#define BITS(n, x)          { K_BITS, (n), 0, (x), NULL, 0, NULL }
#define CONS(l, u, x)       { K_CONS, (l), (u), (x), NULL, 0, NULL }
#define UCONS(l, u, x)      { K_UCONS, (l), (u), (x), NULL, 0, NULL }
#define SEMI(l, x)          { K_SEMI, (l), 0, (x), NULL, 0, NULL }
#define INT(x)              { K_INT, 0, 0, (x), NULL, 0, NULL }
#define SMALL(x)            { K_SMALL, 0, 0, (x), NULL, 0, NULL }
#define LEN(l, u, x)        { K_LEN, (l), (u), (x), NULL, 0, NULL }
#define OCTETS(l, u, s, n)  { K_OCTETS, (l), (u), 0, (s), (n), NULL }
#define BITSTR(l, u, s, n)  { K_BITSTR, (l), (u), 0, (s), (n), NULL }
#define CHARS(l, u, a, s, n) { K_CHARS, (l), (u), 0, (s), (n), (a) }
#define OPEN(s, n)          { K_OPEN, 0, 0, 0, (s), (n), NULL }
/* X.691 Annex A's strings: VisibleString, NameString, its SIZE (1) initial, Date. */
#define V(s)  CHARS(0, NO_UB, VIS, s, sizeof s - 1)
#define NS(s) CHARS(1, 64, &name_alpha, s, sizeof s - 1)
#define N1(s) CHARS(1, 1, &name_alpha, s, sizeof s - 1)
#define D8(s) CHARS(8, 8, &date_alpha, s, sizeof s - 1)

/* X.691 A.2: NameString FROM ("a".."z" | "A".."Z" | "-.") and Date FROM ("0".."9"). */
static const uint32_t name_ranges[][2] = { { 45, 46 }, { 65, 90 }, { 97, 122 } };
static const asn1rt_per_alphabet name_alpha = { name_ranges, 3, 54, 1 };
static const uint32_t date_ranges[][2] = { { 48, 57 } };
static const asn1rt_per_alphabet date_alpha = { date_ranges, 1, 10, 1 };
static const uint32_t abcd_ranges[][2] = { { 65, 68 } };
static const asn1rt_per_alphabet abcd_alpha = { abcd_ranges, 1, 4, 1 };

#define IA5 (&asn1rt_per_alpha_ia5)
#define VIS (&asn1rt_per_alpha_visible)
#define PRT (&asn1rt_per_alpha_printable)
#define NUM (&asn1rt_per_alpha_numeric)
#define BMP (&asn1rt_per_alpha_bmp)

typedef struct per_case {
    const char *name;
    bool aligned;
    per_op ops[48];
    const char *hex;
} per_case;

#define END { K_SKIP, 0, 0, 0, NULL, 0, NULL }

static const per_case cases[] = {
    /* UPER, asn1c 0.9.28: each a complete encoding of one type. */
    { "asn1c: INTEGER (-5..1000) -5", false, { CONS(-5, 1000, -5), END }, "0000" },
    { "asn1c: INTEGER (-5..1000) 7", false, { CONS(-5, 1000, 7), END }, "0300" },
    { "asn1c: INTEGER (-5..1000) 1000", false, { CONS(-5, 1000, 1000), END }, "FB40" },
    { "asn1c: INTEGER (0..7) 5", false, { CONS(0, 7, 5), END }, "A0" },
    { "asn1c: INTEGER (0..4294967295) 0", false, { UCONS(0, 4294967295, 0), END }, "00000000" },
    { "asn1c: INTEGER (0..4294967295) 256", false, { UCONS(0, 4294967295, 256), END }, "00000100" },
    { "asn1c: INTEGER (0..4294967295) max", false, { UCONS(0, 4294967295, 4294967295), END }, "FFFFFFFF" },
    { "asn1c: INTEGER 0", false, { INT(0), END }, "0100" },
    { "asn1c: INTEGER -1", false, { INT(-1), END }, "01FF" },
    { "asn1c: INTEGER 128", false, { INT(128), END }, "020080" },
    { "asn1c: INTEGER -129", false, { INT(-129), END }, "02FF7F" },
    { "asn1c: INTEGER INT64_MIN", false, { INT(INT64_MIN), END }, "088000000000000000" },
    { "asn1c: OCTET STRING (SIZE (3))", false, { OCTETS(3, 3, "ABC", 3), END }, "414243" },
    { "asn1c: OCTET STRING (SIZE (2))", false, { OCTETS(2, 2, "\x01\x02", 2), END }, "0102" },
    { "asn1c: OCTET STRING (SIZE (0..10)) 3", false, { OCTETS(0, 10, "\x01\x02\x03", 3), END }, "30102030" },
    { "asn1c: OCTET STRING (SIZE (0..10)) empty", false, { OCTETS(0, 10, "", 0), END }, "00" },
    { "asn1c: OCTET STRING", false, { OCTETS(0, NO_UB, "\xAA\xBB", 2), END }, "02AABB" },
    { "asn1c: BIT STRING (SIZE (4))", false, { BITSTR(4, 4, "\xB0", 4), END }, "B0" },
    { "asn1c: BIT STRING (SIZE (0..20)) 3 bits", false, { BITSTR(0, 20, "\xA0", 3), END }, "1D" },
    { "asn1c: BIT STRING (SIZE (0..20)) 20 bits", false, { BITSTR(0, 20, "\xF0\x0F\xA0", 20), END }, "A7807D00" },
    { "asn1c: IA5String", false, { CHARS(0, NO_UB, IA5, "Hi!", 3), END }, "0391A508" },
    { "asn1c: VisibleString (SIZE (1..8))", false, { CHARS(1, 8, VIS, "abc", 3), END }, "587163" },
    { "asn1c: NumericString (SIZE (0..15)): indexes", false, { CHARS(0, 15, NUM, "12 9", 4), END }, "4230A0" },
    { "asn1c: IA5String (FROM (\"A\"..\"D\")) (SIZE (1..9))", false, { CHARS(1, 9, &abcd_alpha, "ABCDDA", 6), END }, "51BC" },
    /* asn1c 0.9.28 gives 05610A50 here and decodes that back as "-' 1,":
     * its PrintableString alphabet table is wrong; 7-bit values per 30.5.4. */
    { "rules: PrintableString", false, { CHARS(0, NO_UB, PRT, "Ab 1?", 5), END }, "0583890317E0" },
    { "asn1c: BMPString (SIZE (0..4))", false, { CHARS(0, 4, BMP, "\x03\xA9\x00\x31", 4), END }, "4075200620" },
    /* SEQUENCE { a INTEGER (0..3), ..., b INTEGER (0..300) }: extension bit,
     * a, the addition count - 1 as a normally small number, the addition
     * bitmap, then b as an open type. */
    { "asn1c: extensible SEQUENCE, no addition", false, { BITS(1, 0), CONS(0, 3, 1), END }, "20" },
    { "asn1c: extensible SEQUENCE, one addition", false,
      { BITS(1, 1), CONS(0, 3, 1), SMALL(0), BITS(1, 1), OPEN("\x02\x80", 2), END }, "A020405000" },
    /* SEQUENCE { x BOOLEAN OPTIONAL, y INTEGER (0..15) OPTIONAL, z INTEGER (0..1) } */
    { "asn1c: preamble, both present", false, { BITS(2, 3), BITS(1, 1), CONS(0, 15, 9), CONS(0, 1, 1), END }, "F3" },
    { "asn1c: preamble, none present", false, { BITS(2, 0), CONS(0, 1, 1), END }, "20" },
    /* CHOICE { p INTEGER (0..3), q BOOLEAN, ..., r INTEGER (0..3) } */
    { "asn1c: CHOICE root alternative", false, { BITS(1, 0), CONS(0, 1, 1), BITS(1, 1), END }, "60" },
    { "asn1c: CHOICE extension alternative", false, { BITS(1, 1), SMALL(0), OPEN("\x80", 1), END }, "800180" },

    /* UPER, rules. */
    { "rules: empty encoding is one zero octet (11.1.3)", false, { CONS(5, 5, 5), END }, "00" },
    { "rules: normally small 63 and 64 (11.6)", false, { SMALL(63), SMALL(64), END }, "7F0140" },
    { "rules: semi-constrained (11.7) -10..MAX", false, { SEMI(-10, -10), SEMI(-10, 300), END }, "0100020136" },
    { "rules: 64-bit constrained range", false, { CONS(INT64_MIN, INT64_MAX, -1), END }, "7FFFFFFFFFFFFFFF" },
    { "rules: NameString with index mapping (b = 6)", false, { CHARS(1, 64, &name_alpha, "Ab-.", 4), END }, "0C274004" },

    /* X.691 Annex A.1 (no constraints) and A.2 (constraints), the
     * PersonnelRecord of John Smith, field by field as generated code will
     * call them: the preamble bit for children (DEFAULT {}), then the SET
     * in canonical tag order (name, number, title, dateOfHire,
     * nameOfSpouse, children), each Name as givenName, initial, familyName,
     * each ChildInformation as name, dateOfBirth. */
    { "X.691 A.1.3 aligned", true,
      { BITS(1, 1), V("John"), V("P"), V("Smith"), INT(51), V("Director"), V("19710917"),
        V("Mary"), V("T"), V("Smith"), LEN(0, NO_UB, 2),
        V("Ralph"), V("T"), V("Smith"), V("19571111"), V("Susan"), V("B"), V("Jones"), V("19590717"), END },
      "80044A6F686E015005536D6974680133" "084469726563746F7208313937313039"
      "3137044D617279015405536D69746802" "0552616C7068015405536D6974680831"
      "3935373131313105537573616E014205" "4A6F6E6573083139353930373137" },
    { "X.691 A.1.4 unaligned", false,
      { BITS(1, 1), V("John"), V("P"), V("Smith"), INT(51), V("Director"), V("19710917"),
        V("Mary"), V("T"), V("Smith"), LEN(0, NO_UB, 2),
        V("Ralph"), V("T"), V("Smith"), V("19571111"), V("Susan"), V("B"), V("Jones"), V("19590717"), END },
      "824ADFA3700D005A7B74F4D0026611134F2CB8FA6FE410C5CB762C1CB16E09370F2F20350169EDD3D340102D2C3B3868"
      "01A80B4F6E9E9A0218B96ADD8B162C4169F5E787700C20595BF765E610C5CB572C1BB16E" },
    { "X.691 A.2.3 aligned", true,
      { BITS(1, 1), NS("John"), N1("P"), NS("Smith"), INT(51), V("Director"), D8("19710917"),
        NS("Mary"), N1("T"), NS("Smith"), LEN(0, NO_UB, 2),
        NS("Ralph"), N1("T"), NS("Smith"), D8("19571111"), NS("Susan"), N1("B"), NS("Jones"), D8("19590717"), END },
      "864A6F686E5010536D69746801330844" "69726563746F72197109170C4D617279"
      "5410536D697468021052616C70685410" "536D6974681957111110537573616E42" "104A6F6E657319590717" },
    { "X.691 A.2.4 unaligned", false,
      { BITS(1, 1), NS("John"), N1("P"), NS("Smith"), INT(51), V("Director"), D8("19710917"),
        NS("Mary"), N1("T"), NS("Smith"), LEN(0, NO_UB, 2),
        NS("Ralph"), N1("T"), NS("Smith"), D8("19571111"), NS("Susan"), N1("B"), NS("Jones"), D8("19590717"), END },
      "865D51D2888A5125F180998444D3CB2E" "3E9BF90CB8848B867396E8A88A5125F1"
      "81089B93D71AA2294497C632AE222222" "985CE521885D54C170CAC838B8" },

    /* A.3: the same record with extension markers: the SET's extension
     * bit and preamble, then before every extensible Name, NameString
     * SIZE, INTEGER (0..9999, ...), Date SIZE and SEQUENCE (SIZE (2, ...))
     * OF an extension bit (0: in the root); initial NameString (SIZE (1))
     * has none (X.680 50.11). Susan's ChildInformation has the extension
     * addition sex = female: bit, count - 1 = 0, bitmap 1, and the
     * ENUMERATED {male, female, unknown} index 1 as an open type. */
    { "X.691 A.3.3 aligned", true, { BITS(1, 0), BITS(1, 1),
        BITS(1, 0), BITS(1, 0), NS("John"), N1("P"), BITS(1, 0), NS("Smith"),
        BITS(1, 0), CONS(0, 9999, 51), V("Director"), BITS(1, 0), D8("19710917"),
        BITS(1, 0), BITS(1, 0), NS("Mary"), N1("T"), BITS(1, 0), NS("Smith"),
        BITS(1, 0),
        BITS(1, 0), BITS(1, 0), BITS(1, 0), NS("Ralph"), N1("T"), BITS(1, 0), NS("Smith"), BITS(1, 0), D8("19571111"),
        BITS(1, 1), BITS(1, 0), BITS(1, 0), NS("Susan"), N1("B"), BITS(1, 0), NS("Jones"), BITS(1, 0), D8("19590717"),
        SMALL(0), BITS(1, 1), OPEN("\x40", 1), END },
      "40C04A6F686E5008536D697468000033" "084469726563746F720019710917034D"
      "6172795408536D697468010052616C70" "685408536D6974680019571111820053"
      "7573616E42084A6F6E65730019590717" "010140" },
    { "X.691 A.3.4 unaligned", false, { BITS(1, 0), BITS(1, 1),
        BITS(1, 0), BITS(1, 0), NS("John"), N1("P"), BITS(1, 0), NS("Smith"),
        BITS(1, 0), CONS(0, 9999, 51), V("Director"), BITS(1, 0), D8("19710917"),
        BITS(1, 0), BITS(1, 0), NS("Mary"), N1("T"), BITS(1, 0), NS("Smith"),
        BITS(1, 0),
        BITS(1, 0), BITS(1, 0), BITS(1, 0), NS("Ralph"), N1("T"), BITS(1, 0), NS("Smith"), BITS(1, 0), D8("19571111"),
        BITS(1, 1), BITS(1, 0), BITS(1, 0), NS("Susan"), N1("B"), BITS(1, 0), NS("Jones"), BITS(1, 0), D8("19590717"),
        SMALL(0), BITS(1, 1), OPEN("\x40", 1), END },
      "40CBAA3A5108A5125F180330889A7965" "C7D37F20CB8848B819CE5BA2A114A24B"
      "E30113727AE3542294497C6195711118" "22985CE521842EAA60B832B20E2E0202" "80" },
    /* A.4: Ax ::= SEQUENCE { a INTEGER (250..253), b BOOLEAN, c CHOICE { d
     * INTEGER, ..., [[ e BOOLEAN, f IA5String ]], ... }, ..., [[ g
     * NumericString (SIZE (3)), h BOOLEAN OPTIONAL ]], ..., i BMPString
     * OPTIONAL, j PrintableString OPTIONAL } = { a 253, b TRUE, c e: TRUE,
     * g "123", h TRUE }: extension bit, preamble (i, j), a, b, c's extension
     * bit, index 0 and open type, then one addition (the group) as an open
     * type holding { h present, g "123" as 4-bit indexes, h }. */
    { "X.691 A.4 aligned", true,
      { BITS(1, 1), BITS(2, 0), CONS(250, 253, 253), BITS(1, 1), BITS(1, 1), SMALL(0), OPEN("\x80", 1),
        SMALL(0), BITS(1, 1), OPEN("\x91\xA4", 2), END }, "9E000180010291A4" },
    { "X.691 A.4 unaligned", false,
      { BITS(1, 1), BITS(2, 0), CONS(250, 253, 253), BITS(1, 1), BITS(1, 1), SMALL(0), OPEN("\x80", 1),
        SMALL(0), BITS(1, 1), OPEN("\x91\xA4", 2), END }, "9E000600040A4690" },
    { "X.691 A.4 the group's open type, aligned", true, { BITS(1, 1), CHARS(3, 3, NUM, "123", 3), BITS(1, 1), END }, "91A4" },
    { "X.691 A.4 the group's open type, unaligned", false, { BITS(1, 1), CHARS(3, 3, NUM, "123", 3), BITS(1, 1), END }, "91A4" },

    /* APER, rules. */
    { "rules: APER range 1006: two aligned octets (11.5.7.3)", true, { BITS(1, 1), CONS(-5, 1000, 7), END }, "80000C" },
    { "rules: APER range 256: one aligned octet (11.5.7.2)", true, { BITS(1, 1), CONS(0, 255, 0x80), END }, "8080" },
    { "rules: APER range 8: bit field (11.5.7.1)", true, { BITS(1, 1), CONS(0, 7, 5), END }, "D0" },
    { "rules: APER range 2^32, 256: length 2 then octets (11.5.7.4)", true, { UCONS(0, 4294967295, 256), END }, "400100" },
    { "rules: APER range 2^32, 0", true, { UCONS(0, 4294967295, 0), END }, "0000" },
    { "rules: APER range 2^32, max", true, { UCONS(0, 4294967295, 4294967295), END }, "C0FFFFFFFF" },
    { "rules: APER unconstrained: aligned length (11.8)", true, { BITS(1, 1), INT(128), END }, "80020080" },
    { "rules: APER semi-constrained", true, { BITS(1, 1), SEMI(-10, 300), END }, "80020136" },
    { "rules: APER normally small 64: aligned length", true, { SMALL(64), END }, "800140" },
    { "rules: APER OCTET STRING (SIZE (3)): aligned (17.7)", true, { BITS(1, 1), OCTETS(3, 3, "ABC", 3), END }, "80414243" },
    { "rules: APER OCTET STRING (SIZE (2)): not aligned (17.6)", true, { BITS(1, 1), OCTETS(2, 2, "\x01\x02", 2), END }, "808100" },
    { "rules: APER OCTET STRING (SIZE (0..10))", true, { OCTETS(0, 10, "\x01\x02\x03", 3), END }, "30010203" },
    { "rules: APER OCTET STRING (SIZE (0..10)) empty: no padding", true, { OCTETS(0, 10, "", 0), BITS(4, 15), END }, "0F" },
    { "rules: APER BIT STRING (SIZE (20)): aligned (16.10)", true, { BITS(1, 1), BITSTR(20, 20, "\xF0\x0F\xA0", 20), END }, "80F00FA0" },
    { "rules: APER BIT STRING (SIZE (4)): not aligned (16.9)", true, { BITS(1, 1), BITSTR(4, 4, "\xB0", 4), END }, "D8" },
    { "rules: APER IA5String: 8 bits a character", true, { CHARS(0, NO_UB, IA5, "Hi!", 3), END }, "03486921" },
    { "rules: APER VisibleString (SIZE (1..8))", true, { CHARS(1, 8, VIS, "abc", 3), END }, "40616263" },
    { "rules: APER NumericString (SIZE (0..15)): 4-bit indexes", true, { CHARS(0, 15, NUM, "12 9", 4), END }, "40230A" },
    { "rules: APER FROM (\"A\"..\"D\") (SIZE (1..9)): 2 bits, aligned", true, { CHARS(1, 9, &abcd_alpha, "ABCDDA", 6), END }, "501BC0" },
    { "rules: APER FROM (\"A\"..\"D\") (SIZE (8)): 16 bits, not aligned (30.5.7)", true,
      { BITS(1, 1), CHARS(8, 8, &abcd_alpha, "ABCDDABC", 8), END }, "8D E3 00" },
    { "rules: APER BMPString (SIZE (0..4))", true, { CHARS(0, 4, BMP, "\x03\xA9\x00\x31", 4), END }, "4003A90031" },
    { "rules: APER extensible SEQUENCE, one addition", true,
      { BITS(1, 1), CONS(0, 3, 1), SMALL(0), BITS(1, 1), OPEN("\x00\x05", 2), END }, "A020020005" },
    { "rules: APER CHOICE extension alternative", true, { BITS(1, 1), SMALL(0), OPEN("\x80", 1), END }, "800180" },
};

static uint8_t arena_buf[4096];

static void encode_ops(const per_op *ops, asn1rt_per_writer *w, const char *name)
{
    for (const per_op *o = ops; o->k != K_SKIP; o++) {
        size_t ub = o->ub < 0 ? ASN1RT_PER_NO_UB : (size_t)o->ub;
        int rc = ASN1RT_E_ARG;
        switch (o->k) {
        case K_BITS: rc = asn1rt_per_write_bits(w, (unsigned)o->lb, (uint64_t)o->v); break;
        case K_CONS: rc = asn1rt_per_write_int_range(w, o->lb, o->ub, o->v); break;
        case K_UCONS: rc = asn1rt_per_write_uint_range(w, (uint64_t)o->lb, (uint64_t)o->ub, (uint64_t)o->v); break;
        case K_SEMI: rc = asn1rt_per_write_semi_int(w, o->lb, o->v); break;
        case K_INT: rc = asn1rt_per_write_int(w, o->v); break;
        case K_SMALL: rc = asn1rt_per_write_small(w, (uint64_t)o->v); break;
        case K_LEN: {
            asn1rt_per_length st;
            size_t k;
            rc = asn1rt_per_write_length(w, (size_t)o->lb, ub, (size_t)o->v, &st, &k);
            break;
        }
        case K_OCTETS: rc = asn1rt_per_write_octets(w, (size_t)o->lb, ub, (const uint8_t *)o->data, o->n); break;
        case K_BITSTR: {
            asn1rt_bits b = { (const uint8_t *)o->data, (o->n + 7) / 8, (uint8_t)((8 - o->n % 8) % 8) };
            rc = asn1rt_per_write_bitstring(w, (size_t)o->lb, ub, &b);
            break;
        }
        case K_CHARS: rc = asn1rt_per_write_chars(w, (size_t)o->lb, ub, o->alpha, (const uint8_t *)o->data, o->n); break;
        case K_OPEN: rc = asn1rt_per_write_open(w, (const uint8_t *)o->data, o->n); break;
        case K_SKIP: break;
        }
        CHECK_ROW(rc == ASN1RT_OK, name);
    }
}

/* Decodes ops from r and checks each value; returns false at a failure. */
static bool decode_ops(const per_op *ops, asn1rt_per_reader *r, asn1rt_arena *a, const char *name)
{
    for (const per_op *o = ops; o->k != K_SKIP; o++) {
        size_t ub = o->ub < 0 ? ASN1RT_PER_NO_UB : (size_t)o->ub;
        int rc = ASN1RT_E_ARG;
        bool same = false;
        int64_t iv = 0;
        uint64_t uv = 0;
        asn1rt_view v = { NULL, 0 };
        asn1rt_bits bs = { NULL, 0, 0 };
        switch (o->k) {
        case K_BITS: rc = asn1rt_per_read_bits(r, (unsigned)o->lb, &uv); same = uv == (uint64_t)o->v; break;
        case K_CONS: rc = asn1rt_per_read_int_range(r, o->lb, o->ub, &iv); same = iv == o->v; break;
        case K_UCONS: rc = asn1rt_per_read_uint_range(r, (uint64_t)o->lb, (uint64_t)o->ub, &uv); same = uv == (uint64_t)o->v; break;
        case K_SEMI: rc = asn1rt_per_read_semi_int(r, o->lb, &iv); same = iv == o->v; break;
        case K_INT: rc = asn1rt_per_read_int(r, &iv); same = iv == o->v; break;
        case K_SMALL: rc = asn1rt_per_read_small(r, &uv); same = uv == (uint64_t)o->v; break;
        case K_LEN: {
            asn1rt_per_length st;
            size_t n = 0;
            rc = asn1rt_per_read_length(r, (size_t)o->lb, ub, &st, &n);
            same = n == (size_t)o->v && !st.more;
            break;
        }
        case K_OCTETS:
        case K_OPEN:
            rc = o->k == K_OPEN ? asn1rt_per_read_open(r, a, &v)
                                : asn1rt_per_read_octets(r, (size_t)o->lb, ub, a, &v);
            same = v.len == o->n && (o->n == 0 || memcmp(v.ptr, o->data, o->n) == 0);
            break;
        case K_BITSTR:
            rc = asn1rt_per_read_bitstring(r, (size_t)o->lb, ub, a, &bs);
            same = bs.len * 8 - bs.unused == o->n && (o->n == 0 || memcmp(bs.ptr, o->data, bs.len) == 0);
            break;
        case K_CHARS:
            rc = asn1rt_per_read_chars(r, (size_t)o->lb, ub, o->alpha, a, &v);
            same = v.len == o->n && (o->n == 0 || memcmp(v.ptr, o->data, o->n) == 0);
            break;
        case K_SKIP: break;
        }
        CHECK_ROW(rc == ASN1RT_OK && same, name);
        if (rc != ASN1RT_OK)
            return false;
    }
    return true;
}

static void test_vectors(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const per_case *c = &cases[i];
        uint8_t want[256], got[256];
        size_t wantlen = unhex(c->hex, want, sizeof want), len = 0;
        asn1rt_per_writer w;
        asn1rt_per_reader r;
        asn1rt_arena a;

        memset(got, 0xA5, sizeof got);    /* the writer must not rely on zeroed memory */
        CU_ASSERT_FATAL(asn1rt_per_writer_init(&w, got, sizeof got, c->aligned) == ASN1RT_OK);
        encode_ops(c->ops, &w, c->name);
        CHECK_ROW(asn1rt_per_writer_finish(&w, &len) == ASN1RT_OK, c->name);
        ASSERT_BYTES(c->name, got, len, want, wantlen);

        CU_ASSERT_FATAL(asn1rt_arena_init(&a, arena_buf, sizeof arena_buf) == ASN1RT_OK);
        CU_ASSERT_FATAL(asn1rt_per_reader_init(&r, want, wantlen, c->aligned) == ASN1RT_OK);
        if (decode_ops(c->ops, &r, &a, c->name))
            CHECK_ROW(asn1rt_per_reader_finish(&r) == ASN1RT_OK, c->name);
    }
}

/* ------------------------------------------------------------------ */
/* Rejects: one op on a bad input, the code, the bit offset, nothing    */
/* consumed.                                                            */

typedef struct reject_row {
    const char *name;
    bool aligned;
    size_t skip;        /* bits read before the op */
    per_op op;          /* K_SKIP: asn1rt_per_reader_finish */
    const char *hex;
    unsigned lax;
    size_t arena_cap;   /* SIZE_MAX: a NULL arena */
    int code;
    size_t bit;
} reject_row;

#define NOARENA SIZE_MAX
#define FINISH { K_SKIP, 0, 0, 0, NULL, 0, NULL }

static const reject_row rejects[] = {
    { "constrained: value beyond ub", false, 0, CONS(-5, 1000, 0), "FF C0", 0, 0, ASN1RT_E_VALUE_CONSTRAINT, 0 },
    { "constrained: truncated", false, 0, CONS(-5, 1000, 0), "FF", 0, 0, ASN1RT_E_TRUNCATED, 0 },
    { "constrained: truncated after a bit", false, 3, CONS(0, 255, 0), "00", 0, 0, ASN1RT_E_TRUNCATED, 3 },
    { "APER constrained: octet count beyond the range", true, 0, UCONS(0, 1099511627775, 0), "E0 00 00 00 00 00 00 00 00", 0, 0, ASN1RT_E_VALUE_CONSTRAINT, 0 },
    { "APER constrained: leading zero octet", true, 0, UCONS(0, 4294967295, 0), "40 00 05", 0, 0, ASN1RT_E_INTEGER_NOT_MINIMAL, 0 },
    { "APER constrained: two octets beyond ub", true, 0, CONS(0, 1000, 0), "03 E9", 0, 0, ASN1RT_E_VALUE_CONSTRAINT, 0 },
    { "APER padding not zero", true, 1, CONS(0, 255, 0), "81 80", 0, 0, ASN1RT_E_PER_PADDING, 7 },
    { "APER padding not zero, lax", true, 1, CONS(0, 255, 0x80), "81 80", ASN1RT_PER_LAX_PADDING, 0, ASN1RT_OK, 0 },
    { "APER padding truncated", true, 1, CONS(0, 255, 0), "80", 0, 0, ASN1RT_E_TRUNCATED, 8 },
    { "unconstrained integer: empty", false, 0, INT(0), "00", 0, 0, ASN1RT_E_INTEGER_EMPTY, 0 },
    { "unconstrained integer: 0x00 redundant", false, 0, INT(0), "02 00 01", 0, 0, ASN1RT_E_INTEGER_NOT_MINIMAL, 0 },
    { "unconstrained integer: 0xFF redundant", false, 0, INT(0), "02 FF 80", 0, 0, ASN1RT_E_INTEGER_NOT_MINIMAL, 0 },
    { "unconstrained integer: beyond int64", false, 0, INT(0), "09 01 00 00 00 00 00 00 00 00", 0, 0, ASN1RT_E_INTEGER_RANGE, 0 },
    { "unconstrained integer: octets missing", false, 0, INT(0), "02 01", 0, 0, ASN1RT_E_TRUNCATED, 8 },
    { "semi-constrained: leading zero", false, 0, SEMI(0, 0), "02 00 05", 0, 0, ASN1RT_E_INTEGER_NOT_MINIMAL, 0 },
    { "semi-constrained: beyond int64 from lb", false, 0, SEMI(1, 0), "08 7F FF FF FF FF FF FF FF", 0, 0, ASN1RT_E_INTEGER_RANGE, 0 },
    { "normally small: 5 in the long form", false, 0, SMALL(0), "80 82 80", 0, 0, ASN1RT_E_INTEGER_NOT_MINIMAL, 0 },
    { "normally small: truncated", false, 0, SMALL(0), "", 0, 0, ASN1RT_E_TRUNCATED, 0 },
    { "length: two-octet form for 2", false, 0, OCTETS(0, NO_UB, "", 0), "80 02 AA BB", 0, 0, ASN1RT_E_LENGTH_NOT_MINIMAL, 0 },
    { "length: two-octet form for 2, lax", false, 0, OCTETS(0, NO_UB, "\xAA\xBB", 2), "80 02 AA BB", ASN1RT_LAX_LENGTH, 0, ASN1RT_OK, 0 },
    { "length: fragment of 0 x 16K", false, 0, OCTETS(0, NO_UB, "", 0), "C0", 0, 0, ASN1RT_E_PER_FRAGMENT, 0 },
    { "length: fragment of 5 x 16K", false, 0, OCTETS(0, NO_UB, "", 0), "C5", 0, 0, ASN1RT_E_PER_FRAGMENT, 0 },
    { "length: constrained beyond SIZE", false, 0, OCTETS(0, 10, "", 0), "B0", 0, 0, ASN1RT_E_SIZE_CONSTRAINT, 0 },
    { "length: below SIZE (1..MAX)", false, 0, OCTETS(1, NO_UB, "", 0), "00", 0, 0, ASN1RT_E_SIZE_CONSTRAINT, 0 },
    { "length: truncated", false, 0, OCTETS(0, NO_UB, "", 0), "", 0, 0, ASN1RT_E_TRUNCATED, 0 },
    { "octets: content truncated", false, 0, OCTETS(0, NO_UB, "", 0), "03 AA BB", 0, 0, ASN1RT_E_TRUNCATED, 8 },
    { "octets: unaligned copy, arena full", false, 1, OCTETS(0, NO_UB, "", 0), "01 55 5D 80", 0, 1, ASN1RT_E_ARENA_FULL, 9 },
    { "octets: unaligned copy, no arena", false, 1, OCTETS(0, NO_UB, "", 0), "01 55 5D 80", 0, NOARENA, ASN1RT_E_ARENA_FULL, 9 },
    { "octets: unaligned copy fits", false, 1, OCTETS(0, NO_UB, "\xAA\xBB", 2), "01 55 5D 80", 0, 2, ASN1RT_OK, 0 },
    { "octets: aligned view needs no arena", false, 0, OCTETS(0, NO_UB, "\xAA\xBB", 2), "02 AA BB", 0, NOARENA, ASN1RT_OK, 0 },
    { "APER octets: padding after the length", true, 0, OCTETS(0, 10, "", 0), "31 01 02 03", 0, 0, ASN1RT_E_PER_PADDING, 7 },
    { "bits: fixed size truncated", false, 0, BITSTR(12, 12, "", 0), "FF", 0, 0, ASN1RT_E_TRUNCATED, 0 },
    { "bits: unaligned copy, arena full", false, 0, BITSTR(0, 20, "", 0), "A7 80 7D 00", 0, 2, ASN1RT_E_ARENA_FULL, 5 },
    { "chars: index beyond the alphabet", false, 0, CHARS(0, 15, NUM, "", 0), "1F", 0, 64, ASN1RT_E_STRING_ALPHABET, 4 },
    { "chars: UPER Visible 0x7F, 11th of 12 (past the first 8-octet load)", false, 0, CHARS(0, NO_UB, VIS, "", 0), "0C 83 06 0C 18 30 60 C1 83 07 FC 10", 0, 64, ASN1RT_E_STRING_ALPHABET, 78 },
    { "chars: APER IA5 value 0x80", true, 0, CHARS(0, NO_UB, IA5, "", 0), "02 41 80", 0, 64, ASN1RT_E_STRING_ALPHABET, 16 },
    { "chars: UPER copy, arena full", false, 0, CHARS(0, NO_UB, IA5, "", 0), "03 91 A5 08", 0, 2, ASN1RT_E_ARENA_FULL, 8 },
    { "chars: UPER copy, no arena", false, 0, CHARS(0, NO_UB, IA5, "", 0), "03 91 A5 08", 0, NOARENA, ASN1RT_E_ARENA_FULL, 8 },
    { "chars: APER view needs no arena", true, 0, CHARS(0, NO_UB, IA5, "Hi!", 3), "03 48 69 21", 0, NOARENA, ASN1RT_OK, 0 },
    { "chars: truncated", false, 0, CHARS(0, NO_UB, IA5, "", 0), "03 91 A5", 0, 64, ASN1RT_E_TRUNCATED, 8 },
    { "open type: truncated", false, 0, OPEN("", 0), "05 00 00", 0, 64, ASN1RT_E_TRUNCATED, 8 },
    { "finish: no octets", false, 0, FINISH, "", 0, 0, ASN1RT_E_TRUNCATED, 0 },
    { "finish: empty encoding not 0x00", false, 0, FINISH, "01", 0, 0, ASN1RT_E_PER_PADDING, 7 },
    { "finish: an octet left over", false, 3, FINISH, "A0 00", 0, 0, ASN1RT_E_TRAILING_DATA, 8 },
    { "finish: an octet left over, lax", false, 3, FINISH, "A0 00", ASN1RT_LAX_TRAILING, 0, ASN1RT_OK, 0 },
    { "finish: padding not zero", false, 3, FINISH, "A1", 0, 0, ASN1RT_E_PER_PADDING, 7 },
};

static void test_rejects(void)
{
    for (size_t i = 0; i < sizeof rejects / sizeof rejects[0]; i++) {
        const reject_row *row = &rejects[i];
        uint8_t in[64];
        size_t len = unhex(row->hex, in, sizeof in);
        asn1rt_per_reader r;
        asn1rt_arena a;
        asn1rt_arena *ap = NULL;
        int rc;
        if (row->arena_cap != NOARENA) {
            CU_ASSERT_FATAL(asn1rt_arena_init(&a, arena_buf, row->arena_cap) == ASN1RT_OK);
            ap = &a;
        }
        CU_ASSERT_FATAL(asn1rt_per_reader_init(&r, in, len, row->aligned) == ASN1RT_OK);
        r.lax = row->lax;
        r.pos = row->skip;
        if (row->op.k == K_SKIP) {
            rc = asn1rt_per_reader_finish(&r);
            CHECK_ROW(rc == row->code, row->name);
        } else if (row->code == ASN1RT_OK) {
            per_op ops[2] = { row->op, END };
            CHECK_ROW(decode_ops(ops, &r, ap, row->name), row->name);
            continue;
        } else {
            per_op ops[2] = { row->op, END };
            size_t used = ap ? a.used : 0;
            /* decode_ops asserts success; call the one reader directly instead. */
            const per_op *o = &ops[0];
            size_t ub = o->ub < 0 ? ASN1RT_PER_NO_UB : (size_t)o->ub;
            int64_t iv = 0;
            uint64_t uv = 0;
            asn1rt_view v = { NULL, 0 };
            asn1rt_bits bs = { NULL, 0, 0 };
            switch (o->k) {
            case K_CONS: rc = asn1rt_per_read_int_range(&r, o->lb, o->ub, &iv); break;
            case K_UCONS: rc = asn1rt_per_read_uint_range(&r, (uint64_t)o->lb, (uint64_t)o->ub, &uv); break;
            case K_SEMI: rc = asn1rt_per_read_semi_int(&r, o->lb, &iv); break;
            case K_INT: rc = asn1rt_per_read_int(&r, &iv); break;
            case K_SMALL: rc = asn1rt_per_read_small(&r, &uv); break;
            case K_OCTETS: rc = asn1rt_per_read_octets(&r, (size_t)o->lb, ub, ap, &v); break;
            case K_OPEN: rc = asn1rt_per_read_open(&r, ap, &v); break;
            case K_BITSTR: rc = asn1rt_per_read_bitstring(&r, (size_t)o->lb, ub, ap, &bs); break;
            case K_CHARS: rc = asn1rt_per_read_chars(&r, (size_t)o->lb, ub, o->alpha, ap, &v); break;
            default: rc = ASN1RT_E_ARG; break;
            }
            CHECK_ROW(rc == row->code, row->name);
            CHECK_ROW(r.pos == row->skip, row->name);                  /* nothing consumed */
            CHECK_ROW(iv == 0 && uv == 0 && v.ptr == NULL && bs.ptr == NULL, row->name);   /* outputs untouched */
            CHECK_ROW(ap == NULL || a.used == used, row->name);        /* arena given back */
        }
        if (rc != row->code)
            fprintf(stderr, "\n  %s: rc %d, want %d\n", row->name, rc, row->code);
        CHECK_ROW(r.err_bit == row->bit, row->name);
        if (r.err_bit != row->bit)
            fprintf(stderr, "\n  %s: bit %zu, want %zu\n", row->name, r.err_bit, row->bit);
    }
}

/* Writer rejects: the code, and the writer where it was. */
static void test_write_rejects(void)
{
    uint8_t buf[8];
    asn1rt_per_writer w;
    static const uint8_t bad_ia5[] = { 'a', 0x80 };
    static const uint8_t abc[] = { 'a', 'b', 'c' };
    struct { const char *name; int rc; int want; } rows[8];
    size_t n = 0;
    CU_ASSERT_FATAL(asn1rt_per_writer_init(&w, buf, sizeof buf, false) == ASN1RT_OK);
    CU_ASSERT_FATAL(asn1rt_per_write_bits(&w, 3, 5) == ASN1RT_OK);
    rows[n].name = "value beyond ub";
    rows[n].rc = asn1rt_per_write_int_range(&w, 0, 7, 8), rows[n++].want = ASN1RT_E_VALUE_CONSTRAINT;
    rows[n].name = "semi below lb";
    rows[n].rc = asn1rt_per_write_semi_int(&w, 0, -1), rows[n++].want = ASN1RT_E_VALUE_CONSTRAINT;
    rows[n].name = "size beyond SIZE";
    rows[n].rc = asn1rt_per_write_octets(&w, 0, 2, abc, 3), rows[n++].want = ASN1RT_E_SIZE_CONSTRAINT;
    rows[n].name = "character outside the alphabet";
    rows[n].rc = asn1rt_per_write_chars(&w, 0, 8, IA5, bad_ia5, 2), rows[n++].want = ASN1RT_E_STRING_ALPHABET;
    rows[n].name = "BMP string of odd length";
    rows[n].rc = asn1rt_per_write_chars(&w, 0, 8, BMP, abc, 3), rows[n++].want = ASN1RT_E_ARG;
    rows[n].name = "octets past cap";
    rows[n].rc = asn1rt_per_write_octets(&w, 0, ASN1RT_PER_NO_UB, arena_buf, 7), rows[n++].want = ASN1RT_E_BUFFER_TOO_SMALL;
    rows[n].name = "bits past cap";
    rows[n].rc = asn1rt_per_write_bits(&w, 62, 0), rows[n++].want = ASN1RT_E_BUFFER_TOO_SMALL;
    rows[n].name = "non-minimal bigint";
    rows[n].rc = asn1rt_per_write_bigint(&w, &(asn1rt_bigint){ (const uint8_t *)"\x00\x01", 2 }), rows[n++].want = ASN1RT_E_INTEGER_NOT_MINIMAL;
    for (size_t i = 0; i < n; i++)
        CHECK_ROW(rows[i].rc == rows[i].want, rows[i].name);
    CU_ASSERT_EQUAL(w.pos, 3);
    /* The failed writes left nothing: the next bits follow the first three. */
    CU_ASSERT_FATAL(asn1rt_per_write_bits(&w, 5, 0x1F) == ASN1RT_OK);
    CU_ASSERT_EQUAL(buf[0], 0xBF);
    {
        size_t len = 0;
        asn1rt_per_writer e;
        CU_ASSERT_FATAL(asn1rt_per_writer_init(&e, buf, 0, false) == ASN1RT_OK);
        CU_ASSERT_EQUAL(asn1rt_per_writer_finish(&e, &len), ASN1RT_E_BUFFER_TOO_SMALL);
        CU_ASSERT_EQUAL(len, 0);
    }
}

/* ------------------------------------------------------------------ */
/* Fragmentation (X.691 11.9.3.8), against asn1c 0.9.28 where it is     */
/* right: unconstrained OCTET STRINGs of 20000 and 70000 octets.        */

static uint8_t big_arena[70100];

typedef struct frag_case {
    const char *name;
    size_t n;
    unsigned mul;          /* content octet i is (uint8_t)(i * mul) */
    size_t enc_len;
    const char *head, *tail;   /* the first and last 8 octets */
} frag_case;

static const frag_case frags[] = {
    /* asn1c 0.9.28: C1 (16K), 16384 octets, 8E20 (3616), 3616 octets. */
    { "asn1c: 20000 octets", 20000, 1, 20003, "C100010203040506", "18191A1B1C1D1E1F" },
    /* asn1c 0.9.28: C4 (64K), 65536 octets, 9170 (4464), 4464 octets. */
    { "asn1c: 70000 octets", 70000, 7, 70003, "C400070E151C232A", "D8DFE6EDF4FB0209" },
    /* Rules, 11.9.3.8: C1 then a final 00 determinant. asn1c 0.9.28 omits
     * the 00 (16385 octets), which X.691 requires: a fragment says more follows. */
    { "rules: exactly 16384 octets", 16384, 1, 16386, "C100010203040506", "F9FAFBFCFDFEFF00" },
    /* Rules: 64K, then 48K, then 100. */
    { "rules: 64K + 48K + 100", 65536 + 49152 + 100, 3, 0, NULL, NULL },
};

static void test_fragments(void)
{
    static uint8_t in[65536 + 49152 + 100], out[65536 + 49152 + 200], store[65536 + 49152 + 100];
    for (size_t i = 0; i < sizeof frags / sizeof frags[0]; i++) {
        const frag_case *f = &frags[i];
        asn1rt_per_writer w;
        asn1rt_per_reader r;
        asn1rt_arena a;
        asn1rt_view v;
        size_t len = 0;
        uint8_t want[8];
        for (size_t k = 0; k < f->n; k++)
            in[k] = (uint8_t)(k * f->mul);
        for (int aligned = 0; aligned < 2; aligned++) {
            CU_ASSERT_FATAL(asn1rt_per_writer_init(&w, out, sizeof out, aligned) == ASN1RT_OK);
            CHECK_ROW(asn1rt_per_write_octets(&w, 0, ASN1RT_PER_NO_UB, in, f->n) == ASN1RT_OK, f->name);
            CHECK_ROW(asn1rt_per_writer_finish(&w, &len) == ASN1RT_OK, f->name);
            if (f->head != NULL) {
                CHECK_ROW(len == f->enc_len, f->name);
                unhex(f->head, want, 8);
                ASSERT_BYTES(f->name, out, 8, want, 8);
                unhex(f->tail, want, 8);
                ASSERT_BYTES(f->name, out + len - 8, 8, want, 8);
            } else {
                CHECK_ROW(len == f->n + 3 && out[0] == 0xC4 && out[65537] == 0xC3 && out[65538 + 49152] == 100, f->name);
            }
            CU_ASSERT_FATAL(asn1rt_arena_init(&a, store, sizeof store) == ASN1RT_OK);
            CU_ASSERT_FATAL(asn1rt_per_reader_init(&r, out, len, aligned) == ASN1RT_OK);
            CHECK_ROW(asn1rt_per_read_octets(&r, 0, ASN1RT_PER_NO_UB, &a, &v) == ASN1RT_OK, f->name);
            CHECK_ROW(v.len == f->n && memcmp(v.ptr, in, f->n) == 0, f->name);
            CHECK_ROW(asn1rt_per_reader_finish(&r) == ASN1RT_OK, f->name);
            /* Joined into the arena in one piece; 16K and an empty last piece stay a view. */
            if (f->n == ASN1RT_PER_16K)
                CHECK_ROW(v.ptr == out + 1 && a.used == 0, f->name);
            else
                CHECK_ROW(v.ptr == store && a.used == f->n, f->name);
            /* Skipped as an open type. */
            CU_ASSERT_FATAL(asn1rt_per_reader_init(&r, out, len, aligned) == ASN1RT_OK);
            CHECK_ROW(asn1rt_per_skip_open(&r) == ASN1RT_OK && r.pos / 8 == len, f->name);
        }
    }
}

/* Impossible fragment sequences, and a list counted through its fragments. */
static void test_fragment_rejects(void)
{
    static uint8_t in[3 * 16384 + 16];
    asn1rt_per_reader r;
    asn1rt_arena a;
    asn1rt_view v = { NULL, 0 };
    asn1rt_per_length st;
    size_t n = 0, total = 0;

    /* 16K fragment, then another fragment: 11.9.3.8 never gives it. */
    memset(in, 0, sizeof in);
    in[0] = 0xC1;
    in[1 + 16384] = 0xC1;
    CU_ASSERT_FATAL(asn1rt_arena_init(&a, big_arena, sizeof big_arena) == ASN1RT_OK);
    CU_ASSERT_FATAL(asn1rt_per_reader_init(&r, in, 2 + 2 * 16384, false) == ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_per_read_octets(&r, 0, ASN1RT_PER_NO_UB, &a, &v), ASN1RT_E_PER_FRAGMENT);
    CU_ASSERT_EQUAL(r.err_bit, 8 * 16385);
    CU_ASSERT_EQUAL(r.pos, 0);
    CU_ASSERT_EQUAL(a.used, 0);
    CU_ASSERT_PTR_NULL(v.ptr);

    /* 16K fragment and then nothing: truncated at the missing determinant. */
    CU_ASSERT_FATAL(asn1rt_per_reader_init(&r, in, 1 + 16384, false) == ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_per_read_octets(&r, 0, ASN1RT_PER_NO_UB, &a, &v), ASN1RT_E_TRUNCATED);
    CU_ASSERT_EQUAL(r.err_bit, 8 * 16385);

    /* 16K and a final 0: below SIZE (70000..MAX), reported at the first determinant. */
    in[1 + 16384] = 0x00;
    CU_ASSERT_FATAL(asn1rt_per_reader_init(&r, in, 2 + 16384, false) == ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_per_read_octets(&r, 70000, ASN1RT_PER_NO_UB, &a, &v), ASN1RT_E_SIZE_CONSTRAINT);
    CU_ASSERT_EQUAL(r.err_bit, 0);
    CU_ASSERT_EQUAL(r.pos, 0);
    CU_ASSERT_EQUAL(a.used, 0);

    /* 16K then 4096 (two-octet form 9000): 20480 octets. */
    in[1 + 16384] = 0x90;
    in[2 + 16384] = 0x00;
    CU_ASSERT_FATAL(asn1rt_per_reader_init(&r, in, 3 + 16384 + 4096, false) == ASN1RT_OK);
    CU_ASSERT_EQUAL(asn1rt_per_read_octets(&r, 0, 100000, &a, &v), ASN1RT_OK);
    CU_ASSERT_EQUAL(v.len, 16384 + 4096);

    /* A SEQUENCE OF counted piece by piece: 16K items then 5 (items of 0 bits
     * here, NULL elements), as generated code would loop. */
    in[0] = 0xC1;
    in[1] = 0x05;
    CU_ASSERT_FATAL(asn1rt_per_reader_init(&r, in, 2, true) == ASN1RT_OK);
    CU_ASSERT_EQUAL_FATAL(asn1rt_per_read_length(&r, 0, ASN1RT_PER_NO_UB, &st, &n), ASN1RT_OK);
    total = n;
    while (st.more) {
        CU_ASSERT_EQUAL_FATAL(asn1rt_per_read_length_next(&r, &st, &n), ASN1RT_OK);
        total += n;
    }
    CU_ASSERT_EQUAL(total, 16384 + 5);
    CU_ASSERT_EQUAL(st.total, 16384 + 5);

    /* The writer side of the same list: C1, then 05. */
    {
        uint8_t out[4];
        asn1rt_per_writer w;
        size_t k = 0, len = 0;
        CU_ASSERT_FATAL(asn1rt_per_writer_init(&w, out, sizeof out, true) == ASN1RT_OK);
        CU_ASSERT_EQUAL_FATAL(asn1rt_per_write_length(&w, 0, ASN1RT_PER_NO_UB, 16389, &st, &k), ASN1RT_OK);
        CU_ASSERT_EQUAL(k, 16384);
        CU_ASSERT_TRUE(st.more);
        CU_ASSERT_EQUAL_FATAL(asn1rt_per_write_length_next(&w, &st, &k), ASN1RT_OK);
        CU_ASSERT_EQUAL(k, 5);
        CU_ASSERT_FALSE(st.more);
        CU_ASSERT_EQUAL_FATAL(asn1rt_per_writer_finish(&w, &len), ASN1RT_OK);
        CU_ASSERT_EQUAL(len, 2);
        CU_ASSERT_EQUAL(out[0], 0xC1);
        CU_ASSERT_EQUAL(out[1], 0x05);
    }
}

/* Open types written in place (begin/end) give the same octets as from a
 * separate buffer, for both variants, unaligned starts and a fragmented
 * (20000-octet) content. */
static void test_open_in_place(void)
{
    static uint8_t a_buf[20100], b_buf[20100], content[20000];
    for (size_t k = 0; k < sizeof content; k++)
        content[k] = (uint8_t)(k * 13 + 1);
    static const size_t sizes[] = { 1, 2, 127, 128, 16383, 16384, 20000 };
    for (int aligned = 0; aligned < 2; aligned++) {
        for (unsigned lead = 0; lead < 8; lead++) {
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
                asn1rt_per_writer wa, wb, inner;
                size_t la = 0, lb = 0, n = sizes[s];
                char name[64];
                snprintf(name, sizeof name, "open in place: %s lead %u size %zu", aligned ? "APER" : "UPER", lead, n);
                CU_ASSERT_FATAL(asn1rt_per_writer_init(&wa, a_buf, sizeof a_buf, aligned) == ASN1RT_OK);
                CU_ASSERT_FATAL(asn1rt_per_writer_init(&wb, b_buf, sizeof b_buf, aligned) == ASN1RT_OK);
                CU_ASSERT_FATAL(asn1rt_per_write_bits(&wa, lead, 0x55) == ASN1RT_OK);
                CU_ASSERT_FATAL(asn1rt_per_write_bits(&wb, lead, 0x55) == ASN1RT_OK);
                CHECK_ROW(asn1rt_per_write_open(&wa, content, n) == ASN1RT_OK, name);
                asn1rt_per_write_open_begin(&wb, &inner);
                CHECK_ROW(asn1rt_per_write_octets(&inner, n, n, content, n) == ASN1RT_OK, name);
                CHECK_ROW(asn1rt_per_write_open_end(&wb, &inner) == ASN1RT_OK, name);
                CHECK_ROW(asn1rt_per_write_bits(&wa, 3, 5) == ASN1RT_OK && asn1rt_per_write_bits(&wb, 3, 5) == ASN1RT_OK, name);
                CHECK_ROW(asn1rt_per_writer_finish(&wa, &la) == ASN1RT_OK, name);
                CHECK_ROW(asn1rt_per_writer_finish(&wb, &lb) == ASN1RT_OK, name);
                CHECK_ROW(la == lb && memcmp(a_buf, b_buf, la) == 0, name);
            }
        }
    }
}

/* Zero copy where the bytes stand aligned, copies where they do not. */
static void test_views(void)
{
    uint8_t in[8];
    size_t len = unhex("03 48 69 21", in, sizeof in);
    asn1rt_per_reader r;
    asn1rt_arena a;
    asn1rt_view v;
    CU_ASSERT_FATAL(asn1rt_arena_init(&a, arena_buf, 64) == ASN1RT_OK);
    CU_ASSERT_FATAL(asn1rt_per_reader_init(&r, in, len, true) == ASN1RT_OK);
    CU_ASSERT_EQUAL_FATAL(asn1rt_per_read_chars(&r, 0, ASN1RT_PER_NO_UB, IA5, &a, &v), ASN1RT_OK);
    CU_ASSERT_PTR_EQUAL(v.ptr, in + 1);
    CU_ASSERT_EQUAL(a.used, 0);
    CU_ASSERT_FATAL(asn1rt_per_reader_init(&r, in, len, false) == ASN1RT_OK);
    CU_ASSERT_EQUAL_FATAL(asn1rt_per_read_octets(&r, 0, ASN1RT_PER_NO_UB, &a, &v), ASN1RT_OK);
    CU_ASSERT_PTR_EQUAL(v.ptr, in + 1);
    CU_ASSERT_EQUAL(a.used, 0);
    /* b = 7 in UPER: a copy into the arena. */
    len = unhex("03 91 A5 08", in, sizeof in);
    CU_ASSERT_FATAL(asn1rt_per_reader_init(&r, in, len, false) == ASN1RT_OK);
    CU_ASSERT_EQUAL_FATAL(asn1rt_per_read_chars(&r, 0, ASN1RT_PER_NO_UB, IA5, &a, &v), ASN1RT_OK);
    CU_ASSERT_PTR_EQUAL(v.ptr, arena_buf);
    CU_ASSERT_EQUAL(a.used, 3);
    CU_ASSERT_EQUAL(memcmp(v.ptr, "Hi!", 3), 0);
    CU_ASSERT_EQUAL(asn1rt_per_char_bits(IA5, false), 7);
    CU_ASSERT_EQUAL(asn1rt_per_char_bits(IA5, true), 8);
    CU_ASSERT_EQUAL(asn1rt_per_char_bits(&name_alpha, false), 6);
    CU_ASSERT_EQUAL(asn1rt_per_char_bits(&name_alpha, true), 8);
    CU_ASSERT_EQUAL(asn1rt_per_char_bits(&asn1rt_per_alpha_universal, false), 32);
    CU_ASSERT_EQUAL(asn1rt_per_char_bits(NUM, true), 4);
}

void register_per_suite(void)
{
    static const cunit_test tests[] = {
        { "vectors: asn1c UPER, X.691 A.2.3 APER, rules", test_vectors },
        { "reader rejects: code, bit offset, nothing consumed", test_rejects },
        { "writer rejects", test_write_rejects },
        { "fragmentation: 16K..64K blocks both ways", test_fragments },
        { "fragment sequences rejected, lists counted", test_fragment_rejects },
        { "open types written in place", test_open_in_place },
        { "views and copies", test_views },
    };
    CUNIT_SUITE("per", tests);
}
