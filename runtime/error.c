/* Error codes and the error value carried to the user. */
#include <string.h>

#include "asn1rt/asn1rt.h"

const char *asn1rt_strerror(int code)
{
    switch ((asn1rt_code)code) {
    case ASN1RT_OK: return "success";
    case ASN1RT_E_ARG: return "invalid argument";
    case ASN1RT_E_BUFFER_TOO_SMALL: return "output buffer too small";
    case ASN1RT_E_ARENA_FULL: return "arena full";
    case ASN1RT_E_TRUNCATED: return "element runs past the end of its input";
    case ASN1RT_E_INDEFINITE_LENGTH: return "indefinite length (not DER)";
    case ASN1RT_E_LENGTH_NOT_MINIMAL: return "length not in minimal form";
    case ASN1RT_E_LENGTH_TOO_LARGE: return "length too large";
    case ASN1RT_E_TAG_NOT_MINIMAL: return "tag number not in minimal form";
    case ASN1RT_E_TAG_TOO_LARGE: return "tag number too large";
    case ASN1RT_E_UNEXPECTED_TAG: return "unexpected tag";
    case ASN1RT_E_DEPTH: return "nesting too deep";
    case ASN1RT_E_TRAILING_DATA: return "trailing data";
    case ASN1RT_E_CONSTRUCTED: return "constructed encoding where DER requires primitive";
    case ASN1RT_E_PRIMITIVE: return "primitive encoding where constructed is required";
    case ASN1RT_E_INTEGER_EMPTY: return "INTEGER with no content octets";
    case ASN1RT_E_INTEGER_NOT_MINIMAL: return "INTEGER not in minimal form";
    case ASN1RT_E_INTEGER_RANGE: return "INTEGER out of range for its type";
    case ASN1RT_E_BOOLEAN_LENGTH: return "BOOLEAN length is not 1";
    case ASN1RT_E_BOOLEAN_VALUE: return "BOOLEAN other than 0x00 or 0xFF";
    case ASN1RT_E_NULL_CONTENT: return "NULL with content";
    case ASN1RT_E_BITSTRING_EMPTY: return "BIT STRING without unused-bits octet";
    case ASN1RT_E_BITSTRING_UNUSED: return "BIT STRING unused-bits count invalid";
    case ASN1RT_E_BITSTRING_PADDING: return "BIT STRING padding bits not zero";
    case ASN1RT_E_OID_EMPTY: return "OBJECT IDENTIFIER with no content octets";
    case ASN1RT_E_OID_NOT_MINIMAL: return "OBJECT IDENTIFIER arc not in minimal form";
    case ASN1RT_E_OID_TRUNCATED: return "OBJECT IDENTIFIER ends inside an arc";
    case ASN1RT_E_OID_ARC_TOO_LARGE: return "OBJECT IDENTIFIER arc too large";
    case ASN1RT_E_TIME_FORMAT: return "time not in DER form";
    case ASN1RT_E_TIME_VALUE: return "time field out of range";
    case ASN1RT_E_STRING_ALPHABET: return "character outside the string type's alphabet";
    case ASN1RT_E_STRING_UTF8: return "invalid UTF-8";
    case ASN1RT_E_STRING_LENGTH: return "string length not a multiple of the character size";
    case ASN1RT_E_ENUM_VALUE: return "ENUMERATED value not in the list";
    case ASN1RT_E_REAL: return "REAL encoding not supported";
    case ASN1RT_E_BITSTRING_TRAILING_ZERO: return "named-bit BIT STRING has trailing zero bits";
    case ASN1RT_E_MISSING_COMPONENT: return "required component missing";
    case ASN1RT_E_UNKNOWN_COMPONENT: return "unknown component";
    case ASN1RT_E_DEFAULT_ENCODED: return "DEFAULT value encoded";
    case ASN1RT_E_SET_ORDER: return "SET elements not in DER order";
    case ASN1RT_E_DUPLICATE_COMPONENT: return "duplicate SET component";
    case ASN1RT_E_NO_ALTERNATIVE: return "no CHOICE alternative has this tag";
    case ASN1RT_E_SIZE_CONSTRAINT: return "size constraint violated";
    case ASN1RT_E_VALUE_CONSTRAINT: return "value constraint violated";
    case ASN1RT_E_TOO_MANY_ITEMS: return "too many items";
    case ASN1RT_E_BAD_CHOICE: return "invalid CHOICE discriminant";
    case ASN1RT_E_UNKNOWN_OPEN_TYPE: return "unknown open type";
    case ASN1RT_E_PER_PADDING: return "PER padding bits not zero";
    case ASN1RT_E_PER_FRAGMENT: return "invalid PER length fragment";
    case ASN1RT_E_OER_PADDING: return "OER preamble or bitmap padding bits not zero";
    case ASN1RT_E_OER_ENUM_FORM: return "OER ENUMERATED 0..127 in the long form";
    case ASN1RT_E_OER_EXTENSIONS: return "OER extension presence bitmap empty or all zero";
    case ASN1RT_E_NEED_MORE: return "element not whole yet: more input needed";
    case ASN1RT_E_INDEFINITE_PRIMITIVE: return "indefinite length on a primitive encoding";
    case ASN1RT_E_UNEXPECTED_EOC: return "end-of-contents where no indefinite length is open";
    case ASN1RT_E_SEGMENT_TAG: return "constructed string segment with the wrong tag";
    }
    return "unknown error";
}

void asn1rt_error_clear(asn1rt_error *err)
{
    if (err != NULL)
        memset(err, 0, sizeof *err);
}

void asn1rt_error_push(asn1rt_error *err, const char *component)
{
    if (err == NULL || component == NULL)
        return;
    if (err->path_len < ASN1RT_PATH_MAX)
        err->path[err->path_len++] = component;
    else
        err->path_truncated = true;   /* outer names are dropped */
}

size_t asn1rt_error_path(const asn1rt_error *err, char *buf, size_t cap)
{
    size_t need = 0;
    if (buf != NULL && cap > 0)
        buf[0] = '\0';
    if (err == NULL)
        return 0;
    /* Appends s, counting what does not fit, like snprintf. */
#define PUT(s) do { \
        const char *s_ = (s); size_t l_ = strlen(s_); \
        if (buf != NULL && need < cap) { \
            size_t k_ = cap - 1 - need < l_ ? cap - 1 - need : l_; \
            memcpy(buf + need, s_, k_); buf[need + k_] = '\0'; \
        } \
        need += l_; \
    } while (0)
    if (err->path_truncated)
        PUT("...");
    for (unsigned i = err->path_len; i-- > 0;) {
        if (i + 1 != err->path_len)
            PUT(".");
        PUT(err->path[i]);
    }
#undef PUT
    return need;
}
