/* cmap.h — the C mapping chosen by sema_cmap.c and printed by the emitters
 * (emit_c.c: what every encoding shares; emit_der.c: DER's and BER's codecs;
 * emit_oer.c, emit_per.c: OER's, UPER's and APER's).
 *
 * sema_cmap() decides, once, for every type the generator will print: its C
 * name and C type (INTEGER (0..200) -> uint8_t), the name of every function,
 * constant, enumerator and helper the output declares, its wire tags as
 * asn1rt tag expressions, the tags that announce it in a SEQUENCE (for
 * OPTIONAL), SIZE bounds, DEFAULT values as C expressions, and the order in
 * which types and SET components are printed. The emitters read these
 * records only: the fields marked "cmap internal" point into the AST for
 * sema_cmap.c's own use, and an emitter never follows them.
 * Kept beside asn1cc.h (which belongs to the front end) because only the
 * back end uses it; Type.cinfo / Component.cinfo / Module.cinfo point here.
 *
 * A new encoding rule adds an entry to CEnc, its function list (an enum
 * like CDerFn) and the suffixes of those functions (sema_cmap.c, enc_fns),
 * and an emitter compiler/emit_<rule>.c (emit.h says what it provides). */
#ifndef ASN1CC_CMAP_H
#define ASN1CC_CMAP_H

#include "asn1cc.h"

typedef enum CKind {
    CK_BOOL, CK_NULL,
    CK_INT,        /* native signed/unsigned C integer, range read as int64 */
    CK_UINT,       /* native uint64_t whose range exceeds INT64_MAX */
    CK_U128, CK_I128, /* asn1rt_u128 / asn1rt_i128: ranges beyond 64 bits */
    CK_BIGINT,     /* asn1rt_bigint view */
    CK_ENUM,       /* C enum (owner functions) */
    CK_OCTETS,     /* asn1rt_view of content (OCTET STRING, REAL, RELATIVE-OID, DATE...) */
    CK_STRING,     /* restricted character string, alphabet checked */
    CK_TIME,       /* UTCTime / GeneralizedTime text, DER form checked */
    CK_BITS,       /* asn1rt_bits */
    CK_OID,        /* asn1rt_view of content */
    CK_ANY,        /* asn1rt_view of a whole element (ANY, open type, recursive) */
    CK_SEQ, CK_SET, CK_CHOICE,
    CK_ARRAY,      /* SEQUENCE/SET OF with a small SIZE bound: { count; items[MAX]; } */
    CK_LIST,       /* SEQUENCE/SET OF otherwise: raw view + count, iterator, typed items */
} CKind;

typedef struct CNamed CNamed;

/* Encoding rules with a code generator. */
typedef enum CEnc { ENC_DER, ENC_OER, ENC_PER, ENC_BER, ENC_COUNT } CEnc;

/* Functions and constants every type has, whatever the encoding. */
typedef enum CFn {
    FN_INIT, FN_CHECK, FN_EQUAL, FN_PRINT,
    FN_MAX_ENCODED_SIZE,         /* the constant, printed where the bound is known */
    FN_ITER, FN_ITER_INIT, FN_ITER_NEXT,   /* a defining CK_LIST only */
    FN_LOAD_ITEMS,               /* CK_LIST: items from raw, in an arena */
    FN_COUNT
} CFn;

/* DER's functions of a type (emit_der.c). The _INL versions are the
 * always-inline copies that the entry points run (see emit_der.c). */
typedef enum CDerFn {
    DER_DECODE, DER_DECODE_PREFIX, DER_DECODE_EX, DER_ENCODED_LEN, DER_ENCODE,  /* public */
    DER_READ, DER_READ_INL, DER_WRITE,       /* static: the type with its own tags */
    DER_DEC, DER_DEC_INL, DER_ENC, DER_ENC_INL, DER_LEN,  /* defining types: value under a given tag */
    DER_ITEM, DER_ITEM_INL,                  /* defining CK_ARRAY / CK_LIST: one element */
    DER_FN_COUNT
} CDerFn;

/* OER's functions of a type (emit_oer.c, X.696 canonical OER). */
typedef enum COerFn {
    OER_DECODE, OER_DECODE_PREFIX, OER_DECODE_EX, OER_ENCODE,  /* public */
    OER_READ, OER_READ_INL, OER_WRITE,       /* static: the entry points' bodies */
    OER_DEC, OER_DEC_BODY, OER_ENC,          /* defining types (_dec_ counts the depth around _dec_body_) */
    OER_DEC_INL, OER_ENC_INL,                /* their inline copies (emit_oer.c, as DER's _inl_) */
    OER_FN_COUNT
} COerFn;

