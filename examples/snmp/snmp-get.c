/* snmp-get — an SNMP GetRequest over UDP on the C that asn1cc generates
 * from RFC 1157's module (schemas/snmp/rfc1157.asn, rfc1155.asn). It
 * prints each variable of the GetResponse as `snmpget -On` does
 * (`.1.3.6.1.2.1.1.5.0 = STRING: "name"`), so the two outputs can be
 * compared line for line (tests/ber/snmp.sh does).
 *
 *   snmp-get [-v 1|2c] [-c community] [-r retries] [-d] [-o RAW] [-e DER] HOST PORT OID...
 *   snmp-get [-d] [-e DER] --decode FILE
 *
 * -v 2c sends version 1 (SNMPv2c, RFC 1901): the message layout is
 * SNMPv1's, and so is a GetResponse without SNMPv2's exception values.
 * --decode reads one message from FILE instead of the network. -d tells
 * on stderr whether the reply was strict DER; -o writes the reply as
 * received to RAW, -e the reply re-encoded by Message_encode to DER (BER
 * in, DER out). -r is the number of sends after the first (default 2).
 *
 * Net-SNMP writes the lengths of its SEQUENCEs in a fixed two-octet long
 * form (0x82 0x00 0x2a where DER has 0x2a), so replies are decoded as BER
 * (Message_ber_decode); Message_decode, strict DER, only tells which.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "rfc1157_snmp.h"

#define SNMP_MAX_VARS 32
#define SNMP_MAX_MSG 65536        /* a UDP datagram's payload fits */
#define SNMP_TIMEOUT_MS 2000      /* per try, as snmpget's default 1 s x 5 tries, roughly */

static int report_der;
static const char *raw_path;  /* -o: the reply as received */
static const char *der_path;  /* -e: the reply re-encoded by Message_encode (DER) */

_Noreturn static void fail(const char *what, int code)
{
    fprintf(stderr, "snmp-get: %s: %s\n", what, asn1rt_strerror(code));
    exit(1);
}

/* Net-SNMP's quoting of a printable string: " and \ escaped. */
static void print_string(const asn1rt_view *s)
{
    size_t i;
    for (i = 0; i < s->len; i++)
        if (s->ptr[i] < 0x20 || s->ptr[i] > 0x7e)
            break;
    if (i < s->len) {
        /* Not text: Hex-STRING, as snmpget writes octets it cannot print
         * (it also breaks long ones into lines of 16; this does not). */
        fputs("Hex-STRING: ", stdout);
        for (i = 0; i < s->len; i++)
            printf("%02X ", s->ptr[i]);
        return;
    }
    fputs("STRING: \"", stdout);
    for (i = 0; i < s->len; i++) {
        if (s->ptr[i] == '"' || s->ptr[i] == '\\')
            putchar('\\');
        putchar(s->ptr[i]);
    }
    putchar('"');
}

static void print_oid(const asn1rt_view *oid)
{
    char text[512];
    if (asn1rt_oid_to_text(oid, text, sizeof text) != ASN1RT_OK)
        strcpy(text, "?");
    printf(".%s", text);
}

/* TimeTicks as Net-SNMP: "(ticks) [D day(s), ]H:MM:SS.cc". */
static void print_ticks(uint32_t t)
{
    uint32_t cs = t % 100, s = t / 100, days = s / 86400;
    printf("Timeticks: (%u) ", (unsigned)t);
    if (days > 0)
        printf("%u day%s, ", (unsigned)days, days == 1 ? "" : "s");
    printf("%u:%02u:%02u.%02u", (unsigned)(s % 86400 / 3600), (unsigned)(s % 3600 / 60), (unsigned)(s % 60),
           (unsigned)cs);
}

