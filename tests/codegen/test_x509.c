/* test_x509.c — Certificate_decode over real certificates: every one of the
 * ca-certificates bundle and of python3-cryptography-vectors' x509 samples.
 * Each accepted certificate must re-encode byte-identically, pass
 * Certificate_check, and agree with OpenSSL on serial, issuer and subject
 * DER, validity times, signature algorithm OID and extension count. Where
 * OpenSSL and we disagree on accepting a sample, the sample must be listed
 * below with the rule that decides it. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* open_memstream, scandir */
#endif
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_run.h"
#include "pkix1explicit88.h"
#include "x509_facts.h"

#define CA_BUNDLE "/etc/ssl/certs/ca-certificates.crt"
#define VECTORS "/usr/lib/python3/dist-packages/cryptography_vectors/x509"

/* Samples OpenSSL accepts and strict DER rejects: file, certificate index
 * in the file, our code, and why. */
typedef struct known_case {
    const char *file;
    int index;
    int code;
    const char *rule;
} known_case;

static const known_case we_reject[] = {
#include "x509_known.inc"
    { NULL, 0, 0, NULL }
};
#define N_WE_REJECT ((int)(sizeof we_reject / sizeof we_reject[0]) - 1)

typedef struct tally {
    int seen, decoded, agreed, both_reject, we_reject_known, mismatches;
    int check_ca;   /* 1: the CA bundle, where everything must decode */
} tally;

static const char *base(const char *p)
{
    const char *s = strstr(p, "/x509/");
    return s ? s + 6 : p;
}

static int facts_agree(const Certificate *c, const x509_facts *f, const char *file, int index)
{
    static uint8_t buf[16384];
    size_t n;
    char oid[256];
    const TBSCertificate *t = &c->tbsCertificate;
    const Time *times[2] = { &t->validity.notBefore, &t->validity.notAfter };
    const char *texts[2] = { f->not_before, f->not_after };
    int utc[2] = { f->not_before_utc, f->not_after_utc };
    int ok = 1;

    if (t->serialNumber.len != f->serial_len || memcmp(t->serialNumber.ptr, f->serial, f->serial_len) != 0) {
        printf("\n  %s[%d]: serial differs", file, index);
        ok = 0;
    }
    if (Name_encode(&t->issuer, buf, sizeof buf, &n) != 0 || n != f->issuer_len || memcmp(buf, f->issuer, n) != 0) {
        printf("\n  %s[%d]: issuer DER differs", file, index);
        ok = 0;
    }
    if (Name_encode(&t->subject, buf, sizeof buf, &n) != 0 || n != f->subject_len ||
        memcmp(buf, f->subject, n) != 0) {
        printf("\n  %s[%d]: subject DER differs", file, index);
        ok = 0;
    }
    for (int i = 0; i < 2; i++) {
        const asn1rt_view *v = times[i]->present == Time_PR_utcTime ? &times[i]->u.utcTime : &times[i]->u.generalTime;
        if ((times[i]->present == Time_PR_utcTime) != utc[i] || v->len != strlen(texts[i]) ||
            memcmp(v->ptr, texts[i], v->len) != 0) {
            printf("\n  %s[%d]: validity time %d differs", file, index, i);
            ok = 0;
        }
    }
    if (asn1rt_oid_to_text(&c->signatureAlgorithm.algorithm, oid, sizeof oid) != 0 || strcmp(oid, f->sig_oid) != 0) {
        printf("\n  %s[%d]: signature algorithm %s vs %s", file, index, oid, f->sig_oid);
        ok = 0;
    }
    if ((t->extensions_present ? (int)t->extensions.count : 0) != f->ext_count) {
        printf("\n  %s[%d]: extension count %zu vs %d", file, index, t->extensions.count, f->ext_count);
        ok = 0;
    }
    return ok;
}

