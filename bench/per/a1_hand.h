/* a1_hand.h — the hand-written UPER floor for X.691 A.1 (a1_hand.c). */
#ifndef A1_HAND_H
#define A1_HAND_H

#include <stddef.h>
#include <stdint.h>

#define A1H_STR_MAX 64
#define A1H_CHILDREN_MAX 8

typedef struct a1h_str { unsigned len; char s[A1H_STR_MAX]; } a1h_str;
typedef struct a1h_name { a1h_str given, initial, family; } a1h_name;
typedef struct a1h_child { a1h_name name; a1h_str date_of_birth; } a1h_child;
typedef struct a1h_record {
    a1h_name name;
    a1h_str title;
    int64_t number;
    a1h_str date_of_hire;
    a1h_name spouse;
    unsigned nchildren;
    a1h_child children[A1H_CHILDREN_MAX];
} a1h_record;

/* 0, or -1 when buf is too small. */
int a1h_encode(const a1h_record *r, uint8_t *buf, size_t cap, size_t *len);
/* 0, or -1 on a length beyond the arrays or input that runs out. */
int a1h_decode(a1h_record *out, const uint8_t *in, size_t len);

#endif
