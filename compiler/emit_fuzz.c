/* emit_fuzz.c — `asn1cc --emit-fuzz T schema.asn -o out/`: writes
 * out/fuzz_T.c, a libFuzzer harness for type T, beside the module's .h/.c
 * that emit_c.c writes. The harness holds a generated decoder to what
 * strict DER promises:
 *   - a rejected input reports a code and an offset inside the input;
 *   - an accepted input passes T_check, T_encoded_len is its length, and
 *     T_encode gives back the identical bytes (DER has one encoding per
 *     value), which decode to an equal value;
 *   - the leniency flags only widen what is accepted: the same input
 *     decodes to the same value with all of them set;
 *   - T_print succeeds.
 * With --encoding E (uper, aper, oer, ber; der by default) the harness holds
 * that rule's decoder to the same kind of promise: strict decode (OER: a
 * rejection's offset inside the input too), then for the canonical rules
 * re-encoding to the identical octets (OER: unless the input holds
 * extension additions the schema does not know, see identity_check_oer),
 * for BER the value's DER, and decoding that again to an equal value. The
 * names come from cmap's per-rule tables (CNamed.enc_fn), as for DER.
 * Any violation aborts, so libFuzzer keeps the input. Build the harness
 * with the module's .c and libasn1rt.a, e.g.
 *   clang -fsanitize=fuzzer,address,undefined -Iout out/fuzz_T.c out/m.c -lasn1rt */
#define _POSIX_C_SOURCE 200809L
#include "emit.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The named type T among the modules written by this run: by its ASN.1
 * name, or by its C name (hoisted inner types have only that); *by_asn1
 * says which. */
static CNamed *find_type(const CMap *map, const char *name, const CModule **in, bool *by_asn1)
{
    for (int i = 0; i < map->nmodules; i++) {
        const CModule *cm = map->modules[i];
        if (!cm->emit)
            continue;
        for (int k = 0; k < cm->ntypes; k++) {
            CNamed *cn = cm->types[k];
            *by_asn1 = cn->path == NULL && strcmp(cn->asn1, name) == 0;
            if (*by_asn1 || strcmp(cn->cname, name) == 0) {
                *in = cm;
                return cn;
            }
        }
    }
    return NULL;
}

/* The harness for a rule other than DER (UPER, APER, OER: canonical, so a
 * strictly accepted input re-encodes to itself; BER: read only, so its
 * value must re-encode as DER and read back equal). @DEC@ and @ENC@ are
 * the rule's decode_ex and encode, @ARGS@ their order of lax and arena. */
static const char body_rule[] =
    "int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)\n"
    "{\n"
    "    /* Static: generated structs with item arrays can be large. */\n"
    "    static @T@ value, again;\n"
    "    static uint8_t storage[1 << 20], storage2[1 << 20], buf[1 << 20];\n"
    "    static FILE *sink;\n"
    "    asn1rt_arena arena, arena2;\n"
    "    asn1rt_error err;\n"
    "    size_t len = 0;\n"
    "\n"
    "    if (sink == NULL && (sink = fopen(\"/dev/null\", \"w\")) == NULL)\n"
    "        abort();\n"
    "    if (asn1rt_arena_init(&arena, storage, sizeof storage) != ASN1RT_OK ||\n"
    "        asn1rt_arena_init(&arena2, storage2, sizeof storage2) != ASN1RT_OK)\n"
    "        abort();\n"
    "    @INIT@(&value);\n"
    "    if (@DEC@(&value, data, size, @ARGS@, &err) != ASN1RT_OK) {\n"
    "        if (err.code == ASN1RT_OK@OFFSET@)\n"
    "            fuzz_violated(\"a rejection without a code@OFFSET_WHAT@\");\n"
    "        return 0;\n"
    "    }\n"
    "    if (@CHECK@(&value) != ASN1RT_OK)\n"
    "        fuzz_violated(\"@CHECK@ rejects a decoded value\");\n"
    "@ENCODE_STEP@"
    "@IDENTITY@"
    "    if (@REDEC@ != ASN1RT_OK || !@EQUAL@(&value, &again))\n"
    "        fuzz_violated(\"the re-encoding does not decode to an equal value\");\n"
    "    if (@PRINT@(sink, &value) != 0)\n"
    "        fuzz_violated(\"@PRINT@ failed\");\n"
    "    return 0;\n"
    "}\n";