/* PER's functions of a type (emit_per.c, X.691): UPER and APER entry points
 * share one body per type, which the reader's and writer's aligned flag
 * steers. */
typedef enum CPerFn {
    UPER_DECODE, UPER_DECODE_EX, UPER_ENCODE,  /* public */
    APER_DECODE, APER_DECODE_EX, APER_ENCODE,
    PER_MAX_OCTETS,                          /* the constant, where the encoding is bounded */
    PER_READ, PER_WRITE,                     /* static: the entry points' bodies */
    PER_DEC, PER_ENC,                        /* defining types */
    PER_FN_COUNT
} CPerFn;

/* BER's decoders of a type (emit_der.c, emit_ber: DER's bodies printed
 * again over a BER-mode reader and an arena; encoding stays DER's). */
typedef enum CBerFn {
    BER_DECODE, BER_DECODE_PREFIX, BER_DECODE_EX,   /* public */
    BER_READ, BER_READ_INL,                  /* static: the type with its own tags */
    BER_DEC, BER_DEC_INL,                    /* defining types */
    BER_ITEM, BER_ITEM_INL,                  /* defining CK_ARRAY / CK_LIST: one element */
    BER_FN_COUNT
} CBerFn;

/* A named number, named bit or enumerator: its C constant. */
typedef struct CItem {
    const char *cname;       /* T_red */
    const char *asn1;        /* red (JER text) */
    const char *number;      /* decimal */
    bool ext;                /* an enumerator after the extension marker */
} CItem;

/* The mapping of one Type node (a component's type, an assignment's type). */
typedef struct CType {
    CKind kind;
    Type *node, *base;
    const char *ctype;       /* C type of a member holding this value */
    CNamed *owner;           /* structured kinds: whose _dec_/_enc_ functions handle the base */
    /* Wire: explicit wrappers (outermost first), then the value's own tag. */
    const char **wraps; int nwraps;   /* tag word expressions */
    const char *vtag;        /* tag word expression of the value, "0" when untagged CHOICE/ANY */
    /* Tags that can start this value (OPTIONAL presence); any_first: every tag. */
    uint32_t *first; int nfirst; bool any_first;
    const char **first_expr; /* first[i] as a tag word expression */
    /* CK_INT / CK_UINT */
    const char *lo, *hi;     /* C literals of the effective range */
    bool check_lo, check_hi; /* range narrower than the C type on that side */
    bool is_unsigned;
    /* CK_INT / CK_UINT: the exact set within lo..hi (X.680 50: a union has
     * holes), nset intervals of C literals; a bound is NULL where it is the
     * range's own, which is checked already. nset == 0: the range is exact. */
    const char **set_lo, **set_hi; int nset;
    /* SIZE (strings, OF): hi_set false = no upper bound */
    bool size_lo_set, size_hi_set; uint64_t size_lo, size_hi;
    /* The exact SIZE set within those bounds, as above (a bound of a
     * size_set_lo/hi pair is UINT64_MAX where it is the range's own). */
    uint64_t *size_set_lo, *size_set_hi; int nsize_set;
    unsigned universal;      /* CK_STRING / CK_TIME: ASN1RT_UT_* */
    const char *universal_name; /* that constant's name */
    bool named_bits;         /* CK_BITS with named bits: X.690 11.2.2 applies */
    bool fixed_size_bits;    /* CK_BITS with SIZE(n): JER prints a plain hex string */
    struct CType *elem;      /* CK_ARRAY / CK_LIST element */
    bool set_of;             /* CK_ARRAY / CK_LIST: SET OF (DER order) */
    bool max_known; uint64_t max_size; /* exact bound on the encoding, when finite */
    /* What OER (X.696) asks of the schema beyond DER's needs. */
    bool int_bounded;        /* CK_INT / CK_UINT: lo..hi is the type's own finite range, not --int64's */
    bool int_nonneg;         /* INTEGER with a non-extensible lower bound >= 0: X.696 10 unsigned forms */
    bool octet_string;       /* CK_OCTETS: an OCTET STRING (not REAL, RELATIVE-OID, a time type) */
    bool x690_content;       /* CK_OCTETS: REAL, RELATIVE-OID, TIME or an IRI type, whose OER is a length and X.690's content (not DATE, TIME-OF-DAY, DATE-TIME, DURATION) */
    bool per_content;        /* CK_OCTETS: REAL or RELATIVE-OID, whose PER is an unconstrained length and X.690's content (X.691 15.2, 25) */
    bool open_type;          /* CK_ANY: an open type or ANY (not a recursive reference, EXTERNAL, ...) */
    CNamed *recursive;       /* CK_ANY of a recursive reference: the type it names (NULL: unknown) */
    /* The single values (X.680 51.2) a value must be one of, when sema found
     * them exactly (has_single; nsingle may be 0): CK_BOOL / CK_ENUM, C
     * constants; CK_OCTETS, CK_STRING, CK_OID, CK_BITS, the content octets as
     * a C string literal of single_len[i] octets (CK_BITS: single_unused[i]). */
    bool has_single;
    const char **single; size_t *single_len; unsigned *single_unused; int nsingle;
    /* CK_SEQ / CK_SET: presence flags WITH COMPONENTS fixes (X.680 51.8):
     * member presence[i] (x_present) must be presence_want[i]. */
    const char **presence; bool *presence_want; int npresence;
    /* What PER (X.691 10) asks: the PER-visible root of the value and SIZE
     * constraints, whether they are extensible, and the permitted alphabet. */
    bool per_ext;            /* INTEGER: the value constraint has "..." */
    bool per_has_lo, per_has_hi; /* INTEGER root bounds (false: MIN / MAX) */
    bool per_wide;           /* a root bound beyond int64_t / uint64_t */
    const char *per_lo, *per_hi; /* their C literals (UINT64_C(..) when above INT64_MAX) */
    bool per_size_ext;       /* SIZE with "..." */
    bool per_size_has_hi; uint64_t per_size_lo, per_size_hi; /* root SIZE (lo 0 without one) */
    const uint8_t *alphabet; /* CK_STRING: FROM, bit c of alphabet[c / 8] (16 octets); NULL: the whole */
} CType;

