/* ldap-search — a small LDAP client on the C that asn1cc generates from
 * RFC 4511's module (schemas/ldap/rfc4511.asn). It binds (simple or
 * anonymous), sends one SearchRequest over TCP, frames each reply with
 * asn1rt_element_size, decodes it as an LDAPMessage and prints the
 * entries as LDIF, as `ldapsearch -LLL -o ldif-wrap=no` does, so the two
 * outputs can be compared byte for byte (tests/ber/ldap.sh does).
 *
 *   ldap-search [-D binddn -w password] [-s base|one|sub] [-v] [-o RAW] [-e DER]
 *               HOST PORT BASE [FILTER [ATTR...]]
 *   ldap-search --decode FILE [--chunk N] [-v] [-e DER]
 *
 * FILTER is `attr=value` (equalityMatch) or `attr=*` (present), with or
 * without parentheses; the default is (objectClass=*). --decode reads
 * LDAP messages as a server would send them, one after another, from FILE
 * instead of a socket, and prints the entries the same way; --chunk N
 * reads at most N octets at a time, so that framing meets partial
 * headers and contents as a slow network delivers them. -v tells on
 * stderr how many messages were strict DER and how many needed BER; -o
 * writes the replies as received to RAW (a file --decode reads), -e each
 * reply re-encoded by LDAPMessage_encode to DER (BER in, DER out).
 *
 * Servers do not write DER: OpenLDAP sends SET OF values in the order
 * they were stored, Active Directory 4-octet lengths (0x84). So replies
 * are decoded as BER (LDAPMessage_ber_decode); LDAPMessage_decode, strict
 * DER, is tried first only to count them.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lightweight_directory_access_protocol_v3.h"

/* Whole messages are framed in this buffer; a larger one is an error. */
#define LDAP_BUF_CAP (1u << 20)
/* Storage for BER's joined constructed strings, reset per message. */
#define LDAP_ARENA_CAP (1u << 20)
/* No reply within this many milliseconds ends the search. */
#define LDAP_TIMEOUT_MS 10000

typedef struct ldap_source {
    int fd;              /* socket or file */
    int is_socket;       /* wait with poll() before reading */
    size_t chunk;        /* at most this many octets per read; 0: no limit */
    uint8_t *buf;
    size_t start, have;  /* unread octets are buf[start..have) */
} ldap_source;

typedef struct ldap_stats {
    unsigned messages, der, entries;
} ldap_stats;

static int verbose;
static FILE *raw_out;  /* -o: the replies as received */
static FILE *der_out;  /* -e: the replies re-encoded by LDAPMessage_encode (DER) */

_Noreturn static void fail(const char *what, int code)
{
    fprintf(stderr, "ldap-search: %s: %s\n", what, asn1rt_strerror(code));
    exit(1);
}

/* The next whole BER element of src in *msg: asn1rt_element_size says how
 * many octets it needs, and we read until they are there. Returns 0, or
 * 1 at a clean end of input between messages. */
static int next_message(ldap_source *src, const uint8_t **msg, size_t *len)
{
    for (;;) {
        size_t total = 0;
        size_t avail = src->have - src->start;
        int rc = avail == 0 ? ASN1RT_E_NEED_MORE : asn1rt_element_size(src->buf + src->start, avail, &total);
        if (avail == 0)
            total = 1;
        if (rc == ASN1RT_OK) {
            *msg = src->buf + src->start;
            *len = total;
            src->start += total;
            return 0;
        }
        if (rc != ASN1RT_E_NEED_MORE) {
            fprintf(stderr, "ldap-search: bad message header at octet %zu of the message\n", total);
            fail("framing", rc);
        }
        if (total > LDAP_BUF_CAP) {
            fprintf(stderr, "ldap-search: a message of %zu octets does not fit the %u-octet buffer\n", total,
                    LDAP_BUF_CAP);
            exit(1);
        }
        if (src->start + total > LDAP_BUF_CAP) {  /* room for it: move the partial message to the front */
            memmove(src->buf, src->buf + src->start, avail);
            src->have = avail;
            src->start = 0;
        }
        if (src->is_socket) {
            struct pollfd p = {.fd = src->fd, .events = POLLIN};
            int n = poll(&p, 1, LDAP_TIMEOUT_MS);
            if (n == 0) {
                fprintf(stderr, "ldap-search: no reply within %d ms\n", LDAP_TIMEOUT_MS);
                exit(1);
            }
            if (n < 0) {
                perror("ldap-search: poll");
                exit(1);
            }
        }
        size_t room = LDAP_BUF_CAP - src->have;
        if (src->chunk != 0 && room > src->chunk)
            room = src->chunk;
        ssize_t got = read(src->fd, src->buf + src->have, room);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            perror("ldap-search: read");
            exit(1);
        }
        if (got == 0) {
            if (avail == 0)
                return 1;
            fprintf(stderr, "ldap-search: input ended inside a message (%zu of %zu octets)\n", avail, total);
            exit(1);
        }
        src->have += (size_t)got;
    }
}