static const char encode_step[] =
    "    if (@ENC@(&value, buf, sizeof buf, &len) != ASN1RT_OK)\n"
    "        fuzz_violated(\"a decoded value does not encode\");\n";

/* UPER and APER keep an unknown CHOICE alternative's octets, not its index,
 * so a value holding one has no PER form: T_?per_encode says ASN1RT_E_ARG
 * (documented in the generated header) and the input is done with. */
static const char encode_step_per[] =
    "    {\n"
    "        int rc = @ENC@(&value, buf, sizeof buf, &len);\n"
    "        if (rc == ASN1RT_E_ARG)\n"
    "            return 0;  /* an unknown CHOICE alternative: no PER form */\n"
    "        if (rc != ASN1RT_OK)\n"
    "            fuzz_violated(\"a decoded value does not encode\");\n"
    "    }\n";

static const char identity_check[] =
    "    if (len != size || (size != 0 && memcmp(buf, data, size) != 0))\n"
    "        fuzz_violated(\"re-encoding differs from the input (@RULE@ is canonical)\");\n";

/* OER: the decoder skips extension additions the schema does not know,
 * so their value re-encodes without them. That is the one difference
 * allowed: the input must then be refused under ASN1RT_OER_KNOWN_ONLY
 * (which refuses nothing else), and the re-encoding be canonical itself. */
static const char identity_check_oer[] =
    "    if (len != size || (size != 0 && memcmp(buf, data, size) != 0)) {\n"
    "        static uint8_t buf2[1 << 20];\n"
    "        size_t len2 = 0;\n"
    "        if (@DEC@(&again, data, size, ASN1RT_OER_KNOWN_ONLY, &arena2, &err) != ASN1RT_E_UNKNOWN_COMPONENT)\n"
    "            fuzz_violated(\"re-encoding differs from the input (oer is canonical)\");\n"
    "        if (asn1rt_arena_init(&arena2, storage2, sizeof storage2) != ASN1RT_OK)\n"
    "            abort();\n"
    "        if (@DEC@(&again, buf, len, 0, &arena2, NULL) != ASN1RT_OK ||\n"
    "            @ENC@(&again, buf2, sizeof buf2, &len2) != ASN1RT_OK || len2 != len || memcmp(buf2, buf, len) != 0)\n"
    "            fuzz_violated(\"without its unknown extension additions, the value does not re-encode to itself\");\n"
    "        if (asn1rt_arena_init(&arena2, storage2, sizeof storage2) != ASN1RT_OK)\n"
    "            abort();\n"
    "    }\n";

/* Writes text with each @KEY@ replaced by its name. */
static void substitute(FILE *f, const char *text, const char *const (*subst)[2], size_t n)
{
    for (const char *p = text; *p; p++) {
        size_t k = 0;
        while (k < n && strncmp(p, subst[k][0], strlen(subst[k][0])) != 0)
            k++;
        if (k < n) {
            substitute(f, subst[k][1], subst, n);
            p += strlen(subst[k][0]) - 1;
        } else {
            fputc(*p, f);
        }
    }
}