static void print_value(const ObjectSyntax *v)
{
    if (v->present == ObjectSyntax_PR_simple) {
        const SimpleSyntax *s = &v->u.simple;
        switch (s->present) {
        case SimpleSyntax_PR_number: printf("INTEGER: %lld", (long long)s->u.number); return;
        case SimpleSyntax_PR_string: print_string(&s->u.string); return;
        case SimpleSyntax_PR_object: fputs("OID: ", stdout); print_oid(&s->u.object); return;
        case SimpleSyntax_PR_empty: fputs("NULL", stdout); return;
        default: break;
        }
    } else if (v->present == ObjectSyntax_PR_application_wide) {
        const ApplicationSyntax *a = &v->u.application_wide;
        switch (a->present) {
        case ApplicationSyntax_PR_address: {
            const IpAddress *ip = &a->u.address.u.internet;
            printf("IpAddress: %u.%u.%u.%u", ip->ptr[0], ip->ptr[1], ip->ptr[2], ip->ptr[3]);
            return;
        }
        case ApplicationSyntax_PR_counter: printf("Counter32: %u", (unsigned)a->u.counter); return;
        case ApplicationSyntax_PR_gauge: printf("Gauge32: %u", (unsigned)a->u.gauge); return;
        case ApplicationSyntax_PR_ticks: print_ticks(a->u.ticks); return;
        case ApplicationSyntax_PR_arbitrary:
            fputs("Opaque: ", stdout);
            for (size_t i = 0; i < a->u.arbitrary.len; i++)
                printf("%02X ", a->u.arbitrary.ptr[i]);
            return;
        default: break;
        }
    }
    fputs("?", stdout);
}

/* RFC 1157 4.1.1 error-status names, as snmpget reports them. */
static const char *error_name(int64_t e)
{
    static const char *const names[] = {"noError", "tooBig", "noSuchName", "badValue", "readOnly", "genErr"};
    return e >= 0 && e < 6 ? names[e] : "error";
}

/* Decodes and prints one GetResponse; returns its exit status. */
static int print_response(const uint8_t *p, size_t n, int64_t expect_id)
{
    static uint8_t arena_buf[1 << 16];
    asn1rt_arena arena;
    asn1rt_error err;
    Message m;
    VarBindList_iter it;
    VarBind vb;
    int rc, der = Message_decode(&m, p, n) == ASN1RT_OK;
    if (asn1rt_arena_init(&arena, arena_buf, sizeof arena_buf) != ASN1RT_OK)
        return 1;
    rc = Message_ber_decode_ex(&m, p, n, &arena, 0, &err);
    if (rc != ASN1RT_OK) {
        fprintf(stderr, "snmp-get: reply: %s at octet %zu", asn1rt_strerror(rc), err.offset);
        for (unsigned i = err.path_len; i > 0; i--)
            fprintf(stderr, "%s%s", i == err.path_len ? " in " : ".", err.path[i - 1]);
        fputc('\n', stderr);
        return 1;
    }
    if (report_der)
        fprintf(stderr, "snmp-get: reply of %zu octets: %s\n", n, der ? "strict DER" : "BER, not DER");
    if (der_path != NULL) {
        /* BER in, DER out: the value's one DER encoding, whatever form it came in. */
        static uint8_t buf[SNMP_MAX_MSG];
        size_t len;
        FILE *f;
        if ((rc = Message_encode(&m, buf, sizeof buf, &len)) != ASN1RT_OK)
            fail("re-encoding the reply", rc);
        if ((f = fopen(der_path, "wb")) == NULL || fwrite(buf, 1, len, f) != len || fclose(f) != 0) {
            perror(der_path);
            return 1;
        }
    }
    if (m.data.present != PDUs_PR_get_response) {
        fprintf(stderr, "snmp-get: reply is not a GetResponse-PDU\n");
        return 1;
    }
    const PDU *pdu = &m.data.u.get_response;
    if (expect_id >= 0 && pdu->request_id != expect_id) {
        fprintf(stderr, "snmp-get: reply to request %lld, not %lld\n", (long long)pdu->request_id,
                (long long)expect_id);
        return 1;
    }
    if (pdu->error_status != 0) {
        printf("Error in packet\nReason: %s (index %lld)\n", error_name(pdu->error_status),
               (long long)pdu->error_index);
        return 2;
    }
    VarBindList_iter_init(&it, &pdu->variable_bindings);
    while (VarBindList_iter_next(&it, &vb)) {
        print_oid(&vb.name);
        fputs(" = ", stdout);
        print_value(&vb.value);
        putchar('\n');
    }
    return 0;
}

_Noreturn static void usage(void)
{
    fputs("usage: snmp-get [-v 1|2c] [-c community] [-r retries] [-d] [-o RAW] [-e DER] HOST PORT OID...\n"
          "       snmp-get [-d] [-e DER] --decode FILE\n",
          stderr);
    exit(2);
}