/* One reply: strict DER if it is (counted), else BER. */
static void decode_message(LDAPMessage *m, const uint8_t *p, size_t n, asn1rt_arena *arena, ldap_stats *st)
{
    asn1rt_error err;
    int rc;
    st->messages++;
    if (raw_out != NULL && fwrite(p, 1, n, raw_out) != n) {
        perror("ldap-search: -o");
        exit(1);
    }
    asn1rt_arena_reset(arena, 0);  /* the previous message is done with */
    if (LDAPMessage_decode(m, p, n) == ASN1RT_OK) {
        st->der++;
    } else if ((rc = LDAPMessage_ber_decode_ex(m, p, n, arena, 0, &err)) != ASN1RT_OK) {
        fprintf(stderr, "ldap-search: message %u: %s at octet %zu", st->messages, asn1rt_strerror(rc), err.offset);
        for (unsigned i = err.path_len; i > 0; i--)
            fprintf(stderr, "%s%s", i == err.path_len ? " in " : ".", err.path[i - 1]);
        fputc('\n', stderr);
        exit(1);
    }
    if (der_out != NULL) {
        /* BER in, DER out: the value's one DER encoding, whatever form it came in. */
        static uint8_t der[LDAP_BUF_CAP];
        size_t len;
        if ((rc = LDAPMessage_encode(m, der, sizeof der, &len)) != ASN1RT_OK)
            fail("re-encoding a reply", rc);
        if (fwrite(der, 1, len, der_out) != len) {
            perror("ldap-search: -e");
            exit(1);
        }
    }
}

/* RFC 2849 SAFE-STRING: else the value is written base64 after "::". */
static int ldif_safe(const uint8_t *p, size_t n)
{
    if (n == 0)
        return 1;
    if (p[0] == ' ' || p[0] == ':' || p[0] == '<' || p[n - 1] == ' ')
        return 0;
    for (size_t i = 0; i < n; i++)
        if (p[i] == 0 || p[i] == '\n' || p[i] == '\r' || p[i] > 127)
            return 0;
    return 1;
}

static void print_base64(const uint8_t *p, size_t n)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)p[i] << 16;
        if (i + 1 < n)
            v |= (uint32_t)p[i + 1] << 8;
        if (i + 2 < n)
            v |= p[i + 2];
        putchar(digits[v >> 18 & 63]);
        putchar(digits[v >> 12 & 63]);
        putchar(i + 1 < n ? digits[v >> 6 & 63] : '=');
        putchar(i + 2 < n ? digits[v & 63] : '=');
    }
}

/* Attributes whose values ldapsearch writes base64 whatever they hold
 * (libldap's ldif.c does so for passwords). */