static void one_cert(const char *path, int index, const uint8_t *der, size_t len, void *ctx)
{
    tally *t = ctx;
    static Certificate c, c2;
    static uint8_t buf[1 << 16];
    static x509_facts f;
    asn1rt_error err;
    const char *file = base(path);
    int ours = Certificate_decode_ex(&c, der, len, 0, &err);
    int theirs = x509_facts_get(der, len, &f);
    t->seen++;
    if (ours == 0) {
        size_t n;
        t->decoded++;
        if (Certificate_encode(&c, buf, sizeof buf, &n) != 0 || n != len || memcmp(buf, der, len) != 0 ||
            Certificate_encoded_len(&c) != len) {
            printf("\n  %s[%d]: re-encoding differs", file, index);
            t->mismatches++;
            return;
        }
        if (Certificate_check(&c) != 0 || Certificate_decode(&c2, buf, n) != 0 || !Certificate_equal(&c, &c2)) {
            printf("\n  %s[%d]: check/equal failed", file, index);
            t->mismatches++;
            return;
        }
    }
    if (ours == 0 && theirs == 0) {
        if (facts_agree(&c, &f, file, index))
            t->agreed++;
        else
            t->mismatches++;
    } else if (ours != 0 && theirs != 0) {
        t->both_reject++;
    } else if (ours != 0) {
        char p[256];
        int k;
        asn1rt_error_path(&err, p, sizeof p);
        for (k = 0; k < N_WE_REJECT; k++)
            if (strcmp(we_reject[k].file, file) == 0 && we_reject[k].index == index && we_reject[k].code == ours)
                break;
        if (t->check_ca || k == N_WE_REJECT) {
            printf("\n  %s[%d]: OpenSSL accepts, we reject: %d (%s) at %zu in %s", file, index, ours,
                   asn1rt_strerror(ours), err.offset, p);
            t->mismatches++;
        } else {
            t->we_reject_known++;
        }
    } else {
        printf("\n  %s[%d]: we accept, OpenSSL rejects", file, index);
        t->mismatches++;
    }
}

static void test_ca_bundle(void)
{
    tally t = { 0 };
    t.check_ca = 1;
    CU_ASSERT(x509_for_each_cert(CA_BUNDLE, one_cert, &t) > 0);
    printf("\n  %s: %d certificates, %d decoded and re-encoded, %d agree with OpenSSL ", CA_BUNDLE, t.seen,
           t.decoded, t.agreed);
    CU_ASSERT(t.seen > 100);
    CU_ASSERT_EQUAL(t.decoded, t.seen);
    CU_ASSERT_EQUAL(t.agreed, t.seen);
    CU_ASSERT_EQUAL(t.mismatches, 0);
}

static void walk_dir(const char *dir, tally *t, int *files)
{
    struct dirent **ents;
    int n = scandir(dir, &ents, NULL, alphasort);   /* sorted: stable output */
    if (n < 0)
        return;
    for (int i = 0; i < n; i++) {
        const char *nm = ents[i]->d_name;
        size_t l = strlen(nm);
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, nm);
        if ((l > 4 && (strcmp(nm + l - 4, ".pem") == 0 || strcmp(nm + l - 4, ".der") == 0 ||
                       strcmp(nm + l - 4, ".crt") == 0))) {
            if (x509_for_each_cert(path, one_cert, t) >= 0)
                (*files)++;
        }
        free(ents[i]);
    }
    free(ents);
}

static void test_vectors(void)
{
    static const char *const dirs[] = { "", "/custom", "/custom/ca", "/ed25519", "/ed448", "/PKITS_data/certs" };
    tally t = { 0 };
    int files = 0;
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char d[512];
        snprintf(d, sizeof d, "%s%s", VECTORS, dirs[i]);
        walk_dir(d, &t, &files);
    }
    printf("\n  %s: %d files, %d certificates: %d decoded, %d agree with OpenSSL, %d rejected by both, "
           "%d rejected by strict DER only (listed in x509_known.inc) ", VECTORS, files, t.seen, t.decoded, t.agreed,
           t.both_reject, t.we_reject_known);
    CU_ASSERT(t.seen > 100);
    CU_ASSERT_EQUAL(t.mismatches, 0);
    CU_ASSERT_EQUAL(t.we_reject_known, N_WE_REJECT);
}

int main(void)
{
    static const cunit_test tests[] = {
        { "ca-certificates: decode, re-encode, OpenSSL differential", test_ca_bundle },
        { "cryptography_vectors x509: decode, re-encode, differential", test_vectors },
    };
    return CUNIT_MAIN("codegen-x509", tests, CU_BRM_VERBOSE);
}
