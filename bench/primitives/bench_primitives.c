/*
 * make bench-primitives: the seed's Tag/Length, Integer and OctetString
 * tables (shared/seeds/asn1-primitive-performance.md) on the asn1rt
 * runtime, each row beside a floor measured in the same interleaved run:
 * the loads (decode) or stores/memcpy (encode) that any implementation
 * of the row must do at least.
 *
 * Every iteration re-launders the input pointer so the compiler cannot
 * hoist the work out of the loop, and every result reaches an asm sink.
 */
#include <stdlib.h>
#include <string.h>

#include "asn1rt/asn1rt.h"
#include "harness.h"

/* The compiler must assume p changed: no loop-invariant hoisting. */
#define LAUNDER(p) __asm__ volatile("" : "+r"(p))

typedef struct input {
    const uint8_t *der;      /* one whole element */
    size_t len;
    const uint8_t *payload;  /* content, for encoders */
    size_t payload_len;
    int64_t i64;
    asn1rt_i128 i128;
} input;

#define T_INT ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_INTEGER)
#define T_OCT ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_OCTET_STRING)

/* ---- Tag/Length ---------------------------------------------------- */

static uint64_t header_asn1rt(void *vctx, uint64_t iters)
{
    const input *in = vctx;
    uint64_t acc = 0;
    for (uint64_t i = 0; i < iters; i++) {
        const uint8_t *p = in->der;
        asn1rt_reader r;
        uint32_t tag = 0;
        size_t len = 0;
        LAUNDER(p);
        asn1rt_reader_init(&r, p, in->len);
        acc |= (uint64_t)asn1rt_read_header(&r, &tag, &len);
        bench_use(tag);
        bench_use(len);
        bench_use(r.cur);
    }
    return acc;
}

/* Floor: load the identifier and length octets and combine them. */
static uint64_t header_floor(void *vctx, uint64_t iters)
{
    const input *in = vctx;
    size_t hl = in->len - in->payload_len;
    for (uint64_t i = 0; i < iters; i++) {
        const uint8_t *p = in->der;
        uint32_t x = 0;
        LAUNDER(p);
        for (size_t k = 0; k < hl; k++)
            x = (x << 8) | p[k];
        bench_use(x);
    }
    return 0;
}

/* ---- INTEGER ---------------------------------------------------------- */

static uint64_t int_decode_asn1rt(void *vctx, uint64_t iters)
{
    const input *in = vctx;
    uint64_t acc = 0;
    for (uint64_t i = 0; i < iters; i++) {
        const uint8_t *p = in->der;
        asn1rt_reader r;
        int64_t v = 0;
        LAUNDER(p);
        asn1rt_reader_init(&r, p, in->len);
        acc |= (uint64_t)asn1rt_read_int64(&r, T_INT, &v);
        acc |= (uint64_t)(v != in->i64);
        bench_use(v);
    }
    return acc;
}

static uint64_t i128_decode_asn1rt(void *vctx, uint64_t iters)
{
    const input *in = vctx;
    uint64_t acc = 0;
    for (uint64_t i = 0; i < iters; i++) {
        const uint8_t *p = in->der;
        asn1rt_reader r;
        asn1rt_i128 v = { 0, 0 };
        LAUNDER(p);
        asn1rt_reader_init(&r, p, in->len);
        acc |= (uint64_t)asn1rt_read_i128(&r, T_INT, &v);
        acc |= (uint64_t)(v.hi != in->i128.hi || v.lo != in->i128.lo);
        bench_use(v.hi);
        bench_use(v.lo);
    }
    return acc;
}

/* Floor: load every octet of the element once (8-octet loads). */
static uint64_t load_floor(void *vctx, uint64_t iters)
{
    const input *in = vctx;
    for (uint64_t i = 0; i < iters; i++) {
        const uint8_t *p = in->der;
        uint64_t x = 0, w;
        size_t k = 0;
        LAUNDER(p);
        for (; k + 8 <= in->len; k += 8) {
            memcpy(&w, p + k, 8);
            x ^= w;
        }
        for (; k < in->len; k++)
            x ^= p[k];
        bench_use(x);
    }
    return 0;
}