typedef struct CComp {
    Component *comp;         /* cmap internal */
    const char *name;        /* C member name */
    const char *asn1;        /* ASN.1 identifier (JER name, error paths) */
    const char *present;     /* OPTIONAL: the presence flag member, x_present */
    const char *pr;          /* CHOICE alternative: its T_PR_x constant */
    CType *ct;
    bool optional;           /* OPTIONAL or extension addition: presence flag */
    bool has_default;
    const char *default_expr;     /* C expression of the default value */
    const char *default_decl;     /* static definitions it needs (bytes), or NULL */
    bool has_member;         /* false for NULL (presence only) */
    int ext_index;           /* extension addition: its bit in OER's presence bitmap; -1 in the root */
    bool ext_group;          /* in an extension addition group [[ ]] (which shares one bit) */
    bool group_optional;     /* ext_group: OPTIONAL or DEFAULT inside its group (a bit of the group's preamble) */
    bool own_optional;       /* OPTIONAL in the schema (an addition's presence flag is there either way) */
    int alt_index;           /* CHOICE: PER's index, in canonical tag order among the root or the additions */
} CComp;

struct CNamed {
    const char *cname;       /* typedef name, prefix included */
    Type *type;              /* cmap internal: the node this name is for */
    CType *ct;               /* mapping of `type` */
    Module *module;          /* cmap internal: the module whose files print it */
    struct CModule *home;    /* that module's mapping */
    Assignment *assign;      /* cmap internal; NULL for an inner type hoisted out of its parent */
    const char *path;        /* "Outer.field" for hoisted types */
    const char *asn1;        /* ASN.1 name (assignment) or path (hoisted), for messages */
    Loc loc;                 /* where messages about it point (an emitter's diagnostics) */
    const char *fuzz_base;   /* the ASN.1 name with '-' as '_' (fuzz harness file name) */
    const char *fn[FN_COUNT];          /* NULL where the type has no such function */
    const char **enc_fn[ENC_COUNT];    /* per encoding, indexed by its own enum (CDerFn) */
    const char *pr_type, *pr_nothing, *pr_unknown; /* CHOICE: T_PR, T_PR_NOTHING, T_PR_UNKNOWN (extensible) */
    CItem *items; int nitems;          /* enumerators (defining CK_ENUM), named numbers or bits (assignments) */
    enum { ITEMS_NONE, ITEMS_ENUM, ITEMS_NUMBERS, ITEMS_BITS } items_kind;
    int root_dense;          /* ITEMS_ENUM: n when the root's enumerators are numbered exactly 0..n-1, else 0 */
    const char *enum_empty;  /* CK_ENUM without items: the placeholder enumerator */
    bool defines;            /* this name carries the struct/enum of ct->base (else a typedef) */
    CComp **comps; int ncomps;     /* SEQ / SET (in definition order) / CHOICE */
    int *set_order;          /* SET: component indexes in DER (tag) order */
    bool extensible;
    bool max_total_known; uint64_t max_total; /* T_MAX_ENCODED_SIZE */
    const char *src;         /* ASN.1 text of the assignment, for the block comment */
    int state;               /* ordering (internal) */
};