int main(int argc, char **argv)
{
    static uint8_t oids[SNMP_MAX_VARS][128];
    static VarBind binds[SNMP_MAX_VARS];
    static uint8_t out[SNMP_MAX_MSG], in[SNMP_MAX_MSG];
    const char *community = "public", *decode_file = NULL;
    int64_t version = 0;
    int retries = 2, i = 1;
    Message m;
    size_t len;
    int rc;

    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "-v") == 0 && i + 1 < argc) {
            const char *v = argv[++i];
            if (strcmp(v, "1") == 0)
                version = 0;
            else if (strcmp(v, "2c") == 0)
                version = 1;
            else
                usage();
        } else if (strcmp(argv[i], "-c") == 0 && i + 1 < argc)
            community = argv[++i];
        else if (strcmp(argv[i], "-r") == 0 && i + 1 < argc)
            retries = atoi(argv[++i]);
        else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            raw_path = argv[++i];
        else if (strcmp(argv[i], "-e") == 0 && i + 1 < argc)
            der_path = argv[++i];
        else if (strcmp(argv[i], "-d") == 0)
            report_der = 1;
        else if (strcmp(argv[i], "--decode") == 0 && i + 1 < argc)
            decode_file = argv[++i];
        else
            usage();
    }
    if (decode_file != NULL) {
        if (i != argc)
            usage();
        FILE *f = fopen(decode_file, "rb");
        if (f == NULL) {
            perror(decode_file);
            return 1;
        }
        len = fread(in, 1, sizeof in, f);
        fclose(f);
        return print_response(in, len, -1);
    }
    if (argc - i < 3 || argc - i - 2 > SNMP_MAX_VARS)
        usage();

    /* GetRequest-PDU: each name with an empty (NULL) value, RFC 1157 4.1.2. */
    size_t nvars = (size_t)(argc - i - 2);
    for (size_t k = 0; k < nvars; k++) {
        const char *t = argv[i + 2 + (int)k];
        size_t olen;
        if (*t == '.')
            t++;
        if ((rc = asn1rt_oid_from_text(t, oids[k], sizeof oids[k], &olen)) != ASN1RT_OK) {
            fprintf(stderr, "snmp-get: %s: not a dotted OID\n", argv[i + 2 + (int)k]);
            return 2;
        }
        VarBind_init(&binds[k]);
        binds[k].name.ptr = oids[k];
        binds[k].name.len = olen;
        binds[k].value.present = ObjectSyntax_PR_simple;
        binds[k].value.u.simple.present = SimpleSyntax_PR_empty;
    }
    int64_t request_id = (int64_t)(getpid() & 0x7fffffff);
    Message_init(&m);
    m.version = version;
    m.community.ptr = (const uint8_t *)community;
    m.community.len = strlen(community);
    m.data.present = PDUs_PR_get_request;
    m.data.u.get_request.request_id = request_id;
    m.data.u.get_request.error_status = 0;
    m.data.u.get_request.error_index = 0;
    m.data.u.get_request.variable_bindings.count = nvars;
    m.data.u.get_request.variable_bindings.items = binds;
    if ((rc = Message_encode(&m, out, sizeof out, &len)) != ASN1RT_OK)
        fail("encoding the GetRequest", rc);

    struct addrinfo hints, *ai;
    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_DGRAM;
    if ((rc = getaddrinfo(argv[i], argv[i + 1], &hints, &ai)) != 0) {
        fprintf(stderr, "snmp-get: %s:%s: %s\n", argv[i], argv[i + 1], gai_strerror(rc));
        return 1;
    }
    int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd < 0 || connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
        perror("snmp-get: socket");
        return 1;
    }
    freeaddrinfo(ai);
    /* UDP may lose the datagram: send again after each silent wait. */
    for (int attempt = 0; attempt <= retries; attempt++) {
        if (send(fd, out, len, 0) != (ssize_t)len) {
            perror("snmp-get: send");
            return 1;
        }
        struct pollfd p = {.fd = fd, .events = POLLIN};
        int ready = poll(&p, 1, SNMP_TIMEOUT_MS);
        if (ready < 0 && errno != EINTR) {
            perror("snmp-get: poll");
            return 1;
        }
        if (ready <= 0)
            continue;
        ssize_t got = recv(fd, in, sizeof in, 0);
        if (got < 0) {
            perror("snmp-get: recv");
            return 1;
        }
        close(fd);
        if (raw_path != NULL) {
            FILE *f = fopen(raw_path, "wb");
            if (f == NULL || fwrite(in, 1, (size_t)got, f) != (size_t)got || fclose(f) != 0) {
                perror(raw_path);
                return 1;
            }
        }
        return print_response(in, (size_t)got, request_id);
    }
    fprintf(stderr, "snmp-get: no response from %s:%s\n", argv[i], argv[i + 1]);
    return 1;
}