static void harness(FILE *f, const CNamed *cn, const char *fname, const CModule *cm, const char *rule)
{
    fprintf(f,
        "/* fuzz_%s.c — libFuzzer harness for %s, generated by asn1cc %s — do not edit.\n"
        " * Encoding: %s. Decode strictly; when decode succeeds: T_check, re-encode\n"
        " * (to the identical bytes for a canonical rule, BER's value as DER), decode\n"
        " * again to an equal value, and T_print (DER: also the same value under\n"
        " * every leniency flag). A violated property aborts (libFuzzer keeps the input).\n"
        " * Build: clang -fsanitize=fuzzer,address,undefined fuzz_%s.c %s -lasn1rt */\n",
        fname, cn->path ? cn->cname : cn->asn1, ASN1CC_VERSION, rule, fname, cm->source);
    fprintf(f,
        "#include <stdio.h>\n"
        "#include <stdlib.h>\n"
        "#include <string.h>\n"
        "\n"
        "#include \"%s\"\n"
        "\n"
        "int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);\n"
        "\n"
        "static void fuzz_violated(const char *what)\n"
        "{\n"
        "    fprintf(stderr, \"fuzz_%s: %%s\\n\", what);\n"
        "    abort();\n"
        "}\n"
        "\n", cm->header, fname);
    if (strcmp(rule, "der") != 0) {
        const char **fn_per = cn->enc_fn[ENC_PER], **fn_oer = cn->enc_fn[ENC_OER];
        const char *dec, *enc, *args = "0, &arena", *redec, *identity = identity_check;
        bool aligned = strcmp(rule, "aper") == 0;
        if (strcmp(rule, "oer") == 0) {
            dec = fn_oer[OER_DECODE_EX];
            enc = fn_oer[OER_ENCODE];
            identity = identity_check_oer;
        } else if (strcmp(rule, "ber") == 0) {
            dec = cn->enc_fn[ENC_BER][BER_DECODE_EX];
            enc = cn->enc_fn[ENC_DER][DER_ENCODE];
            args = "&arena, 0";
            identity = "";
        } else {
            dec = fn_per[aligned ? APER_DECODE_EX : UPER_DECODE_EX];
            enc = fn_per[aligned ? APER_ENCODE : UPER_ENCODE];
        }
        redec = strcmp(rule, "ber") == 0 ? "@DERDEC@(&again, buf, len)" : "@DEC@(&again, buf, len, @ARGS2@, NULL)";
        const char *const subst[][2] = {
            {"@ENCODE_STEP@", strcmp(rule, "uper") == 0 || aligned ? encode_step_per : encode_step},
            {"@IDENTITY@", identity}, {"@REDEC@", redec}, {"@RULE@", rule},
            {"@T@", cn->cname}, {"@INIT@", cn->fn[FN_INIT]}, {"@CHECK@", cn->fn[FN_CHECK]},
            {"@EQUAL@", cn->fn[FN_EQUAL]}, {"@PRINT@", cn->fn[FN_PRINT]},
            {"@DERDEC@", cn->enc_fn[ENC_DER][DER_DECODE]}, {"@DEC@", dec}, {"@ENC@", enc},
            {"@ARGS2@", strcmp(rule, "ber") == 0 ? "" : "0, &arena2"}, {"@ARGS@", args},
            /* OER's offsets count octets (PER's count bits). */
            {"@OFFSET@", strcmp(rule, "oer") == 0 ? " || err.offset > size" : ""},
            {"@OFFSET_WHAT@", strcmp(rule, "oer") == 0 ? ", or with an offset outside the input" : ""},
        };
        substitute(f, body_rule, subst, sizeof subst / sizeof subst[0]);
        return;
    }
    /* @T@ stands for the C type name, @FN@ for its functions. */
    static const char body[] =
        "int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)\n"
        "{\n"
        "    /* Static: generated structs with item arrays can be large. */\n"
        "    static @T@ value, again, lax;\n"
        "    static FILE *sink;\n"
        "    const unsigned all_lax = ASN1RT_LAX_BOOLEAN | ASN1RT_LAX_INTEGER | ASN1RT_LAX_LENGTH |\n"
        "                             ASN1RT_LAX_SET_ORDER | ASN1RT_LAX_DEFAULT | ASN1RT_LAX_TRAILING;\n"
        "    asn1rt_error err;\n"
        "    uint8_t *buf;\n"
        "    size_t need, len = 0;\n"
        "\n"
        "    if (sink == NULL && (sink = fopen(\"/dev/null\", \"w\")) == NULL)\n"
        "        abort();\n"
        "    @INIT@(&value);\n"
        "    if (@DECODE_EX@(&value, data, size, 0, &err) != ASN1RT_OK) {\n"
        "        if (err.code == ASN1RT_OK || err.offset > size)\n"
        "            fuzz_violated(\"a rejection without a code, or with an offset outside the input\");\n"
        "        return 0;\n"
        "    }\n"
        "    if (@CHECK@(&value) != ASN1RT_OK)\n"
        "        fuzz_violated(\"@CHECK@ rejects a decoded value\");\n"
        "    need = @ENCODED_LEN@(&value);\n"
        "    if (need != size)\n"
        "        fuzz_violated(\"@ENCODED_LEN@ differs from the length of the input\");\n"
        "    buf = malloc(need ? need : 1);\n"
        "    if (buf == NULL)\n"
        "        abort();\n"
        "    if (@ENCODE@(&value, buf, need, &len) != ASN1RT_OK || len != size ||\n"
        "        (size != 0 && memcmp(buf, data, size) != 0))\n"
        "        fuzz_violated(\"re-encoding differs from the input (DER is canonical)\");\n"
        "    if (@DECODE@(&again, buf, len) != ASN1RT_OK || !@EQUAL@(&value, &again))\n"
        "        fuzz_violated(\"the re-encoding does not decode to an equal value\");\n"
        "    if (@DECODE_EX@(&lax, data, size, all_lax, NULL) != ASN1RT_OK || !@EQUAL@(&value, &lax))\n"
        "        fuzz_violated(\"leniency flags changed the value of a DER input\");\n"
        "    if (@PRINT@(sink, &value) != 0)\n"
        "        fuzz_violated(\"@PRINT@ failed\");\n"
        "    free(buf);\n"
        "    return 0;\n"
        "}\n";
    const struct { const char *key, *name; } subst[] = {
        {"@T@", cn->cname}, {"@INIT@", cn->fn[FN_INIT]}, {"@CHECK@", cn->fn[FN_CHECK]},
        {"@EQUAL@", cn->fn[FN_EQUAL]}, {"@PRINT@", cn->fn[FN_PRINT]},
        {"@DECODE@", cn->enc_fn[ENC_DER][DER_DECODE]}, {"@DECODE_EX@", cn->enc_fn[ENC_DER][DER_DECODE_EX]},
        {"@ENCODE@", cn->enc_fn[ENC_DER][DER_ENCODE]}, {"@ENCODED_LEN@", cn->enc_fn[ENC_DER][DER_ENCODED_LEN]},
    };
    for (const char *p = body; *p; p++) {
        size_t k = 0;
        while (k < sizeof subst / sizeof subst[0] && strncmp(p, subst[k].key, strlen(subst[k].key)) != 0)
            k++;
        if (k < sizeof subst / sizeof subst[0]) {
            fputs(subst[k].name, f);
            p += strlen(subst[k].key) - 1;
        } else {
            fputc(*p, f);
        }
    }
}

int emit_fuzz_harness(const CMap *map, const char *type, const char *outdir, const char *rule)
{
    const CModule *cm = NULL;
    CNamed *cn;
    const char *fname;
    char *path;
    bool by_asn1 = false;
    FILE *f;
    size_t n;

    cn = find_type(map, type, &cm, &by_asn1);
    if (cn == NULL) {
        diag_plain(DIAG_ERROR, "--emit-fuzz: no type '%s' in the modules given", type);
        return 1;
    }
    /* File name without the prefix: T as given, in its C spelling. */
    fname = by_asn1 ? cn->fuzz_base : cn->cname;
    n = strlen(outdir) + strlen(fname) + 16;
    path = arena_alloc(map->arena, n);
    snprintf(path, n, "%s/fuzz_%s.c", outdir, fname);
    f = fopen(path, "w");
    if (f == NULL) {
        diag_plain(DIAG_ERROR, "cannot write %s: %s", path, strerror(errno));
        return 2;
    }
    harness(f, cn, fname, cm, rule);
    if (fclose(f) != 0) {
        diag_plain(DIAG_ERROR, "cannot write %s: %s", path, strerror(errno));
        return 2;
    }
    return 0;
}