typedef struct CValue {      /* emitted value assignment (OIDs, integers) */
    Assignment *assign;      /* cmap internal */
    const char *cname;
    const char *equal_fn;    /* OID: cname_equal */
    const char *bytes_name;  /* OID: the content octets array */
    bool is_oid;
    uint8_t *oid_bytes; size_t oid_len;
    const char *oid_text;
    const char *int_literal;
    bool int_small;          /* fits int: an enum constant (usable in constant expressions) */
} CValue;

/* A decoder for an open type component identified through a table
 * constraint ({Set}{@id}): one alternative per object of the set. */
typedef struct COpenAlt {
    const char *name;        /* C name of the alternative (object name or index) */
    const char *kind;        /* its Owner_component_KIND_name constant */
    const char *member;      /* union member, NULL when the type carries no value (NULL) */
    CType *ct;               /* mapping of the object's type */
    const char *id_expr;     /* C expression true when the id component matches */
    const char *id_decl;     /* static definitions it needs, or NULL */
    /* the file-local decoder of its value, per rule: <decode_open>_alt<k>_ */
    const char *oer_fn, *per_fn[2];  /* OER's; UPER's, APER's */
} COpenAlt;

typedef struct COpen {
    CNamed *owner;           /* the SEQUENCE/SET holding both components */
    CComp *open, *id;
    const char *cname;       /* Owner_component: prefix of the helper's names */
    const char *kind_type, *kind_none, *open_type, *decode_open;  /* _KIND, _KIND_NONE, _open, _decode_open */
    const char *per_decode_open[2];  /* _uper_decode_open, _aper_decode_open (emit_per.c) */
    const char *oer_decode_open;     /* _oer_decode_open (emit_oer.c) */
    COpenAlt **alts; int nalts;
} COpen;

typedef struct CModule {
    const char *asn1;        /* the module's name */
    const char *src_file;    /* base name of the schema file it comes from */
    bool emit;               /* its files are written (given on the command line) */
    const char *file_base;   /* pkix1explicit88 */
    const char *header, *source;  /* pkix1explicit88.h, pkix1explicit88.c */
    const char *guard;       /* PKIX1EXPLICIT88_H */
    CNamed **types; int ntypes;   /* print order: dependencies first */
    CValue **values; int nvalues;
    struct CModule **imports; int nimports; /* modules whose headers this one includes */
    COpen **opens; int nopens;      /* open-type decoders, printed after the types */
} CModule;

/* What the emitters are given: every loaded module's mapping, in load order. */
typedef struct CMap {
    CModule **modules; int nmodules;
    Arena *arena;            /* the compilation's, for the emitters' strings */
} CMap;

/* Fills Module.cinfo / Type.cinfo / Component.cinfo for every module of c
 * and returns the mapping; diagnoses what the generator does not support.
 * NULL after errors. Module.from_cmdline says which modules are written. */
CMap *sema_cmap(Compilation *c);

/* --pdu: keeps in map only the types reachable from the comma-separated
 * PDU type names, T or Module.T (cmap_pdu.c says what reachable means);
 * --pdu-view names more (either list may be NULL) whose own table-
 * constrained open types stay views: no decoder, their object sets not
 * followed. false after an error at a name that is unknown or ambiguous. */
bool cmap_keep_pdus(CMap *map, const char *list, const char *views);

/* Options of the mapping (set by main.c before sema_cmap). */
extern unsigned cmap_array_limit;    /* SIZE upper bound up to which OF becomes an array */
extern bool cmap_int64;              /* --int64: unbounded INTEGER as int64_t */

#endif /* ASN1CC_CMAP_H */