static int always_base64(const asn1rt_view *name)
{
    static const char *const names[] = {"userPassword", "2.5.4.35"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (name->len == strlen(names[i]) && strncasecmp((const char *)name->ptr, names[i], name->len) == 0)
            return 1;
    return 0;
}

static void print_ldif_line(const asn1rt_view *name, const uint8_t *v, size_t n)
{
    fwrite(name->ptr, 1, name->len, stdout);
    if (!always_base64(name) && ldif_safe(v, n)) {
        fputs(": ", stdout);
        fwrite(v, 1, n, stdout);
    } else {
        fputs(":: ", stdout);
        print_base64(v, n);
    }
    putchar('\n');
}

static void print_entry(const SearchResultEntry *e)
{
    static const asn1rt_view dn = {(const uint8_t *)"dn", 2};
    PartialAttributeList_iter it;
    PartialAttribute a;
    print_ldif_line(&dn, e->objectName.ptr, e->objectName.len);
    PartialAttributeList_iter_init(&it, &e->attributes);
    while (PartialAttributeList_iter_next(&it, &a)) {
        PartialAttribute_vals_iter vi;
        AttributeValue v;
        PartialAttribute_vals_iter_init(&vi, &a.vals);
        while (PartialAttribute_vals_iter_next(&vi, &v))
            print_ldif_line(&a.type, v.ptr, v.len);
    }
    putchar('\n');
}

static const char *result_name(LDAPResult_resultCode c)
{
    switch (c) {
    case LDAPResult_resultCode_success: return "success";
    case LDAPResult_resultCode_noSuchObject: return "noSuchObject";
    case LDAPResult_resultCode_invalidCredentials: return "invalidCredentials";
    case LDAPResult_resultCode_protocolError: return "protocolError";
    default: return "error";
    }
}

/* Replies to message `id` (0: every message of a --decode file) until the
 * one that ends it, a BindResponse or SearchResultDone; entries are
 * printed on the way. A result other than success exits. */
static void read_replies(ldap_source *src, uint32_t id, asn1rt_arena *arena, ldap_stats *st)
{
    for (;;) {
        const uint8_t *p;
        size_t n;
        LDAPMessage m;
        const LDAPResult *done = NULL;
        if (next_message(src, &p, &n) != 0) {
            if (id == 0)
                return;  /* --decode: the file's end */
            fprintf(stderr, "ldap-search: the server closed the connection\n");
            exit(1);
        }
        decode_message(&m, p, n, arena, st);
        if (id != 0 && m.messageID != id) {
            fprintf(stderr, "ldap-search: reply to message %u while waiting for %u\n", (unsigned)m.messageID,
                    (unsigned)id);
            exit(1);
        }
        switch (m.protocolOp.present) {
        case LDAPMessage_protocolOp_PR_searchResEntry:
            st->entries++;
            print_entry(&m.protocolOp.u.searchResEntry);
            continue;
        case LDAPMessage_protocolOp_PR_searchResRef:
            continue;  /* ldapsearch -LLL prints no references either */
        case LDAPMessage_protocolOp_PR_searchResDone:
            done = &m.protocolOp.u.searchResDone;
            break;
        case LDAPMessage_protocolOp_PR_bindResponse:
            if (m.protocolOp.u.bindResponse.resultCode != LDAPResult_resultCode_success) {
                fprintf(stderr, "ldap-search: bind: %s (%d)\n", result_name(m.protocolOp.u.bindResponse.resultCode),
                        (int)m.protocolOp.u.bindResponse.resultCode);
                exit(1);
            }
            if (id != 0)
                return;
            continue;
        default:
            fprintf(stderr, "ldap-search: unexpected protocolOp %d\n", (int)m.protocolOp.present);
            exit(1);
        }
        if (done->resultCode != LDAPResult_resultCode_success) {
            fprintf(stderr, "ldap-search: search: %s (%d) %.*s\n", result_name(done->resultCode),
                    (int)done->resultCode, (int)done->diagnosticMessage.len,
                    (const char *)done->diagnosticMessage.ptr);
            exit(1);
        }
        if (id != 0)
            return;
    }
}

static void send_message(int fd, const LDAPMessage *m)
{
    static uint8_t out[4096];
    size_t len, off = 0;
    int rc = LDAPMessage_encode(m, out, sizeof out, &len);
    if (rc != ASN1RT_OK)
        fail("encoding a request", rc);
    while (off < len) {
        ssize_t n = write(fd, out + off, len - off);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            perror("ldap-search: write");
            exit(1);
        }
        off += (size_t)n;
    }
}

static asn1rt_view text(const char *s)
{
    asn1rt_view v = {(const uint8_t *)s, strlen(s)};
    return v;
}

/* "attr=value" or "attr=*", parentheses optional, into f (views into s). */
static void parse_filter(char *s, Filter *f)
{
    size_t n = strlen(s);
    char *eq;
    if (n >= 2 && s[0] == '(' && s[n - 1] == ')') {
        s[n - 1] = '\0';
        s++;
    }
    eq = strchr(s, '=');
    if (eq == NULL || eq == s) {
        fprintf(stderr, "ldap-search: filter '%s': only attr=value and attr=* are understood\n", s);
        exit(2);
    }
    *eq = '\0';
    Filter_init(f);
    if (strcmp(eq + 1, "*") == 0) {
        f->present = Filter_PR_present;
        f->u.present = text(s);
    } else {
        f->present = Filter_PR_equalityMatch;
        f->u.equalityMatch.attributeDesc = text(s);
        f->u.equalityMatch.assertionValue = text(eq + 1);
    }
}