static uint64_t int_encode_asn1rt(void *vctx, uint64_t iters)
{
    const input *in = vctx;
    uint8_t buf[32];
    uint64_t acc = 0;
    for (uint64_t i = 0; i < iters; i++) {
        asn1rt_writer w;
        int64_t v = in->i64;
        LAUNDER(v);
        asn1rt_writer_init(&w, buf, sizeof buf);
        acc |= (uint64_t)asn1rt_prepend_int64(&w, T_INT, v);
        acc |= (uint64_t)(asn1rt_written(&w, buf + sizeof buf) != in->len);
        bench_escape(buf);
    }
    return acc;
}

static uint64_t i128_encode_asn1rt(void *vctx, uint64_t iters)
{
    const input *in = vctx;
    uint8_t buf[32];
    uint64_t acc = 0;
    for (uint64_t i = 0; i < iters; i++) {
        asn1rt_writer w;
        asn1rt_i128 v = in->i128;
        LAUNDER(v.hi);
        LAUNDER(v.lo);
        asn1rt_writer_init(&w, buf, sizeof buf);
        acc |= (uint64_t)asn1rt_prepend_i128(&w, T_INT, v);
        acc |= (uint64_t)(asn1rt_written(&w, buf + sizeof buf) != in->len);
        bench_escape(buf);
    }
    return acc;
}

/* Floor: store the finished encoding (memcpy of its octets). */
static uint64_t store_floor(void *vctx, uint64_t iters)
{
    const input *in = vctx;
    uint8_t buf[1100];
    for (uint64_t i = 0; i < iters; i++) {
        const uint8_t *p = in->der;
        LAUNDER(p);
        memcpy(buf + sizeof buf - in->len, p, in->len);
        bench_escape(buf);
    }
    return 0;
}

static uint64_t int_roundtrip_asn1rt(void *vctx, uint64_t iters)
{
    const input *in = vctx;
    uint8_t buf[32];
    uint64_t acc = 0;
    for (uint64_t i = 0; i < iters; i++) {
        asn1rt_writer w;
        asn1rt_reader r;
        int64_t v = in->i64, back = 0;
        LAUNDER(v);
        asn1rt_writer_init(&w, buf, sizeof buf);
        acc |= (uint64_t)asn1rt_prepend_int64(&w, T_INT, v);
        asn1rt_reader_init(&r, w.pos, asn1rt_written(&w, buf + sizeof buf));
        acc |= (uint64_t)asn1rt_read_int64(&r, T_INT, &back);
        acc |= (uint64_t)(back != v);
        bench_use(back);
    }
    return acc;
}

/* Floor: store then load the same octets. */
static uint64_t roundtrip_floor(void *vctx, uint64_t iters)
{
    const input *in = vctx;
    uint8_t buf[32];
    for (uint64_t i = 0; i < iters; i++) {
        const uint8_t *p = in->der;
        uint32_t x = 0;
        LAUNDER(p);
        memcpy(buf + sizeof buf - in->len, p, in->len);
        bench_escape(buf);
        for (size_t k = 0; k < in->len; k++)
            x = (x << 8) | buf[sizeof buf - in->len + k];
        bench_use(x);
    }
    return 0;
}

/* ---- OCTET STRING ------------------------------------------------------ */

static uint64_t oct_decode_asn1rt(void *vctx, uint64_t iters)
{
    const input *in = vctx;
    uint64_t acc = 0;
    for (uint64_t i = 0; i < iters; i++) {
        const uint8_t *p = in->der;
        asn1rt_reader r;
        asn1rt_view v = { NULL, 0 };
        LAUNDER(p);
        asn1rt_reader_init(&r, p, in->len);
        acc |= (uint64_t)asn1rt_read_octets(&r, T_OCT, &v);
        acc |= (uint64_t)(v.len != in->payload_len);
        bench_use(v.ptr);
    }
    return acc;
}

static uint64_t oct_encode_asn1rt(void *vctx, uint64_t iters)
{
    const input *in = vctx;
    uint8_t buf[1100];
    uint64_t acc = 0;
    for (uint64_t i = 0; i < iters; i++) {
        asn1rt_writer w;
        const uint8_t *p = in->payload;
        LAUNDER(p);
        asn1rt_writer_init(&w, buf, sizeof buf);
        acc |= (uint64_t)asn1rt_prepend_octets(&w, T_OCT, p, in->payload_len);
        acc |= (uint64_t)(asn1rt_written(&w, buf + sizeof buf) != in->len);
        bench_escape(buf);
    }
    return acc;
}

/* ---- Tables -------------------------------------------------------------- */

typedef struct row_def {
    const char *table, *row;
    const char *seed;       /* the seed's figure, as printed there */
    bench_fn fn, floor;
    input *in;
} row_def;

