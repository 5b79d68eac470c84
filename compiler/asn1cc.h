/* asn1cc.h — the one internal header of the compiler: every type shared
 * between stages (tokens, AST, resolved AST, diagnostics, arena).
 *
 * Data flows one way; main.c runs the stages in this order:
 *   lexer.re     text       -> Token array (per file)
 *   parser.y     tokens     -> Module / Assignment / Type / Value nodes
 *   sema*.c      AST        -> the same nodes with their "sema:" fields filled
 *                              (its layers: "sema: layers" below)
 *   sema_cmap.c  resolved   -> the C mapping (cmap.h): every C type and name
 *   cmap_pdu.c   C mapping  -> the same, pruned to what --pdu types reach
 *   emit_*.c     C mapping  -> <module>.h/.c, fuzz harnesses (one EmitRule
 *                              per encoding rule, emit.h)
 *
 * Conventions: every node carries a Loc; lists are (pointer array, count)
 * pairs allocated in the arena; strings are NUL-terminated arena copies.
 * Fields marked "sema:" are zero after parsing and valid only once
 * sema_run() returned without errors. */
#ifndef ASN1CC_H
#define ASN1CC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Integers of the schema. 128 bits holds every 64-bit signed and unsigned
 * bound. An upper range bound up to 2^128-1 (u128) is kept exactly through
 * Range.hi_above / hi_u; other literals beyond AsnInt are a diagnosed limit. */
__extension__ typedef __int128 AsnInt;
__extension__ typedef unsigned __int128 AsnUInt;

/* Limits enforced with a diagnostic rather than a crash (documented in asn1cc.1). */
enum {
    LIMIT_INPUT_BYTES  = 64 * 1024 * 1024, /* per input file */
    LIMIT_NESTING      = 200,              /* nested types/values/constraints/braces */
    LIMIT_TAGS         = 32,               /* tags stacked on one type */
    LIMIT_INSTANTIATE  = 64,               /* nested parameterized instantiation depth */
    LIMIT_INSTANCE_ROUNDS = 64,            /* default of --instance-rounds */
    LIMIT_OID_ARCS     = 128,              /* arcs in one OBJECT IDENTIFIER value */
    LIMIT_REF_CHAIN    = 100000,           /* references followed from one node (stack bound) */
};

/* ---------------------------------------------------------------- arena */

