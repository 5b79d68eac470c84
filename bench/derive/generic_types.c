/* Descriptors of the derive messages for the generic codec (generic.h). */
#include "generic.h"

#include <stddef.h>

#define CTX(n)      ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 0, n)
#define CTX_CONS(n) ASN1RT_TAG(ASN1RT_CLASS_CONTEXT, 1, n)
#define SEQ_TAG     ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 1, ASN1RT_UT_SEQUENCE)
#define INT_TAG     ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_INTEGER)
#define MEMBER_SIZE(T, m) sizeof(((T *)0)->m)

static const generic_field simple_fields[] = {
    { .tag = CTX(0), .kind = GENERIC_UINT, .width = MEMBER_SIZE(DeriveSimple, id),
      .offset = offsetof(DeriveSimple, id), .lo = 0, .hi = UINT32_MAX },
    { .tag = CTX(1), .kind = GENERIC_BOOL, .offset = offsetof(DeriveSimple, active) },
    { .tag = CTX(2), .kind = GENERIC_OCTETS, .offset = offsetof(DeriveSimple, payload),
      .lo = 0, .hi = INT64_MAX },
};

const generic_type generic_DeriveSimple = {
    "DeriveSimple", SEQ_TAG, sizeof simple_fields / sizeof simple_fields[0], simple_fields
};

static const generic_field header_fields[] = {
    { .tag = CTX(0), .kind = GENERIC_UINT, .width = MEMBER_SIZE(DeriveMessage_header, kind),
      .offset = offsetof(DeriveMessage_header, kind), .lo = 0, .hi = 65535 },
    { .tag = CTX(1), .kind = GENERIC_BITS, .flags = GENERIC_OPTIONAL,
      .offset = offsetof(DeriveMessage_header, flags),
      .present = offsetof(DeriveMessage_header, flags_present), .lo = 0, .hi = 32 },
    { .tag = CTX(2), .kind = GENERIC_UINT, .width = MEMBER_SIZE(DeriveMessage_header, ttl),
      .flags = GENERIC_DEFAULT, .offset = offsetof(DeriveMessage_header, ttl),
      .lo = 0, .hi = 86400, .dflt = 3600 },
};

static const generic_type header_type = {
    "DeriveMessage.header", CTX_CONS(6), sizeof header_fields / sizeof header_fields[0],
    header_fields
};

static const generic_field tag_item = {
    .tag = INT_TAG, .kind = GENERIC_UINT, .width = MEMBER_SIZE(DeriveMessage, tags.items[0]),
    .lo = 0, .hi = 65535
};

static const generic_field message_fields[] = {
    { .tag = CTX(0), .kind = GENERIC_UINT, .width = MEMBER_SIZE(DeriveMessage, version),
      .flags = GENERIC_DEFAULT, .offset = offsetof(DeriveMessage, version),
      .lo = 0, .hi = 255, .dflt = 0 },
    { .tag = CTX(1), .kind = GENERIC_UINT, .width = MEMBER_SIZE(DeriveMessage, messageId),
      .offset = offsetof(DeriveMessage, messageId), .lo = 0, .hi = UINT32_MAX },
    { .tag = CTX(2), .kind = GENERIC_OCTETS, .offset = offsetof(DeriveMessage, sender),
      .lo = 1, .hi = 64 },
    { .tag = CTX(3), .kind = GENERIC_OCTETS, .offset = offsetof(DeriveMessage, recipient),
      .lo = 1, .hi = 64 },
    { .tag = CTX(4), .kind = GENERIC_INT, .width = MEMBER_SIZE(DeriveMessage, timestamp),
      .offset = offsetof(DeriveMessage, timestamp), .lo = INT64_MIN, .hi = INT64_MAX },
    { .tag = CTX(5), .kind = GENERIC_ENUM, .width = MEMBER_SIZE(DeriveMessage, priority),
      .flags = GENERIC_DEFAULT, .offset = offsetof(DeriveMessage, priority),
      .lo = 0, .hi = 2, .dflt = 1 },
    { .tag = CTX_CONS(6), .kind = GENERIC_SEQUENCE, .offset = offsetof(DeriveMessage, header),
      .sub = &header_type },
    { .tag = CTX(7), .kind = GENERIC_OCTETS, .offset = offsetof(DeriveMessage, body),
      .lo = 0, .hi = INT64_MAX },
    { .tag = CTX(8), .kind = GENERIC_OCTETS, .flags = GENERIC_OPTIONAL,
      .offset = offsetof(DeriveMessage, signature),
      .present = offsetof(DeriveMessage, signature_present), .lo = 64, .hi = 64 },
    { .tag = CTX_CONS(9), .kind = GENERIC_SEQ_OF, .width = MEMBER_SIZE(DeriveMessage, tags.count),
      .offset = offsetof(DeriveMessage, tags.count), .elem = &tag_item,
      .max = sizeof(((DeriveMessage *)0)->tags.items) / sizeof(((DeriveMessage *)0)->tags.items[0]),
      .items = offsetof(DeriveMessage, tags.items) - offsetof(DeriveMessage, tags.count) },
};

const generic_type generic_DeriveMessage = {
    "DeriveMessage", SEQ_TAG, sizeof message_fields / sizeof message_fields[0], message_fields
};