static int connect_to(const char *host, const char *port)
{
    struct addrinfo hints, *res, *ai;
    int fd = -1, rc;
    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_STREAM;
    if ((rc = getaddrinfo(host, port, &hints, &res)) != 0) {
        fprintf(stderr, "ldap-search: %s:%s: %s\n", host, port, gai_strerror(rc));
        exit(1);
    }
    for (ai = res; ai != NULL; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
        if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
            break;
        if (fd >= 0)
            close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    if (fd < 0) {
        fprintf(stderr, "ldap-search: cannot connect to %s:%s: %s\n", host, port, strerror(errno));
        exit(1);
    }
    return fd;
}

_Noreturn static void usage(void)
{
    fputs("usage: ldap-search [-D binddn -w password] [-s base|one|sub] [-v] [-o RAW] [-e DER] HOST PORT BASE [FILTER [ATTR...]]\n"
          "       ldap-search --decode FILE [--chunk N] [-v] [-e DER]\n",
          stderr);
    exit(2);
}

int main(int argc, char **argv)
{
    static uint8_t buf[LDAP_BUF_CAP];
    static uint8_t arena_buf[LDAP_ARENA_CAP];
    static LDAPString attrs[64];
    const char *binddn = "", *password = "", *decode_file = NULL;
    SearchRequest_scope scope = SearchRequest_scope_wholeSubtree;
    char default_filter[] = "(objectClass=*)";
    ldap_source src = {.fd = -1, .buf = buf};
    ldap_stats st = {0, 0, 0};
    asn1rt_arena arena;
    LDAPMessage m;
    int i = 1;

    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "-v") == 0)
            verbose = 1;
        else if (strcmp(argv[i], "--decode") == 0 && i + 1 < argc)
            decode_file = argv[++i];
        else if (strcmp(argv[i], "--chunk") == 0 && i + 1 < argc)
            src.chunk = (size_t)strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            if ((raw_out = fopen(argv[++i], "wb")) == NULL) {
                perror(argv[i]);
                return 1;
            }
        } else if (strcmp(argv[i], "-e") == 0 && i + 1 < argc) {
            if ((der_out = fopen(argv[++i], "wb")) == NULL) {
                perror(argv[i]);
                return 1;
            }
        } else if (strcmp(argv[i], "-D") == 0 && i + 1 < argc)
            binddn = argv[++i];
        else if (strcmp(argv[i], "-w") == 0 && i + 1 < argc)
            password = argv[++i];
        else if (strcmp(argv[i], "-s") == 0 && i + 1 < argc) {
            const char *s = argv[++i];
            if (strcmp(s, "base") == 0)
                scope = SearchRequest_scope_baseObject;
            else if (strcmp(s, "one") == 0)
                scope = SearchRequest_scope_singleLevel;
            else if (strcmp(s, "sub") == 0)
                scope = SearchRequest_scope_wholeSubtree;
            else
                usage();
        } else
            usage();
    }
    if (asn1rt_arena_init(&arena, arena_buf, sizeof arena_buf) != ASN1RT_OK)
        return 1;

    if (decode_file != NULL) {
        if (i != argc)
            usage();
        if ((src.fd = open(decode_file, O_RDONLY)) < 0) {
            perror(decode_file);
            return 1;
        }
        read_replies(&src, 0, &arena, &st);
        close(src.fd);
    } else {
        if (argc - i < 3 || argc - i - 4 > (int)(sizeof attrs / sizeof attrs[0]))
            usage();
        const char *host = argv[i], *port = argv[i + 1];
        src.fd = connect_to(host, port);
        src.is_socket = 1;

        /* BindRequest: version 3, simple authentication (anonymous when both are empty). */
        LDAPMessage_init(&m);
        m.messageID = 1;
        m.protocolOp.present = LDAPMessage_protocolOp_PR_bindRequest;
        m.protocolOp.u.bindRequest.version = 3;
        m.protocolOp.u.bindRequest.name = text(binddn);
        m.protocolOp.u.bindRequest.authentication.present = AuthenticationChoice_PR_simple;
        m.protocolOp.u.bindRequest.authentication.u.simple = text(password);
        send_message(src.fd, &m);
        read_replies(&src, 1, &arena, &st);

        LDAPMessage_init(&m);
        m.messageID = 2;
        m.protocolOp.present = LDAPMessage_protocolOp_PR_searchRequest;
        SearchRequest *sr = &m.protocolOp.u.searchRequest;
        sr->baseObject = text(argv[i + 2]);
        sr->scope = scope;
        sr->derefAliases = SearchRequest_derefAliases_neverDerefAliases;
        sr->sizeLimit = 0;
        sr->timeLimit = 0;
        sr->typesOnly = false;
        parse_filter(argc - i > 3 ? argv[i + 3] : default_filter, &sr->filter);
        for (int k = i + 4; k < argc; k++)
            attrs[k - i - 4] = text(argv[k]);
        sr->attributes.count = argc - i > 4 ? (size_t)(argc - i - 4) : 0;
        sr->attributes.items = attrs;
        send_message(src.fd, &m);
        read_replies(&src, 2, &arena, &st);

        LDAPMessage_init(&m);
        m.messageID = 3;
        m.protocolOp.present = LDAPMessage_protocolOp_PR_unbindRequest;
        send_message(src.fd, &m);
        close(src.fd);
    }
    if ((raw_out != NULL && fclose(raw_out) != 0) || (der_out != NULL && fclose(der_out) != 0)) {
        perror("ldap-search: -o/-e");
        return 1;
    }
    if (verbose)
        fprintf(stderr, "ldap-search: %u messages (%u strict DER, %u BER only), %u entries\n", st.messages, st.der,
                st.messages - st.der, st.entries);
    return 0;
}