typedef struct Arena Arena;
Arena *arena_new(void);
void  *arena_alloc(Arena *a, size_t n);          /* zeroed; never NULL (aborts on OOM) */
char  *arena_strndup(Arena *a, const char *s, size_t n);
char  *arena_strdup(Arena *a, const char *s);
char  *arena_printf(Arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void   arena_free(Arena *a);
size_t arena_bytes(const Arena *a);

/* Growable pointer array used while building lists; vec_finish() yields the
 * (items, count) pair stored in nodes. */
typedef struct Vec { void **items; int len, cap; } Vec;
void vec_push(Arena *a, Vec *v, void *item);

/* ---------------------------------------------------------------- source */

typedef struct SrcFile {
    const char *path;        /* as given or as found through -I */
    const char *text;        /* NUL-terminated contents */
    size_t      len;
    const int  *line_start;  /* byte offset of each line, for carets */
    int         nlines;
    int         index;       /* load order: sorts deferred diagnostics */
} SrcFile;

typedef struct Loc {
    const SrcFile *file;
    int line, col;           /* 1-based; col counts bytes */
} Loc;

/* ---------------------------------------------------------------- tokens */

/* Token kinds are bison's (parser.h, generated); T_EOF is 0. */
typedef struct Token {
    int         kind;
    Loc         loc;
    const char *text;        /* points into SrcFile.text */
    int         len;
} Token;

typedef struct TokenArray {
    Token *toks;
    int    n;                /* last is the end-of-input token */
} TokenArray;

/* A range of tokens kept unparsed: the contents of braces whose meaning
 * depends on a governor only sema knows (values, value sets, objects,
 * object sets, actual parameters). [begin, end) excludes the braces. */
typedef struct TokRange {
    const TokenArray *ta;
    int begin, end;
    Loc loc;                 /* of the opening brace */
} TokRange;

/* ---------------------------------------------------------------- AST */

typedef struct Compilation Compilation;
typedef struct Module Module;
typedef struct Assignment Assignment;
typedef struct Type Type;
typedef struct Value Value;
typedef struct Constraint Constraint;
typedef struct Component Component;
typedef struct NamedNumber NamedNumber;
typedef struct ClassDef ClassDef;
typedef struct ClassField ClassField;
typedef struct SyntaxItem SyntaxItem;
typedef struct Param Param;
typedef struct Import Import;
typedef struct Env Env;

typedef enum TagClass { TAG_UNIVERSAL, TAG_APPLICATION, TAG_CONTEXT, TAG_PRIVATE } TagClass;
typedef enum TagMode  { TAGMODE_DEFAULT, TAGMODE_IMPLICIT, TAGMODE_EXPLICIT } TagMode;
typedef enum TagDefault { TAGS_EXPLICIT, TAGS_IMPLICIT, TAGS_AUTOMATIC } TagDefault;

/* One tag as it appears on the wire. */
typedef struct Tag {
    TagClass cls;
    uint32_t number;
    /* true: this tag is a constructed wrapper around the next tag in the
     * chain (EXPLICIT); false: it is the value's own identifier. */
    bool explicit_wrap;
} Tag;

/* Syntactic tag "[APPLICATION 3] IMPLICIT". */
typedef struct TagSpec {
    Loc      loc;
    TagClass cls;            /* TAG_CONTEXT when no class keyword */
    Value   *number;         /* literal or value reference */
    TagMode  mode;
} TagSpec;

typedef enum StringKind {
    STR_BMP, STR_GENERAL, STR_GRAPHIC, STR_IA5, STR_ISO646, STR_NUMERIC,
    STR_PRINTABLE, STR_TELETEX, STR_T61, STR_UNIVERSAL, STR_UTF8,
    STR_VIDEOTEX, STR_VISIBLE,
    STR_OBJECT_DESCRIPTOR,   /* ObjectDescriptor: GraphicString, [UNIVERSAL 7] */
} StringKind;

typedef enum TypeKind {
    TY_BOOLEAN, TY_INTEGER, TY_ENUMERATED, TY_REAL, TY_BIT_STRING,
    TY_OCTET_STRING, TY_NULL, TY_OID, TY_RELATIVE_OID,
    TY_OID_IRI, TY_RELATIVE_OID_IRI, /* X.680 34, 35: values are IRI cstrings */
    TY_STRING,               /* restricted character strings: see str_kind */
    TY_UTC_TIME, TY_GENERALIZED_TIME,
    TY_DATE, TY_TIME_OF_DAY, TY_DATE_TIME, TY_DURATION, TY_TIME,
    TY_SEQUENCE, TY_SET, TY_CHOICE,
    TY_SEQUENCE_OF, TY_SET_OF,
    TY_ANY,                  /* ANY / ANY DEFINED BY: raw DER, see any_defined_by */
    TY_OPEN,                 /* open type (CLASS.&Type): raw DER */
    TY_EXTERNAL, TY_EMBEDDED_PDV, TY_CHARACTER_STRING, TY_INSTANCE_OF,
    TY_TAGGED,               /* [tag] inner */
    TY_REF,                  /* typereference, Module.Type, Param{...}: see ref_* */
    TY_SELECTION,            /* ident < Type */
    TY_FIELD,                /* CLASS.&field — sema resolves to what it denotes */
    TY_CLASS,                /* CLASS { ... } (only as an assignment's right side) */
    TY_TYPE_IDENTIFIER, TY_ABSTRACT_SYNTAX, /* predefined classes */
} TypeKind;

/* Effective range of an INTEGER value or of a SIZE. An extensible range
 * (X.680 50.3: "..." after the root) does not bound the C type: emitters check
 * `extensible` before narrowing. */
typedef struct Range {
    bool   present;          /* any constraint contributed */
    bool   has_lo, has_hi;   /* false: MIN / MAX (unbounded on that side) */
    AsnInt lo, hi;
    bool   extensible;
    bool   empty;            /* constraints exclude every value (an error for sema) */
    /* The upper bound exceeds AsnInt (hi is then AsnInt's maximum): its exact
     * value is hi_u (at most 2^128-1). */
    bool   hi_above;
    AsnUInt hi_u;
} Range;

/* The exact set a Range is the hull of (X.680 50: unions, intersections,
 * EXCEPT, ALL EXCEPT, serial application): n sorted, disjoint, non-adjacent
 * intervals lo[i]..hi[i]. n == 0 when nothing beyond the hull is to be
 * checked (the hull is exact, or the constraint is extensible). */
typedef struct IntSet {
    int n;
    AsnInt *lo, *hi;
} IntSet;

typedef enum ConstraintKind {
    C_SINGLE_VALUE,          /* value */
    C_RANGE,                 /* lo .. hi, with lo_open / hi_open for '<' */
    C_SIZE,                  /* SIZE sub */
    C_FROM,                  /* FROM sub (permitted alphabet) */
    C_TYPE,                  /* INCLUDES Type or contained subtype / value set reference */
    C_PATTERN,               /* PATTERN value */
    C_SETTINGS,              /* SETTINGS value (X.680 51.10, on TIME) */
    C_CONTAINING,            /* CONTAINING Type [ENCODED BY value] */
    C_ENCODED_BY,            /* ENCODED BY value alone */
    C_WITH_COMPONENT,        /* WITH COMPONENT sub */
    C_WITH_COMPONENTS,       /* WITH COMPONENTS { [...,] name (c) PRESENT ... } */
    C_UNION, C_INTERSECTION, C_EXCEPT, C_ALL_EXCEPT,
    C_EXTENSIBLE,            /* root , ... [, additions]: sub = root, sub2 = additions or NULL */
    C_BRACED,                /* { ... }: object set or braced value (table constraint) */
    C_RELATION,              /* {ObjectSet}{@a, @.b}: component relation */
    C_USER,                  /* CONSTRAINED BY { ... } */
} ConstraintKind;

typedef struct NamedConstraint {
    Loc loc;
    const char *name;
    Constraint *value_constraint;  /* NULL when absent */
    enum { PRESENCE_NONE, PRESENCE_PRESENT, PRESENCE_ABSENT, PRESENCE_OPTIONAL } presence;
} NamedConstraint;

struct Constraint {
    ConstraintKind kind;
    Loc loc;
    Constraint *sub, *sub2;        /* operands / inner constraint */
    Value *lo, *hi;                /* C_SINGLE_VALUE (lo), C_RANGE; NULL = MIN / MAX */
    bool lo_open, hi_open;         /* "lo<..", "..<hi" */
    Type *type;                    /* C_TYPE, C_CONTAINING */
    Value *value;                  /* C_PATTERN, C_ENCODED_BY, C_CONTAINING's ENCODED BY */
    TokRange braced;               /* C_BRACED, C_RELATION (object set), C_USER */
    TokRange relation;             /* C_RELATION: "@a, @.b" */
    NamedConstraint **named; int nnamed; bool partial; /* C_WITH_COMPONENTS */
    bool sema_enforced;            /* sema: C_WITH_COMPONENTS the generated code checks (presence only) */
    Value *exception;              /* "! value" */
    /* X.680 49: a constraint written after a type; several are intersected. */
    Constraint *next_serial;
};

struct NamedNumber {       /* INTEGER {a(1)}, BIT STRING {b(3)}, ENUMERATED {c(2)} */
    Loc loc;
    const char *name;
    Value *value;            /* NULL for an ENUMERATED item without number */
    bool is_extension;       /* ENUMERATED: after "..." */
    AsnInt number;           /* sema: resolved (ENUMERATED: assigned per X.680 20.3) */
};

struct Component {         /* SEQUENCE / SET / CHOICE element */
    Loc loc;
    const char *name;        /* NULL for COMPONENTS OF */
    Type *type;
    bool optional;
    Value *default_value;    /* NULL when no DEFAULT */
    bool components_of;      /* COMPONENTS OF type (expanded by sema) */
    bool is_extension;       /* after the first "..." (extension addition) */
    int  ext_group;          /* 0, or the 1-based number of its [[ ]] group */
    Value *group_version;    /* "[[2: ..." of its group, or NULL */
    /* sema: */
    bool from_components_of; /* copied in by COMPONENTS OF expansion */
    /* Fields for the code generator (sema_cmap.c); the front end never reads them. */
    const char *cname;
    void *cinfo;
};

typedef struct SyntaxItem {  /* WITH SYNTAX item */
    Loc loc;
    enum { SYN_WORD, SYN_FIELD, SYN_COMMA, SYN_OPTIONAL_GROUP } kind;
    const char *text;          /* word, or &field name */
    SyntaxItem **items; int nitems; /* SYN_OPTIONAL_GROUP */
} SyntaxItem;

typedef enum FieldKind {
    FK_TYPE,                 /* &Type [OPTIONAL | DEFAULT Type] */
    FK_FIXED_VALUE,          /* &id Type [UNIQUE] */
    FK_VARIABLE_VALUE,       /* &value &Type */
    FK_FIXED_VALUE_SET,      /* &Set Type */
    FK_VARIABLE_VALUE_SET,   /* &Set &Type */
    FK_OBJECT,               /* &obj CLASS (sema decides vs FK_FIXED_VALUE) */
    FK_OBJECT_SET,           /* &Set CLASS (sema decides vs FK_FIXED_VALUE_SET) */
} FieldKind;

struct ClassField {
    Loc loc;
    const char *name;        /* with the '&' */
    FieldKind kind;
    Type *type;              /* governor type / class, or NULL */
    const char *type_field;  /* FK_VARIABLE_*: "&Type" it depends on */
    bool unique, optional;
    Type *default_type;      /* FK_TYPE DEFAULT */
    Value *default_value;    /* value fields DEFAULT */
    TokRange default_set;    /* set fields DEFAULT { ... } */
};

struct ClassDef {
    Loc loc;
    ClassField **fields; int nfields;
    bool has_syntax;
    SyntaxItem **syntax; int nsyntax;
};

struct Type {
    TypeKind kind;
    Loc loc;

    /* TY_STRING */
    StringKind str_kind;
    /* TY_INTEGER, TY_BIT_STRING (named bits), TY_ENUMERATED (items) */
    NamedNumber **named; int nnamed;
    bool enum_extensible;    /* ENUMERATED with "..." */
    /* TY_SEQUENCE, TY_SET, TY_CHOICE */
    Component **comps; int ncomps;
    bool extensible;         /* "..." present (or EXTENSIBILITY IMPLIED) */
    Value *ext_exception;    /* "... ! value" */
    /* TY_SEQUENCE_OF, TY_SET_OF, TY_TAGGED, TY_SELECTION: the element / inner type */
    Type *inner;
    const char *elem_name;   /* SEQUENCE OF item Type */
    /* TY_TAGGED */
    TagSpec tag;
    /* TY_ANY */
    const char *any_defined_by; /* component name, or NULL */
    /* TY_REF: [module "."] name [ "{" actual parameters "}" ] */
    const char *ref_module;  /* NULL when not an external reference */
    const char *ref_name;
    TokRange *ref_actuals; int nref_actuals; /* one range per actual parameter */
    /* The governor of a value assignment may name an X.208 macro: 1 when it
     * may, 2 when the parser skipped the macro's notation after the name. */
    unsigned char macro_use;
    /* TY_SELECTION: selected alternative */
    const char *sel_name;
    /* TY_FIELD: class "." field path, e.g. EXTENSION.&id */
    Type *field_class;       /* a TY_REF / TY_TYPE_IDENTIFIER ... naming the class */
    const char **field_path; int nfield_path; /* also TY_REF: obj.&T (X.681 15.1 TypeFromObject) */
    /* TY_CLASS */
    ClassDef *cls;
    /* TY_INSTANCE_OF */
    Type *instance_class;

    /* Constraints written after this type (serial application, ANDed). */
    Constraint *constraints;

    /* ---- sema: ---- */
    /* TY_REF: the assignment referenced (its type may be another TY_REF);
     * for a parameterized reference, the instantiated copy (see
     * Compilation.instances). A reference to a formal parameter inside an
     * instance has ref_assign NULL and `inner` = the actual type. A
     * reference to a value set means its governor constrained by the set. */
    Assignment *ref_assign;
    /* Every type: the underlying builtin type (TY_TAGGED, TY_REF, TY_SELECTION,
     * TY_FIELD followed). Equals this node for builtin types. */
    Type *base;
    /* Wire tags, outermost first: tags[0] is the effective tag. ntags == 0
     * only for an untagged CHOICE, ANY or open type. */
    Tag *tags; int ntags;
    /* Effective INTEGER value range and SIZE range, folded over this node's
     * constraints and everything it references. */
    Range value_range;
    Range size_range;
    IntSet value_set, size_set;  /* the exact sets within those hulls */
    /* BOOLEAN, ENUMERATED, OID, RELATIVE-OID, OCTET / BIT STRING and
     * character string types (BMPString and UniversalString aside): the
     * single values (X.680 51.2) a value must be one of, when the
     * constraints of this node and those it references name them exactly
     * (has_singles; evaluated values, nsingles may be 0). SIZE and FROM
     * are not folded in: they are checked apart. */
    bool has_singles;
    Value **singles; int nsingles;
    /* SEQUENCE / SET: components WITH COMPONENTS makes PRESENT (want 1) or
     * ABSENT (want 0), from the constraints of this node and those it
     * references that say nothing else (no inner subtyping). */
    const char **presence_names; signed char *presence_want; int npresence;
    /* Effective permitted alphabet of a character string type (FROM, X.680
     * 51.7), folded like the ranges: bit c of alphabet[c / 8] (bit 0 the
     * least significant) set when character c (0..127) is permitted. Absent
     * (has_alphabet false) when no FROM applies, when one is extensible, or
     * when it names characters beyond ASCII. */
    bool has_alphabet;
    uint8_t alphabet[16];
    /* Table constraint on an open type or &id field: object set assignment and
     * the path after '@' ("extnID", "a.b", ".c"; NULL for a simple table
     * constraint or none). table_set is NULL when the set is not resolvable;
     * table_set->objects lists its objects, whose settings (object_field(o,
     * "&id"), "&Type"...) map identifier values to types. */
    Assignment *table_set;
    const char *table_at;
    /* Field of a class this TY_FIELD denotes (kind tells open type vs value). */
    ClassField *field;
    bool recursive;          /* participates in a cycle (through OF/OPTIONAL/CHOICE) */
    unsigned sema_flags;     /* sema internal: which passes ran on this node */
    Module *sema_module;     /* sema internal: module whose tag default applies */
    Env *sema_env;           /* sema internal: parameter bindings in force */

    /* Fields for the code generator (sema_cmap.c); the front end never reads them. */
    const char *cname;
    void *cinfo;
};

typedef enum ValueKind {
    V_INTEGER,               /* ival */
    V_REAL,                  /* text (as written) / rval */
    V_BOOLEAN,               /* bval */
    V_NULL,
    V_BSTRING, V_HSTRING,    /* text: digits only, whitespace removed */
    V_CSTRING,               /* text: contents, "" un-escaped */
    V_REF,                   /* [ref_module "."] ref_name, may be an enumerator/named number */
    V_CHOICE,                /* alt_name : inner */
    V_BRACED,                /* { ... } unparsed: braced */
    V_PLUS_INF, V_MINUS_INF, V_NAN,
    V_PARAM_REF,             /* valueref { actuals } */
    V_OPEN_TYPE,             /* open_type : inner (X.681 14.6, the value of an open type) */
    V_FROM_OBJECT,           /* [ref_module "."] ref_name "." fields: ValueFromObject (X.681 14.6) */
    V_CONTAINING,            /* CONTAINING inner (X.680 22.11, 23.4); eval'd: inner of the contained type */
    /* Produced by sema only (Value.eval): */
    V_OID,                   /* arcs */
    V_BITS,                  /* bytes, nbits */
    V_OCTETS,                /* bytes, nbytes */
    V_ENUM,                  /* text = identifier, ival = number */
    V_SEQUENCE,              /* items with item_names (SEQUENCE / SET value) */
    V_SEQUENCE_OF,           /* items (SEQUENCE OF / SET OF value) */
    V_QUADRUPLE,             /* { group, plane, row, cell } or { col, row } in a cstring list */
} ValueKind;

struct Value {
    ValueKind kind;
    Loc loc;
    AsnInt ival;
    bool big;                /* V_INTEGER literal above AsnInt's maximum: exact value in uval */
    AsnUInt uval;
    bool bval;
    const char *text;
    const char *ref_module, *ref_name;
    const char *alt_name;
    Value *inner;
    Type *open_type;         /* V_OPEN_TYPE: the type the value is of */
    TokRange braced;
    TokRange *actuals; int nactuals;
    const char **fields; Loc *field_locs; int nfields; /* V_FROM_OBJECT: "&a", "&b" */
    /* sema (in Value.eval nodes): */
    AsnInt *arcs; int narcs;             /* V_OID; a braced REAL: mantissa, base, exponent */
    uint8_t *bytes; size_t nbytes, nbits;/* V_BITS, V_OCTETS, V_CSTRING (UTF-8) */
    Value **items; const char **item_names; int nitems; /* V_SEQUENCE(_OF) */
    /* sema: the value evaluated against its governor: V_INTEGER, V_BOOLEAN,
     * V_NULL, V_REAL, V_OID, V_BITS, V_OCTETS, V_CSTRING, V_ENUM, V_SEQUENCE,
     * V_SEQUENCE_OF, V_CHOICE (with eval'd inner). NULL when not evaluated. */
    Value *eval;
    Type *governor;
    bool eval_done;          /* sema internal: evaluated (eval NULL after an error) */
};

struct Param {             /* formal parameter: [Governor :] Reference */
    Loc loc;
    Type *governor;          /* NULL: the parameter is a type (or class) */
    const char *name;
};

typedef enum AssignKind {
    A_TYPE,                  /* Name ::= Type */
    A_VALUE,                 /* name Type ::= Value */
    A_VALUE_SET,             /* Name Type ::= { ... } */
    A_CLASS,                 /* NAME ::= CLASS {...} (sema: from A_TYPE) */
    A_OBJECT,                /* name CLASS ::= { ... } (sema: from A_VALUE) */
    A_OBJECT_SET,            /* Name CLASS ::= { ... } (sema: from A_VALUE_SET) */
    A_MACRO,                 /* NAME MACRO ::= BEGIN ... END (X.208); rhs: the
                              * Type of its "VALUE NOTATION ::= value(VALUE Type)" */
} AssignKind;

/* sema: one field of an information object (X.681 11). */
typedef struct FieldSetting {
    Loc loc;
    ClassField *field;
    Type *type;              /* FK_TYPE: the type (resolved) */
    Value *value;            /* FK_FIXED_VALUE (evaluated), FK_VARIABLE_VALUE, FK_OBJECT */
    TokRange set;            /* FK_*_SET, FK_OBJECT_SET: the braces' contents as written */
} FieldSetting;

/* sema: an information object, from default or defined (WITH SYNTAX) syntax. */
typedef struct Object {
    Loc loc;
    ClassDef *cls;
    Assignment *assign;      /* the object assignment, or NULL for one written inline */
    FieldSetting **settings; int nsettings;   /* in the class's field order */
} Object;

struct Assignment {
    AssignKind kind;
    Loc loc;
    const char *name;
    Module *module;
    Param **params; int nparams;   /* parameterized assignment when nparams > 0 */
    Type *type;              /* A_TYPE, A_CLASS: the definition; others: governor/class */
    Value *value;            /* A_VALUE, A_OBJECT */
    TokRange set;            /* A_VALUE_SET, A_OBJECT_SET: contents of the braces */
    TokRange rhs;            /* parameterized: the right-hand side, re-parsed per instantiation */
    /* sema: */
    bool instance;           /* made by instantiating a parameterized assignment */
    signed char sema_class;  /* sema internal: 0 not yet known, 1 a class, -1 not */
    bool macro_parsed;       /* sema internal: A_MACRO's value type looked for */
    const char *inst_key;    /* sema internal: instance cache key */
    Env *inst_env;           /* instance: its parameter bindings */
    /* sema: A_VALUE_SET / A_OBJECT_SET: the body parsed as ElementSetSpecs
     * (NULL when empty or not parseable); a value set used as a type means
     * its governor constrained by this. */
    Constraint *set_elements;
    Type *sema_set_owner;    /* sema internal: what set_elements is read on (an instance's bindings) */
    /* sema: A_OBJECT: the object; A_OBJECT_SET: its objects, flattened through
     * referenced sets, in order (extensible when "..." appears). Objects of
     * sets written in other modules or as parameters are included when they
     * resolve; table constraints (Type.table_set) point here. */
    Object *object;
    Object **objects; int nobjects;
    bool objects_extensible;
    int objects_state;       /* sema internal: 1 while its objects are read, 2 after */
    /* sema internal: cycle guards, each true only while its step follows
     * this assignment, and its node in the recursion check. */
    bool class_busy;         /* sema_is_class (A ::= B, B ::= A) */
    bool value_busy;         /* its value is evaluated (a value naming itself) */
    int  graph_node;         /* sema_check_recursion: 1 + its node index, 0 when none */
    /* Fields for the code generator (sema_cmap.c); the front end never reads them. */
    const char *cname;
    void *cinfo;
};

typedef struct ImportSymbol {
    Loc loc;
    const char *name;
    bool parameterized;      /* written "Name{}" */
    Assignment *target;      /* sema: the definition it binds to */
    bool sema_failed;        /* sema internal: already reported as unresolvable */
    bool used;               /* sema: referred to from its module */
} ImportSymbol;

struct Import {
    Loc loc;
    const char *module_name;
    Value *module_oid;       /* V_BRACED or V_REF, or NULL */
    ImportSymbol **symbols; int nsymbols;
    Module *module;          /* sema: the module it names */
};

struct Module {
    Loc loc;
    const char *name;
    Value *oid;              /* DefinitiveIdentifier, V_BRACED, or NULL */
    TagDefault tag_default;
    bool extensibility_implied;
    bool exports_all;        /* no EXPORTS clause, or EXPORTS ALL */
    ImportSymbol **exports; int nexports;
    Import **imports; int nimports;
    Assignment **assigns; int nassigns;
    const SrcFile *file;
    bool from_cmdline;       /* given on the command line (emit it), not found via -I */
    /* sema: */
    void *symtab;            /* name -> Assignment (sema internal) */
    /* Fields for the code generator (sema_cmap.c); the front end never reads them. */
    const char *cname;
    void *cinfo;
};

/* ---------------------------------------------------------------- parser <-> ast.c
 * The parser's state and the constructors its one-line actions call. */

typedef struct CompItem CompItem;   /* component-list item before grouping (ast.c) */

typedef struct Parser {
    Compilation *c;
    Arena *a;
    const TokenArray *ta;
    int pos, end;            /* next token; end of the range */
    int start_token;         /* START_MODULES / START_TYPE / START_VALUE, sent first */
    bool started;
    bool from_cmdline;
    bool in_imports;         /* between IMPORTS and ';': AssignedIdentifier lookahead */
    int  syntax_state;       /* WITH SYNTAX {...}: "[[" / "]]" split into two tokens */
    int  pending;            /* second half of a split token, or 0 */
    int  nest;               /* modules: depth of { } and ( ) */
    Vec  macros;             /* modules: names defined by "NAME MACRO ::=" in the file */
    int  macro_state;        /* 1: the next token names a macro whose notation follows;
                              * 2: that name was returned, skip the notation */
    Loc  macro_name_loc;     /* the macro name before the last skipped notation */
    bool recovering;         /* after a syntax error: skip to the next assignment */
    int  err_pos;
    bool quiet;              /* object set bodies: failures are not reported */
    bool stop;               /* no recovery possible (end of input reached) */
    bool eof_returned;
    Loc last_err;
    int  nerrors;
    Module *mod;             /* module being parsed */
    Type *result_type;
    Value *result_value;
    Constraint *result_cons;
} Parser;

int  parser_next_token(Parser *P, void *lval, Loc *lloc);
void parser_syntax_error(Parser *P, Loc loc, const char *msg);

Vec *ast_vec0(Parser *P);
Vec *ast_vec1(Parser *P, void *item);
Vec *ast_vec_push(Parser *P, Vec *v, void *item);
Module *ast_module_new(Parser *P, Token *name, Value *oid);
void ast_module_finish(Parser *P, Module *m, int tag_default, int ext_implied);
void ast_module_exports(Parser *P, Vec *symbols, bool all);
void ast_module_import(Parser *P, Vec *symbols, Token *module, Value *oid);
ImportSymbol *ast_symbol(Parser *P, Token *name, bool parameterized);
void ast_assign_type(Parser *P, Token *name, Vec *params, Token *assign, int end, Type *t);
void ast_assign_set(Parser *P, Token *name, Vec *params, Token *assign, int end, Type *governor, Value *braced);
void ast_assign_value(Parser *P, Token *name, Vec *params, Token *assign, int end, Type *governor, Value *v);
void ast_assign_macro(Parser *P, Token *name, Token *macro, int end);
Param *ast_param(Parser *P, Type *governor, Token *name);
Type *ast_type(Parser *P, TypeKind k, Loc loc);
Type *ast_type_constrain(Parser *P, Type *t, Constraint *c);
Type *ast_type_named(Parser *P, TypeKind k, Loc loc, Vec *named);
Type *ast_type_enum(Parser *P, Loc loc, Vec *items);
Type *ast_type_string(Parser *P, StringKind sk, Loc loc);
Type *ast_type_any(Parser *P, Loc loc, Token *defined_by);
Type *ast_type_struct(Parser *P, TypeKind k, Loc loc, Vec *items);
Type *ast_type_of(Parser *P, TypeKind k, Loc loc, Constraint *c, Token *elem_name, Type *elem);
Type *ast_type_tagged(Parser *P, TagSpec *tag, int mode, Type *inner);
TagSpec *ast_tag(Parser *P, Loc loc, int cls, Value *number);
Type *ast_type_instance_of(Parser *P, Loc loc, Type *cls);
Type *ast_type_class(Parser *P, Loc loc, Vec *fields, Vec *syntax);
Type *ast_type_ref(Parser *P, Token *module, Token *name, Value *actuals);
Type *ast_type_field(Parser *P, Type *cls, Vec *path);
Type *ast_type_from_object(Parser *P, Token *module, Token *object, Vec *path);
Type *ast_type_encoding_prefixed(Parser *P, Token *encoding, Type *t);
Type *ast_type_selection(Parser *P, Token *name, Type *t);
NamedNumber *ast_named_number(Parser *P, Token *name, Value *v, bool is_extension);
CompItem *ast_citem_comp(Parser *P, Component *c);
CompItem *ast_citem_ellipsis(Parser *P, Token *tok, Value *exception);
CompItem *ast_citem_group(Parser *P, Token *tok, Value *version, Vec *items);
Component *ast_component(Parser *P, Token *name, Type *t, bool optional, Value *def);
Component *ast_component_unnamed(Parser *P, Type *t, bool optional, Value *def);
Component *ast_components_of(Parser *P, Loc loc, Type *t);
ClassField *ast_field(Parser *P, Token *name, FieldKind k, Type *t, Token *type_field,
                      bool unique, bool optional, Type *default_type, Value *default_value);
SyntaxItem *ast_syntax(Parser *P, int kind, Token *tok, Vec *items);
Constraint *ast_cons_exception(Parser *P, Constraint *c, Value *exception);
Constraint *ast_cons_braced(Parser *P, ConstraintKind k, Loc loc, Value *braced, Value *relation);
Constraint *ast_cons_op(Parser *P, ConstraintKind k, Loc loc, Constraint *a, Constraint *b);
Constraint *ast_cons_relation(Parser *P, Value *set, Value *relation);
Constraint *ast_cons_value(Parser *P, Value *v);
Constraint *ast_endpoint(Parser *P, Value *v, bool open);
Constraint *ast_cons_range(Parser *P, Loc loc, Constraint *lo, Constraint *hi);
Constraint *ast_cons_size(Parser *P, Loc loc, Constraint *c);
Constraint *ast_cons_type(Parser *P, ConstraintKind k, Loc loc, Type *t, Value *v);
Constraint *ast_cons_settings(Parser *P, Loc loc, Token *settings);
Constraint *ast_cons_components(Parser *P, Loc loc, bool partial, Vec *named);
NamedConstraint *ast_named_constraint(Parser *P, Token *name, Constraint *c, int presence);
Value *ast_value_number(Parser *P, Token *tok);
Value *ast_value_text(Parser *P, ValueKind k, Token *tok);
Value *ast_value_bool(Parser *P, Loc loc, bool b);
Value *ast_value_simple(Parser *P, ValueKind k, Loc loc);
Value *ast_value_ref(Parser *P, Token *module, Token *name);
Value *ast_value_from_object(Parser *P, Token *module, Token *object, Vec *path);
Value *ast_value_param_ref(Parser *P, Token *name, Value *actuals);
Value *ast_value_choice(Parser *P, Token *name, Value *v);
Value *ast_value_open(Parser *P, Type *t, Value *v);
Value *ast_value_containing(Parser *P, Loc loc, Value *inner);
Value *ast_value_braced(Parser *P, Token *lbrace, Token *rbrace);
/* Splits a range at top-level commas (actual parameter lists). */
int tokrange_split(Arena *a, TokRange r, TokRange **out);
bool parse_number(const char *text, int len, AsnInt *out); /* false on overflow */
bool parse_unsigned(const char *text, int len, AsnUInt *out);

/* ---------------------------------------------------------------- diagnostics */

typedef enum DiagLevel { DIAG_NOTE, DIAG_WARNING, DIAG_ERROR } DiagLevel;

void diag_init(FILE *out, bool color);
void diag(DiagLevel lvl, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_note(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_plain(DiagLevel lvl, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int  diag_error_count(void);
/* Between diag_defer(true) and diag_flush(), messages are kept and then
 * printed sorted by file (load order), line and column; notes stay with
 * the message before them. */
void diag_defer(bool on);
void diag_flush(void);
extern bool diag_werror;     /* -Werror: warnings count as errors */
/* -W<name> / -Wno-<name>: false for an unknown warning name. */
bool diag_set_warning(const char *spec);
bool diag_warning_enabled(const char *name);

/* ---------------------------------------------------------------- driver */

struct Compilation {
    Arena *arena;
    Module **modules; int nmodules;      /* in load order: command line first */
    const char **include_dirs; int ninclude_dirs;
    const char *prefix;                  /* --prefix for emitted symbols, or NULL */
    /* sema: parameterized assignments instantiated with actual parameters
     * (Assignment.instance; name "Def{actuals}", module = the defining one).
     * TY_REF.ref_assign points at them; they are in no Module.assigns. */
    Assignment **instances; int ninstances;
};

/* lexer.re: tokenizes f; returns false after diagnosing a lexical error
 * (the array is still complete up to an end-of-input token). */
bool lex_file(Arena *a, const SrcFile *f, TokenArray *out);

/* parser.y: parses every module of a token array, appending to c->modules. */
bool parse_modules(Compilation *c, const TokenArray *ta, bool from_cmdline);
/* Re-parses a token range as a Type / Value (for braced contents sema interprets). */
Type  *parse_type_range(Compilation *c, TokRange r);
Value *parse_value_range(Compilation *c, TokRange r);
/* Re-parses a value set / object set body "{ a | b, ... }" as ElementSetSpecs. */
Constraint *parse_elements_range(Compilation *c, TokRange r);

/* ast.c */
Type *ast_new_type(Arena *a, TypeKind k, Loc loc);
Value *ast_new_value(Arena *a, ValueKind k, Loc loc);
const char *ast_type_kind_name(TypeKind k);
const char *ast_string_kind_name(StringKind k);
void ast_dump(FILE *out, const Compilation *c);
const char *asn_int_str(char buf[48], AsnInt v);

/* sema.c: resolves, checks and folds (every sema pass, in order); returns
 * false when errors were diagnosed. */
bool sema_run(Compilation *c);
/* Rounds of type and value resolution over the instances that values and
 * objects create (--instance-rounds; LIMIT_INSTANCE_ROUNDS by default). */
extern int sema_instance_rounds;
/* source.c: reads, lexes and parses one file (false on I/O error; *schema_err
 * set on lexical or syntax errors); the same from text already in memory. */
bool compile_file(Compilation *c, const char *path, bool from_cmdline, bool *schema_err);
bool compile_source(Compilation *c, SrcFile *sf, bool from_cmdline, bool *schema_err);
/* text must hold n bytes plus a NUL; it becomes the file's contents. */
SrcFile *srcfile_new(Arena *a, const char *path, char *text, size_t n);
/* Follows TY_TAGGED / TY_REF / TY_SELECTION / TY_FIELD to the builtin type. */
Type *type_base(Type *t);

/* ---- sema internals shared by sema_*.c ----
 *
 * sema: layers. Each file is one layer; a layer calls only layers below it
 * (files on one line do not call each other, except in the group):
 *
 *   sema.c                  driver: the order of the passes, nothing else
 *   sema_checks.c           names, tag clashes, recursion
 *   sema_objects.c          information objects and object sets
 *   sema_types.c, sema_constraints.c, sema_values.c
 *                           the one recursive group (below)
 *   sema_params.c           parameter bindings and instances
 *   sema_scope.c            symbol tables, modules, imports, lookup, classes,
 *                           the class and object field accessors,
 *                           did-you-mean, the reference-depth guard
 *   diag.c, parser.y, ast.c messages and warnings; re-parsing token ranges;
 *   source.c                loading a module found through -I
 *
 * sema_params.c and sema_scope.c do not call each other; the driver calls
 * sema_scope.c, the group's run/instances entry points, sema_objects.c and
 * sema_checks.c, in that order.
 *
 * The group is recursive because ASN.1 is: a type needs values (tag numbers,
 * named numbers, range bounds), a value needs its governing type resolved and
 * finished, and a constraint needs both (its bounds are values of the type it
 * constrains, and its contained subtypes are types). Within the group every
 * entry point is idempotent and guards its own cycles (Type.sema_flags busy
 * bits, Assignment.value_busy), so the files may call each other in any order.
 * Nothing outside the group is called back from inside it, but for three
 * entries of sema_objects.c, each guarded by Assignment.objects_state:
 * sema_object, for the object a ValueFromObject (X.681 14.6, obj.&id) reads
 * (sema_values.c); sema_object_type_field, for a TypeFromObject (X.681 15.1,
 * sema_types.c); and sema_object_set_flatten, for the objects of the set a
 * ValueSetFromObjects (X.681 15.1, Cs.&code) reads (sema_types.c,
 * sema_constraints.c). */

/* Parameter bindings while resolving an instantiated parameterized body. */
struct Env {
    Assignment *def;                     /* the parameterized assignment */
    TokRange *actuals; int nactuals;
    Module *caller;                      /* where the actual parameters are written */
    Env *caller_env;
    Type **atypes; Value **avalues;      /* parsed actuals, per parameter */
    int depth;
};

typedef struct Sema {
    Compilation *c;
    Arena *a;
    int nbuilt;                          /* modules whose symbol tables exist */
    Vec instances;                       /* Assignment* made by instantiation */
    int inst_typed, inst_valued;         /* instances already finished / valued */
    Vec loaded_paths;                    /* files read through -I */
    ClassDef *type_identifier, *abstract_syntax; /* X.681 Annex A/B, made on first use */
    int depth;                           /* recursion depth of reference chains */
    bool checking_imports;               /* lookups that do not count as uses */
    bool depth_reported;
} Sema;

/* sema_scope.c */
/* Symbol tables of the modules loaded so far; reports modules defined twice. */
void sema_scope_init(Sema *S);
/* Binds m's IMPORTS to their modules and definitions; checks its EXPORTS. */
void sema_bind_imports(Sema *S, Module *m);
/* Marks m's class assignments A_CLASS, and values / value sets governed by a
 * class A_OBJECT / A_OBJECT_SET. */
void sema_classify(Sema *S, Module *m);
/* The field `name` ("&id") of class cd, or NULL (cd may be NULL). */
ClassField *sema_class_field(const ClassDef *cd, const char *name);
/* The setting of field name ("&id") in object o, or NULL (o may be NULL). */
FieldSetting *object_field(const Object *o, const char *name);
/* -Wunused-import, once every lookup is done. */
void sema_warn_unused_imports(Module *m);
/* Guards recursion through reference chains; false (after one diagnostic)
 * when LIMIT_REF_CHAIN is exceeded. Pair with sema_leave(). */
bool sema_enter(Sema *S, Loc loc);
void sema_leave(Sema *S);
/* The definition `name` (or module_name.name) denotes as seen from m, or
 * NULL; with report, a missing one is diagnosed with a did-you-mean note. */
Assignment *sema_lookup(Sema *S, Module *m, const char *module_name, const char *name, Loc loc, bool report);
bool sema_well_known_arc(int position, AsnInt first, const char *name, AsnInt *out); /* X.680 A/B names */
/* A note naming the component of t closest in spelling to name, if any. */
void sema_did_you_mean_component(Type *t, const char *name);

/* sema_params.c */
/* Binding of a name to a formal parameter of env, or -1. */
int sema_param_index(const Env *env, const char *name);
Type *sema_param_type(Sema *S, Env *env, int i);
Value *sema_param_value(Sema *S, Env *env, int i);
Assignment *sema_instantiate(Sema *S, Module *m, Env *env, Assignment *def, TokRange *actuals, int nactuals, Loc loc);

/* Type.sema_flags: which steps ran on a node; a *_BUSY bit is set while the
 * step runs, so a cycle through references stops there. */
enum {
    TF_RESOLVED = 1 << 0,
    TF_BASE = 1 << 1, TF_BASE_BUSY = 1 << 2,
    TF_EXPANDED = 1 << 3, TF_EXPAND_BUSY = 1 << 4,
    TF_TAGS = 1 << 5, TF_TAGS_BUSY = 1 << 6,
    TF_RANGE = 1 << 7, TF_RANGE_BUSY = 1 << 8,
    TF_AUTOTAG = 1 << 9,     /* TY_TAGGED made by automatic tagging */
    TF_FINISHED = 1 << 10,
    TF_BROKEN = 1 << 11,     /* an error was reported for this node */
    TF_NAMED = 1 << 12,
    TF_ALPHABET = 1 << 13,
    TF_SIZE = 1 << 14,       /* size_range / size_set folded */
    TF_SINGLES = 1 << 15,    /* has_singles decided */
    TF_PRESENCE = 1 << 16,   /* presence_names decided */
};

/* sema_types.c */
void sema_types_run(Sema *S, Module *m);
void sema_types_instances(Sema *S);
/* Binds the references in t (and in its constraints) as seen from m under env. */
void sema_resolve_type(Sema *S, Module *m, Env *env, Type *t);
/* Base type, COMPONENTS OF, automatic tags, tags, named numbers and the
 * folded constraints of t and of the types it contains. */
void sema_finish_type(Sema *S, Type *t);
Type *sema_base_of(Sema *S, Type *t);          /* Type.base, computed on first use */
void sema_tags_of(Sema *S, Type *t);           /* Type.tags, computed on first use */
Type *sema_assignment_type(Sema *S, Assignment *as);
Constraint *sema_set_elements(Sema *S, Assignment *as);
Component *sema_find_component(Type *t, const char *name);
/* The class a resolved type denotes (its references are already bound), or NULL. */
ClassDef *sema_class_of(Sema *S, Type *t);
/* X.680 Annex B: a value of base type a is a value of base type b. */
bool sema_types_compatible(const Type *a, const Type *b);
/* A cstring value against its base type: the type's characters (X.680 41),
 * time value syntax (38.4, 46.3, 47.3); false after a diagnostic at loc. */
bool sema_check_string_value(const Type *b, const char *text, size_t n, Loc loc);

/* sema_constraints.c */
void sema_value_range(Sema *S, Type *t);       /* Type.value_range and size_range */
void sema_alphabet(Sema *S, Type *t);          /* Type.has_alphabet / alphabet */
/* Character c (0..127) in an alphabet bitmap (Type.alphabet, CType.alphabet). */
static inline bool alphabet_has(const uint8_t *alphabet, unsigned c)
{
    return c < 128 && (alphabet[c / 8] & (1u << (c % 8))) != 0;
}
/* The last character of the run of permitted characters starting at c. */
static inline unsigned alphabet_run_end(const uint8_t *alphabet, unsigned c)
{
    while (alphabet_has(alphabet, c + 1))
        c++;
    return c;
}
void sema_table_constraint(Sema *S, Type *t);  /* Type.table_set / table_at */
void sema_check_constraints(Sema *S, Type *t);          /* inner subtyping applies to t */
bool sema_set_contains(const IntSet *s, AsnInt v); /* v in s (always, when s->n == 0) */
/* After check_range: v (evaluated, governor gov) against the constraints
 * the sets do not hold (single values of strings, OIDs, ENUMERATED,
 * BOOLEAN; REAL ranges; WITH COMPONENT(S)); an error at loc. */
void sema_check_value_constraints(Sema *S, Type *gov, Value *v, Loc loc);

/* sema_values.c */
void sema_values_run(Sema *S, Module *m);
/* The DEFAULT values of the components of t and of its inner types (an
 * object's &Type setting is no assignment, so sema_values_run misses it). */
void sema_values_in_type(Sema *S, Type *t);
void sema_values_instances(Sema *S);
Value *sema_eval_value(Sema *S, Module *m, Env *env, Value *v, Type *governor);
/* A value written inside a constraint, evaluated against the base type b
 * without the constraint checks of a value assignment. */
Value *sema_eval_constraint_value(Sema *S, Module *m, Env *env, Value *v, Type *b);
bool sema_int_value(Sema *S, Module *m, Env *env, Value *v, Type *governor, AsnInt *out);

/* sema_checks.c */
void sema_checks_run(Sema *S, Module *m);
void sema_checks_instances(Sema *S);
void sema_check_recursion(Sema *S);

/* sema_objects.c: objects and object sets of a module. */
void sema_objects_run(Sema *S, Module *m);
/* The object an object assignment defines, built on first use (NULL after
 * an error); sema_values.c reads ValueFromObject through it. */
Object *sema_object(Sema *S, Assignment *as);
/* Flattens object set assignment set now (Assignment.objects), as
 * sema_objects_run would: constraints that read a set's objects
 * (ValueSetFromObjects) are folded before that pass. */
void sema_object_set_flatten(Sema *S, Assignment *set);
/* The type object `as` gives type field t->field_path (TypeFromObject,
 * X.681 15.1), or NULL after a diagnostic at t. */
Type *sema_object_type_field(Sema *S, Assignment *as, Type *t);

#endif /* ASN1CC_H */