static uint8_t *make_element(uint8_t tag, size_t n, uint8_t **payload, size_t *len)
{
    size_t hl = asn1rt_header_len(tag, n);
    uint8_t *der = malloc(hl + n);
    asn1rt_writer w;
    uint8_t *pl = malloc(n);
    for (size_t i = 0; i < n; i++)
        pl[i] = (uint8_t)(i * 7 + 1);
    asn1rt_writer_init(&w, der, hl + n);
    if (asn1rt_prepend_octets(&w, tag, pl, n) != ASN1RT_OK)
        abort();
    *payload = pl;
    *len = hl + n;
    return der;
}

static input int_input(int64_t v)
{
    static uint8_t store[4][16];
    static int next;
    input in = { 0 };
    asn1rt_writer w;
    uint8_t *buf = store[next++];
    asn1rt_writer_init(&w, buf, 16);
    if (asn1rt_prepend_int64(&w, T_INT, v) != ASN1RT_OK)
        abort();
    in.der = w.pos;
    in.len = asn1rt_written(&w, buf + 16);
    in.i64 = v;
    return in;
}

int main(int argc, char **argv)
{
    const char *csv = argc > 1 ? argv[1] : "bench/results/primitives.csv";
    static input hdr_short, hdr_long, i42, imax, i128max, oct[4];
    static const size_t oct_sizes[4] = { 16, 64, 256, 1024 };
    static uint8_t i128buf[32];
    bench_config cfg;
    row_def rows[32];
    bench_case cases[64];
    size_t nrows = 0, ncases = 0;
    uint8_t *pl;

    hdr_short.der = make_element(T_OCT, 16, &pl, &hdr_short.len);
    hdr_short.payload_len = 16;
    hdr_long.der = make_element(T_OCT, 300, &pl, &hdr_long.len);
    hdr_long.payload_len = 300;
    i42 = int_input(42);
    imax = int_input(INT64_MAX);
    {
        asn1rt_writer w;
        asn1rt_i128 v = { INT64_MAX, UINT64_MAX };
        asn1rt_writer_init(&w, i128buf, sizeof i128buf);
        if (asn1rt_prepend_i128(&w, T_INT, v) != ASN1RT_OK)
            abort();
        i128max.der = w.pos;
        i128max.len = asn1rt_written(&w, i128buf + sizeof i128buf);
        i128max.i128 = v;
    }
    for (int k = 0; k < 4; k++) {
        oct[k].der = make_element(T_OCT, oct_sizes[k], &pl, &oct[k].len);
        oct[k].payload = pl;
        oct[k].payload_len = oct_sizes[k];
    }

#define ROW(t, r, s, f, fl, i) rows[nrows++] = (row_def){ t, r, s, f, fl, i }
    ROW("tag_length", "Short length (1-byte)", "6.09", header_asn1rt, header_floor, &hdr_short);
    ROW("tag_length", "Long length (multi-byte)", "6.95", header_asn1rt, header_floor, &hdr_long);
    ROW("integer", "Encode small (42)", "31.3", int_encode_asn1rt, store_floor, &i42);
    ROW("integer", "Encode medium (INT64_MAX)", "34.4", int_encode_asn1rt, store_floor, &imax);
    ROW("integer", "Encode large (INT128_MAX)", "31.5", i128_encode_asn1rt, store_floor, &i128max);
    ROW("integer", "Decode small (42)", "13.2", int_decode_asn1rt, load_floor, &i42);
    ROW("integer", "Decode medium (INT64_MAX)", "13.4", int_decode_asn1rt, load_floor, &imax);
    ROW("integer", "Decode large (INT128_MAX)", "", i128_decode_asn1rt, load_floor, &i128max);
    ROW("integer", "Roundtrip integer_42", "43.9", int_roundtrip_asn1rt, roundtrip_floor, &i42);
    {
        static const char *const enc_seed[4] = { "31.3", "69.3", "73.5", "83.0" };
        static const char *const dec_seed[4] = { "19.1", "19.5", "22.2", "26.9" };
        static const char *const enc_name[4] = { "Encode 16 bytes", "Encode 64 bytes", "Encode 256 bytes", "Encode 1024 bytes" };
        static const char *const dec_name[4] = { "Decode 16 bytes", "Decode 64 bytes", "Decode 256 bytes", "Decode 1024 bytes" };
        for (int k = 0; k < 4; k++)
            ROW("octet_string", enc_name[k], enc_seed[k], oct_encode_asn1rt, store_floor, &oct[k]);
        for (int k = 0; k < 4; k++)
            ROW("octet_string", dec_name[k], dec_seed[k], oct_decode_asn1rt, header_floor, &oct[k]);
    }
#undef ROW
    for (size_t i = 0; i < nrows; i++) {
        cases[ncases++] = (bench_case){ .table = rows[i].table, .row = rows[i].row, .impl = "asn1rt",
                                        .fn = rows[i].fn, .ctx = rows[i].in };
        cases[ncases++] = (bench_case){ .table = rows[i].table, .row = rows[i].row, .impl = "floor",
                                        .fn = rows[i].floor, .ctx = rows[i].in };
    }

    bench_config_default(&cfg);
    bench_banner(stdout, "ASN.1 primitives: asn1rt beside its floor", &cfg);
    printf("- Floor: decode rows load the octets the row must read (header, or the whole INTEGER);\n"
           "  encode rows store the finished encoding (memcpy); measured in the same rounds.\n"
           "- Seed: synta's figures from the seed document (another machine, Rust/Criterion), for reference only.\n\n");
    if (bench_run(cases, ncases, &cfg) != 0)
        return 1;

    {
        const char *current = "";
        static const struct { const char *id, *title; } titles[] = {
            { "tag_length", "Tag/Length Parsing" }, { "integer", "Integer Encode/Decode" },
            { "octet_string", "OctetString Encode/Decode" },
        };
        for (size_t i = 0; i < nrows; i++) {
            const bench_case *a = bench_find(cases, ncases, rows[i].table, rows[i].row, "asn1rt");
            const bench_case *f = bench_find(cases, ncases, rows[i].table, rows[i].row, "floor");
            if (strcmp(current, rows[i].table) != 0) {
                current = rows[i].table;
                for (size_t t = 0; t < 3; t++)
                    if (strcmp(titles[t].id, current) == 0)
                        printf("\n### %s\n\n", titles[t].title);
                printf("| Row | seed (synta) | asn1rt median | asn1rt min | floor median | floor min | asn1rt − floor |\n");
                printf("|---|---:|---:|---:|---:|---:|---:|\n");
            }
            printf("| %s | %s | %.2f ns | %.2f ns | %.2f ns | %.2f ns | %.2f ns |\n", rows[i].row,
                   rows[i].seed[0] ? rows[i].seed : "—", a->median_ns, a->min_ns, f->median_ns, f->min_ns,
                   a->median_ns - f->median_ns);
        }
    }
    if (bench_csv_write(csv, cases, ncases) != 0) {
        fprintf(stderr, "bench-primitives: cannot write %s\n", csv);
        return 1;
    }
    printf("\nCSV: %s (%zu rows, %zu samples each)\n", csv, ncases, cases[0].nsamples);

    /* One panel per seed table: seed figure, ours and the floor per row. */
    {
        static const char *const series[3] = { "seed (synta, reported)", "asn1rt (median)", "floor (median)" };
        static const char *const ids[3] = { "tag_length", "integer", "octet_string" };
        static const char *const names[3] = { "Tag/Length Parsing", "Integer Encode/Decode", "OctetString Encode/Decode" };
        static bench_svg_panel panels[3];
        const char *svg = argc > 2 ? argv[2] : "bench/results/primitives.svg";

        for (size_t t = 0; t < 3; t++) {
            panels[t].title = names[t];
            panels[t].unit = "ns";
            for (size_t i = 0; i < nrows && panels[t].nrows < BENCH_SVG_MAX_ROWS; i++) {
                if (strcmp(rows[i].table, ids[t]) != 0)
                    continue;
                bench_svg_row *row = &panels[t].rows[panels[t].nrows++];
                row->label = rows[i].row;
                row->value[0] = rows[i].seed[0] ? strtod(rows[i].seed, NULL) : 0.0;
                row->value[1] = bench_find(cases, ncases, rows[i].table, rows[i].row, "asn1rt")->median_ns;
                row->value[2] = bench_find(cases, ncases, rows[i].table, rows[i].row, "floor")->median_ns;
            }
        }
        if (bench_svg_write(svg, "ASN.1 primitives: seed vs asn1rt vs floor", series, 3, panels, 3) != 0) {
            fprintf(stderr, "bench-primitives: cannot write %s\n", svg);
            return 1;
        }
        printf("SVG: %s\n", svg);
    }
    bench_free(cases, ncases);
    return 0;
}
