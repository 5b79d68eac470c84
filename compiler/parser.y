/* parser.y — X.680/X.681/X.682/X.683 module grammar.
 *
 * Pure reentrant bison parser over the token array made by lexer.re. Each
 * action calls one ast_* constructor (ast.c). Brace contents whose meaning
 * depends on a governor (values, value sets, objects, object sets, actual
 * parameters) are kept as token ranges ("Braced") and interpreted by sema;
 * this keeps the grammar LALR(1) without conflicts.
 *
 * Three entry points share the grammar through a leading pseudo-token:
 * START_MODULES (files), START_TYPE and START_VALUE (sema re-parsing a range). */
%define api.pure full
%define api.prefix {asn}
%define api.location.type {Loc}
%define parse.error detailed
%locations
%expect 0
%param {Parser *P}

%code requires {
#include "asn1cc.h"
}

%code provides {
int asnlex(ASNSTYPE *lval, Loc *lloc, Parser *P);
void asnerror(Loc *lloc, Parser *P, const char *msg);
}

%code {
#include <string.h>
#define YYLLOC_DEFAULT(Cur, Rhs, N) \
    do { (Cur) = (N) ? YYRHSLOC(Rhs, 1) : YYRHSLOC(Rhs, 0); } while (0)
/* Deep nesting ends in "memory exhausted", reported as a limit. */
#define YYMAXDEPTH 4000
#define YYINITDEPTH 200
/* Index just past an assignment's last token: the lookahead, when read, is not part of it. */
#define RHS_END (P->pos - (yychar != ASNEMPTY ? 1 : 0))
/* After a syntax error: drop the bad lookahead and resume at the next
 * assignment (parser_next_token skips there); give up at end of input. */
#define RECOVER do { if (P->stop) YYABORT; yyclearin; yyerrok; } while (0)
}

%union {
    Token *tok;
    Type *type;
    Value *value;
    Constraint *cons;
    Vec *vec;
    Component *comp;
    CompItem *citem;
    NamedNumber *nn;
    TagSpec *tag;
    int ival;
    Param *param;
    ClassField *field;
    ClassDef *cls;
    SyntaxItem *syn;
    ImportSymbol *sym;
    NamedConstraint *ncons;
    Module *mod;
}

%token T_EOF 0 "end of input"
%token START_MODULES START_TYPE START_VALUE START_ELEMENTS
%token <tok> T_TYPEREF "type reference" T_IDENTIFIER "identifier"
%token <tok> T_TYPEFIELDREF "&Field" T_VALUEFIELDREF "&field"
%token <tok> T_NUMBER "number" T_REALNUMBER "real number"
%token <tok> T_BSTRING "bstring" T_HSTRING "hstring" T_CSTRING "character string"
%token <tok> T_ASSIGN "::=" T_ELLIPSIS "..." T_RANGE ".." T_LBRACK2 "[[" T_RBRACK2 "]]"
%token <tok> T_IMPORT_OIDREF "module OID reference"
%token <tok> T_MACRO "MACRO definition"
%token <tok> '{' '}' '(' ')' '[' ']' ',' '.' ';' ':' '|' '^' '!' '@' '<' '>' '=' '*' '-'
%token <tok> KW_ABSENT "ABSENT"
%token <tok> KW_ABSTRACT_SYNTAX "ABSTRACT-SYNTAX"
%token <tok> KW_ALL "ALL"
%token <tok> KW_ANY "ANY"
%token <tok> KW_APPLICATION "APPLICATION"
%token <tok> KW_AUTOMATIC "AUTOMATIC"
%token <tok> KW_BEGIN "BEGIN"
%token <tok> KW_BIT "BIT"
%token <tok> KW_BMPString "BMPString"
%token <tok> KW_BOOLEAN "BOOLEAN"
%token <tok> KW_BY "BY"
%token <tok> KW_CHARACTER "CHARACTER"
%token <tok> KW_CHOICE "CHOICE"
%token <tok> KW_CLASS "CLASS"
%token <tok> KW_COMPONENT "COMPONENT"
%token <tok> KW_COMPONENTS "COMPONENTS"
%token <tok> KW_CONSTRAINED "CONSTRAINED"
%token <tok> KW_CONTAINING "CONTAINING"
%token <tok> KW_DATE "DATE"
%token <tok> KW_DATE_TIME "DATE-TIME"
%token <tok> KW_DEFAULT "DEFAULT"
%token <tok> KW_DEFINED "DEFINED"
%token <tok> KW_DEFINITIONS "DEFINITIONS"
%token <tok> KW_DURATION "DURATION"
%token <tok> KW_EMBEDDED "EMBEDDED"
%token <tok> KW_ENCODED "ENCODED"
%token <tok> KW_ENCODING_CONTROL "ENCODING-CONTROL"
%token <tok> KW_END "END"
%token <tok> KW_ENUMERATED "ENUMERATED"
%token <tok> KW_EXCEPT "EXCEPT"
%token <tok> KW_EXPLICIT "EXPLICIT"
%token <tok> KW_EXPORTS "EXPORTS"
%token <tok> KW_EXTENSIBILITY "EXTENSIBILITY"
%token <tok> KW_EXTERNAL "EXTERNAL"
%token <tok> KW_FALSE "FALSE"
%token <tok> KW_FROM "FROM"
%token <tok> KW_GeneralizedTime "GeneralizedTime"
%token <tok> KW_GeneralString "GeneralString"
%token <tok> KW_GraphicString "GraphicString"
%token <tok> KW_IA5String "IA5String"
%token <tok> KW_IDENTIFIER "IDENTIFIER"
%token <tok> KW_IMPLICIT "IMPLICIT"
%token <tok> KW_IMPLIED "IMPLIED"
%token <tok> KW_IMPORTS "IMPORTS"
%token <tok> KW_INCLUDES "INCLUDES"
%token <tok> KW_INSTANCE "INSTANCE"
%token <tok> KW_INSTRUCTIONS "INSTRUCTIONS"
%token <tok> KW_INTEGER "INTEGER"
%token <tok> KW_INTERSECTION "INTERSECTION"
%token <tok> KW_ISO646String "ISO646String"
%token <tok> KW_MAX "MAX"
%token <tok> KW_MIN "MIN"
%token <tok> KW_MINUS_INFINITY "MINUS-INFINITY"
%token <tok> KW_NOT_A_NUMBER "NOT-A-NUMBER"
%token <tok> KW_NULL "NULL"
%token <tok> KW_NumericString "NumericString"
%token <tok> KW_OBJECT "OBJECT"
%token <tok> KW_ObjectDescriptor "ObjectDescriptor"
%token <tok> KW_OCTET "OCTET"
%token <tok> KW_OF "OF"
%token <tok> KW_OID_IRI "OID-IRI"
%token <tok> KW_OPTIONAL "OPTIONAL"
%token <tok> KW_PATTERN "PATTERN"
%token <tok> KW_PDV "PDV"
%token <tok> KW_PLUS_INFINITY "PLUS-INFINITY"
%token <tok> KW_PRESENT "PRESENT"
%token <tok> KW_PrintableString "PrintableString"
%token <tok> KW_PRIVATE "PRIVATE"
%token <tok> KW_REAL "REAL"
%token <tok> KW_RELATIVE_OID "RELATIVE-OID"
%token <tok> KW_RELATIVE_OID_IRI "RELATIVE-OID-IRI"
%token <tok> KW_SEQUENCE "SEQUENCE"
%token <tok> KW_SET "SET"
%token <tok> KW_SETTINGS "SETTINGS"
%token <tok> KW_SIZE "SIZE"
%token <tok> KW_STRING "STRING"
%token <tok> KW_SYNTAX "SYNTAX"
%token <tok> KW_T61String "T61String"
%token <tok> KW_TAGS "TAGS"
%token <tok> KW_TeletexString "TeletexString"
%token <tok> KW_TIME "TIME"
%token <tok> KW_TIME_OF_DAY "TIME-OF-DAY"
%token <tok> KW_TRUE "TRUE"
%token <tok> KW_TYPE_IDENTIFIER "TYPE-IDENTIFIER"
%token <tok> KW_UNION "UNION"
%token <tok> KW_UNIQUE "UNIQUE"
%token <tok> KW_UNIVERSAL "UNIVERSAL"
%token <tok> KW_UniversalString "UniversalString"
%token <tok> KW_UTCTime "UTCTime"
%token <tok> KW_UTF8String "UTF8String"
%token <tok> KW_VideotexString "VideotexString"
%token <tok> KW_VisibleString "VisibleString"
%token <tok> KW_WITH "WITH"

%type <mod> ModuleIdentifier
%type <value> DefinitiveIdentifier Value ExceptionSpec OptExceptionSpec ClassNumber
%type <value> NumberOrDefinedValue Braced VersionNumber ValueOrContaining
%type <type> Type UnconstrainedType BuiltinType ReferencedType DefinedClass TaggedType
%type <type> SequenceOfType ClassType BuiltinTypeNoNull ConstrainedBuiltin
%type <cons> Constraint ConstraintSpec ElementSetSpecs ElementSetSpec Unions Intersections
%type <cons> IntersectionElements Elements SubtypeElements
%type <vec> SymbolList ComponentList CompItems NamedNumberList EnumItems ParamList
%type <vec> FieldSpecList SyntaxItems NamedConstraintList FieldPath OptSyntax
%type <citem> CompItem
%type <comp> ComponentType
%type <nn> NamedNumber EnumItem
%type <tag> Tag
%type <ival> TagDefault ExtensionDefault TagMode TagClass Presence
%type <param> Param
%type <field> FieldSpec
%type <syn> SyntaxItem
%type <sym> Symbol
%type <ncons> NamedConstraint
%type <tok> Word SoupToken StringTypeName
%type <cons> LowerEnd UpperEnd

%precedence LOW_PREC
%precedence '('

%%

Start
    : START_MODULES ModuleList
    | START_TYPE Type                 { P->result_type = $2; }
    | START_VALUE ValueOrContaining   { P->result_value = $2; }
    | START_VALUE Type ':' Value      { P->result_value = ast_value_open(P, $2, $4); }
    | START_ELEMENTS ElementSetSpecs  { P->result_cons = $2; }
    ;

ModuleList
    : ModuleDefinition
    | ModuleList ModuleDefinition
    ;

/* X.680 13.1 ModuleDefinition */
ModuleDefinition
    : ModuleIdentifier KW_DEFINITIONS EncodingReferenceDefault TagDefault ExtensionDefault
      T_ASSIGN KW_BEGIN ModuleBody EncodingControlSections KW_END
                                      { ast_module_finish(P, $1, $4, $5); }
    ;

/* X.680 13.1 ModuleIdentifier, DefinitiveIdentification */
ModuleIdentifier
    : T_TYPEREF DefinitiveIdentifier  { $$ = ast_module_new(P, $1, $2); }
    ;

DefinitiveIdentifier
    : %empty                          { $$ = NULL; }
    | Braced                          { $$ = $1; }
    ;

/* X.680 13.1 EncodingReferenceDefault */
EncodingReferenceDefault
    : %empty
    | T_TYPEREF KW_INSTRUCTIONS
    ;

/* X.680 13.1 TagDefault */
TagDefault
    : %empty                          { $$ = TAGS_EXPLICIT; }
    | KW_EXPLICIT KW_TAGS             { $$ = TAGS_EXPLICIT; }
    | KW_IMPLICIT KW_TAGS             { $$ = TAGS_IMPLICIT; }
    | KW_AUTOMATIC KW_TAGS            { $$ = TAGS_AUTOMATIC; }
    ;

/* X.680 13.1 ExtensionDefault */
ExtensionDefault
    : %empty                          { $$ = 0; }
    | KW_EXTENSIBILITY KW_IMPLIED     { $$ = 1; }
    ;

/* X.680 13.1 EncodingControlSections: the instructions are in the notation
 * of their encoding rules (X.693, X.692); they are skipped. */
EncodingControlSections
    : %empty
    | EncodingControlSections KW_ENCODING_CONTROL T_TYPEREF EncodingInstructions
    ;

EncodingInstructions
    : %empty
    | EncodingInstructions EncodingInstructionToken
    | EncodingInstructions '{' Soup '}'
    ;

EncodingInstructionToken
    : EncodingPrefixToken | '[' | ']'
    ;

EncodingPrefixToken
    : T_TYPEREF | T_IDENTIFIER | T_TYPEFIELDREF | T_VALUEFIELDREF | T_NUMBER | T_REALNUMBER
    | T_BSTRING | T_HSTRING | T_CSTRING | T_ASSIGN | T_ELLIPSIS | T_RANGE | T_LBRACK2 | T_RBRACK2
    | '(' | ')' | ',' | '.' | ';' | ':' | '|' | '^' | '!' | '@' | '<' | '>' | '=' | '*' | '-'
    | KW_ABSENT
    | KW_ABSTRACT_SYNTAX
    | KW_ALL
    | KW_ANY
    | KW_APPLICATION
    | KW_AUTOMATIC
    | KW_BEGIN
    | KW_BIT
    | KW_BMPString
    | KW_BOOLEAN
    | KW_BY
    | KW_CHARACTER
    | KW_CHOICE
    | KW_CLASS
    | KW_COMPONENT
    | KW_COMPONENTS
    | KW_CONSTRAINED
    | KW_CONTAINING
    | KW_DATE
    | KW_DATE_TIME
    | KW_DEFAULT
    | KW_DEFINED
    | KW_DEFINITIONS
    | KW_DURATION
    | KW_EMBEDDED
    | KW_ENCODED
    | KW_ENUMERATED
    | KW_EXCEPT
    | KW_EXPLICIT
    | KW_EXPORTS
    | KW_EXTENSIBILITY
    | KW_EXTERNAL
    | KW_FALSE
    | KW_FROM
    | KW_GeneralizedTime
    | KW_GeneralString
    | KW_GraphicString
    | KW_IA5String
    | KW_IDENTIFIER
    | KW_IMPLICIT
    | KW_IMPLIED
    | KW_IMPORTS
    | KW_INCLUDES
    | KW_INSTANCE
    | KW_INSTRUCTIONS
    | KW_INTEGER
    | KW_INTERSECTION
    | KW_ISO646String
    | KW_MAX
    | KW_MIN
    | KW_MINUS_INFINITY
    | KW_NOT_A_NUMBER
    | KW_NULL
    | KW_NumericString
    | KW_OBJECT
    | KW_ObjectDescriptor
    | KW_OCTET
    | KW_OF
    | KW_OID_IRI
    | KW_OPTIONAL
    | KW_PATTERN
    | KW_PDV
    | KW_PLUS_INFINITY
    | KW_PRESENT
    | KW_PrintableString
    | KW_PRIVATE
    | KW_REAL
    | KW_RELATIVE_OID
    | KW_RELATIVE_OID_IRI
    | KW_SEQUENCE
    | KW_SET
    | KW_SETTINGS
    | KW_SIZE
    | KW_STRING
    | KW_SYNTAX
    | KW_T61String
    | KW_TAGS
    | KW_TeletexString
    | KW_TIME
    | KW_TIME_OF_DAY
    | KW_TRUE
    | KW_TYPE_IDENTIFIER
    | KW_UNION
    | KW_UNIQUE
    | KW_UNIVERSAL
    | KW_UniversalString
    | KW_UTCTime
    | KW_UTF8String
    | KW_VideotexString
    | KW_VisibleString
    | KW_WITH
    ;

/* X.680 13.1 ModuleBody */
ModuleBody
    : Exports Imports AssignmentList
    ;

/* X.680 13.1 Exports */
Exports
    : %empty                          { ast_module_exports(P, NULL, true); }
    | KW_EXPORTS KW_ALL ';'           { ast_module_exports(P, NULL, true); }
    | KW_EXPORTS SymbolList ';'       { ast_module_exports(P, $2, false); }
    | KW_EXPORTS ';'                  { ast_module_exports(P, NULL, false); }
    | KW_EXPORTS error ';'            { ast_module_exports(P, NULL, true); }
    ;

/* X.680 13.1 Imports, SymbolsFromModuleList */
Imports
    : %empty
    | KW_IMPORTS SymbolsFromModuleList ';'
    | KW_IMPORTS ';'
    | KW_IMPORTS error ';'
    ;

SymbolsFromModuleList
    : SymbolsFromModule
    | SymbolsFromModuleList SymbolsFromModule
    ;

/* X.680 13.1 SymbolsFromModule, GlobalModuleReference, AssignedIdentifier */
SymbolsFromModule
    : SymbolList KW_FROM T_TYPEREF                   { ast_module_import(P, $1, $3, NULL); }
    | SymbolList KW_FROM T_TYPEREF Braced            { ast_module_import(P, $1, $3, $4); }
    | SymbolList KW_FROM T_TYPEREF T_IMPORT_OIDREF   { ast_module_import(P, $1, $3, ast_value_ref(P, NULL, $4)); }
    ;

SymbolList
    : Symbol                          { $$ = ast_vec1(P, $1); }
    | SymbolList ',' Symbol           { $$ = ast_vec_push(P, $1, $3); }
    ;

/* X.680 13.1 Symbol; X.683 9.1 ParameterizedReference */
Symbol
    : T_TYPEREF                       { $$ = ast_symbol(P, $1, false); }
    | T_IDENTIFIER                    { $$ = ast_symbol(P, $1, false); }
    | T_TYPEREF '{' '}'               { $$ = ast_symbol(P, $1, true); }
    | T_IDENTIFIER '{' '}'            { $$ = ast_symbol(P, $1, true); }
    | StringTypeName                  { $$ = ast_symbol(P, $1, false); }
    ;

/* Builtin type and class names that some modules define themselves (pre-1994
 * string types, asn1c's TYPE-IDENTIFIER) */
StringTypeName
    : KW_BMPString | KW_UniversalString | KW_UTF8String | KW_VisibleString | KW_GeneralString
    | KW_GraphicString | KW_TeletexString | KW_VideotexString | KW_IA5String | KW_PrintableString
    | KW_NumericString | KW_ISO646String | KW_T61String | KW_UTCTime | KW_GeneralizedTime
    | KW_ObjectDescriptor | KW_TYPE_IDENTIFIER | KW_ABSTRACT_SYNTAX
    ;

AssignmentList
    : %empty
    | AssignmentList Assignment
    | AssignmentList error            { RECOVER; }
    ;

/* X.680 15.1 TypeAssignment, 16.1 ValueAssignment, 16.7 ValueSetTypeAssignment;
 * X.681 9.1 ObjectClassAssignment, 11.1 ObjectAssignment, 12.1 ObjectSetAssignment
 * (told apart by sema); X.683 8.1 ParameterizedAssignment; X.208 (1988) A.2
 * MacroDefinition, its body folded into T_MACRO by the token reader */
Assignment
    : T_TYPEREF T_ASSIGN Type                             { ast_assign_type(P, $1, NULL, $2, RHS_END, $3); }
    | StringTypeName T_ASSIGN Type                        { ast_assign_type(P, $1, NULL, $2, RHS_END, $3); }
    | T_TYPEREF '{' ParamList '}' T_ASSIGN Type           { ast_assign_type(P, $1, $3, $5, RHS_END, $6); }
    | T_TYPEREF Type T_ASSIGN Braced                      { ast_assign_set(P, $1, NULL, $3, RHS_END, $2, $4); }
    | T_TYPEREF '{' ParamList '}' Type T_ASSIGN Braced    { ast_assign_set(P, $1, $3, $6, RHS_END, $5, $7); }
    | T_IDENTIFIER Type T_ASSIGN ValueOrContaining        { ast_assign_value(P, $1, NULL, $3, RHS_END, $2, $4); }
    | T_IDENTIFIER '{' ParamList '}' Type T_ASSIGN ValueOrContaining { ast_assign_value(P, $1, $3, $6, RHS_END, $5, $7); }
    | T_TYPEREF T_MACRO                                   { ast_assign_macro(P, $1, $2, RHS_END); }
    ;

/* X.683 8.3 ParameterList */
ParamList
    : Param                           { $$ = ast_vec1(P, $1); }
    | ParamList ',' Param             { $$ = ast_vec_push(P, $1, $3); }
    ;

/* X.683 8.4 Parameter */
Param
    : T_TYPEREF                       { $$ = ast_param(P, NULL, $1); }
    | T_IDENTIFIER                    { $$ = ast_param(P, NULL, $1); }
    | Type ':' T_TYPEREF              { $$ = ast_param(P, $1, $3); }
    | Type ':' T_IDENTIFIER           { $$ = ast_param(P, $1, $3); }
    ;

/* X.680 17.1 Type, 49.1 ConstrainedType */
Type
    : UnconstrainedType               { $$ = $1; }
    | Type Constraint                 { $$ = ast_type_constrain(P, $1, $2); }
    ;

UnconstrainedType
    : BuiltinType                     { $$ = $1; }
    | ReferencedType                  { $$ = $1; }
    ;

/* X.680 17.2 BuiltinType */
BuiltinType
    : KW_NULL                         { $$ = ast_type(P, TY_NULL, @1); }
    | BuiltinTypeNoNull               { $$ = $1; }
    ;

/* Builtin types that cannot be mistaken for a value (all but NULL) */
BuiltinTypeNoNull
    : KW_BOOLEAN                      { $$ = ast_type(P, TY_BOOLEAN, @1); }
    | KW_REAL                         { $$ = ast_type(P, TY_REAL, @1); }
    | KW_INTEGER                      { $$ = ast_type(P, TY_INTEGER, @1); }
    | KW_INTEGER '{' NamedNumberList '}'      { $$ = ast_type_named(P, TY_INTEGER, @1, $3); }
    | KW_ENUMERATED '{' EnumItems '}' { $$ = ast_type_enum(P, @1, $3); }
    | KW_BIT KW_STRING                { $$ = ast_type(P, TY_BIT_STRING, @1); }
    | KW_BIT KW_STRING '{' NamedNumberList '}' { $$ = ast_type_named(P, TY_BIT_STRING, @1, $4); }
    | KW_OCTET KW_STRING              { $$ = ast_type(P, TY_OCTET_STRING, @1); }
    | KW_OBJECT KW_IDENTIFIER         { $$ = ast_type(P, TY_OID, @1); }
    | KW_RELATIVE_OID                 { $$ = ast_type(P, TY_RELATIVE_OID, @1); }
    | KW_OID_IRI                      { $$ = ast_type(P, TY_OID_IRI, @1); }
    | KW_RELATIVE_OID_IRI             { $$ = ast_type(P, TY_RELATIVE_OID_IRI, @1); }
    | KW_BMPString                    { $$ = ast_type_string(P, STR_BMP, @1); }
    | KW_GeneralString                { $$ = ast_type_string(P, STR_GENERAL, @1); }
    | KW_GraphicString                { $$ = ast_type_string(P, STR_GRAPHIC, @1); }
    | KW_IA5String                    { $$ = ast_type_string(P, STR_IA5, @1); }
    | KW_ISO646String                 { $$ = ast_type_string(P, STR_ISO646, @1); }
    | KW_NumericString                { $$ = ast_type_string(P, STR_NUMERIC, @1); }
    | KW_PrintableString              { $$ = ast_type_string(P, STR_PRINTABLE, @1); }
    | KW_TeletexString                { $$ = ast_type_string(P, STR_TELETEX, @1); }
    | KW_T61String                    { $$ = ast_type_string(P, STR_T61, @1); }
    | KW_UniversalString              { $$ = ast_type_string(P, STR_UNIVERSAL, @1); }
    | KW_UTF8String                   { $$ = ast_type_string(P, STR_UTF8, @1); }
    | KW_VideotexString               { $$ = ast_type_string(P, STR_VIDEOTEX, @1); }
    | KW_VisibleString                { $$ = ast_type_string(P, STR_VISIBLE, @1); }
    | KW_ObjectDescriptor             { $$ = ast_type_string(P, STR_OBJECT_DESCRIPTOR, @1); }
    | KW_CHARACTER KW_STRING          { $$ = ast_type(P, TY_CHARACTER_STRING, @1); }
    | KW_UTCTime                      { $$ = ast_type(P, TY_UTC_TIME, @1); }
    | KW_GeneralizedTime              { $$ = ast_type(P, TY_GENERALIZED_TIME, @1); }
    | KW_DATE                         { $$ = ast_type(P, TY_DATE, @1); }
    | KW_TIME_OF_DAY                  { $$ = ast_type(P, TY_TIME_OF_DAY, @1); }
    | KW_DATE_TIME                    { $$ = ast_type(P, TY_DATE_TIME, @1); }
    | KW_DURATION                     { $$ = ast_type(P, TY_DURATION, @1); }
    | KW_TIME                         { $$ = ast_type(P, TY_TIME, @1); }
    | KW_EXTERNAL                     { $$ = ast_type(P, TY_EXTERNAL, @1); }
    | KW_EMBEDDED KW_PDV              { $$ = ast_type(P, TY_EMBEDDED_PDV, @1); }
    | KW_ANY                          { $$ = ast_type_any(P, @1, NULL); }
    | KW_ANY KW_DEFINED KW_BY T_IDENTIFIER    { $$ = ast_type_any(P, @1, $4); }
    | KW_SEQUENCE '{' ComponentList '}'       { $$ = ast_type_struct(P, TY_SEQUENCE, @1, $3); }
    | KW_SET '{' ComponentList '}'            { $$ = ast_type_struct(P, TY_SET, @1, $3); }
    | KW_CHOICE '{' ComponentList '}'         { $$ = ast_type_struct(P, TY_CHOICE, @1, $3); }
    | SequenceOfType                  { $$ = $1; }
    | TaggedType                      { $$ = $1; }
    | KW_INSTANCE KW_OF DefinedClass  { $$ = ast_type_instance_of(P, @1, $3); }
    | ClassType                       { $$ = $1; }
    ;

/* X.680 26.1 SequenceOfType, 28.1 SetOfType, 49.5 TypeWithConstraint */
SequenceOfType
    : KW_SEQUENCE KW_OF Type %prec LOW_PREC                   { $$ = ast_type_of(P, TY_SEQUENCE_OF, @1, NULL, NULL, $3); }
    | KW_SEQUENCE KW_OF T_IDENTIFIER Type %prec LOW_PREC      { $$ = ast_type_of(P, TY_SEQUENCE_OF, @1, NULL, $3, $4); }
    | KW_SEQUENCE Constraint KW_OF Type %prec LOW_PREC        { $$ = ast_type_of(P, TY_SEQUENCE_OF, @1, $2, NULL, $4); }
    | KW_SEQUENCE Constraint KW_OF T_IDENTIFIER Type %prec LOW_PREC { $$ = ast_type_of(P, TY_SEQUENCE_OF, @1, $2, $4, $5); }
    | KW_SEQUENCE KW_SIZE Constraint KW_OF Type %prec LOW_PREC { $$ = ast_type_of(P, TY_SEQUENCE_OF, @1, ast_cons_size(P, @2, $3), NULL, $5); }
    | KW_SEQUENCE KW_SIZE Constraint KW_OF T_IDENTIFIER Type %prec LOW_PREC { $$ = ast_type_of(P, TY_SEQUENCE_OF, @1, ast_cons_size(P, @2, $3), $5, $6); }
    | KW_SET KW_OF Type %prec LOW_PREC                        { $$ = ast_type_of(P, TY_SET_OF, @1, NULL, NULL, $3); }
    | KW_SET KW_OF T_IDENTIFIER Type %prec LOW_PREC           { $$ = ast_type_of(P, TY_SET_OF, @1, NULL, $3, $4); }
    | KW_SET Constraint KW_OF Type %prec LOW_PREC             { $$ = ast_type_of(P, TY_SET_OF, @1, $2, NULL, $4); }
    | KW_SET Constraint KW_OF T_IDENTIFIER Type %prec LOW_PREC { $$ = ast_type_of(P, TY_SET_OF, @1, $2, $4, $5); }
    | KW_SET KW_SIZE Constraint KW_OF Type %prec LOW_PREC     { $$ = ast_type_of(P, TY_SET_OF, @1, ast_cons_size(P, @2, $3), NULL, $5); }
    | KW_SET KW_SIZE Constraint KW_OF T_IDENTIFIER Type %prec LOW_PREC { $$ = ast_type_of(P, TY_SET_OF, @1, ast_cons_size(P, @2, $3), $5, $6); }
    ;

/* X.680 31.1 TaggedType; 31.3 EncodingPrefixedType (its instructions are
 * not applied: ast.c says so in a note) */
TaggedType
    : Tag TagMode Type %prec LOW_PREC { $$ = ast_type_tagged(P, $1, $2, $3); }
    | '[' T_TYPEREF ':' EncodingPrefixTokens ']' Type %prec LOW_PREC { $$ = ast_type_encoding_prefixed(P, $2, $6); }
    ;

/* X.680 31.1 Tag, Class, ClassNumber (no class: written out, so that
 * "[" typereference ":" begins an EncodingPrefix without a conflict) */
Tag
    : '[' ClassNumber ']'             { $$ = ast_tag(P, @1, TAG_CONTEXT, $2); }
    | '[' TagClass ClassNumber ']'    { $$ = ast_tag(P, @1, $2, $3); }
    ;

/* X.680 31.3 EncodingInstruction: any tokens but brackets */
EncodingPrefixTokens
    : %empty
    | EncodingPrefixTokens EncodingPrefixToken
    ;

TagClass
    : KW_UNIVERSAL                    { $$ = TAG_UNIVERSAL; }
    | KW_APPLICATION                  { $$ = TAG_APPLICATION; }
    | KW_PRIVATE                      { $$ = TAG_PRIVATE; }
    ;

ClassNumber
    : T_NUMBER                        { $$ = ast_value_number(P, $1); }
    | T_IDENTIFIER                    { $$ = ast_value_ref(P, NULL, $1); }
    | T_TYPEREF '.' T_IDENTIFIER      { $$ = ast_value_ref(P, $1, $3); }
    ;

TagMode
    : %empty                          { $$ = TAGMODE_DEFAULT; }
    | KW_IMPLICIT                     { $$ = TAGMODE_IMPLICIT; }
    | KW_EXPLICIT                     { $$ = TAGMODE_EXPLICIT; }
    ;

/* X.680 19.1 NamedNumberList; 22.1 NamedBitList */
NamedNumberList
    : NamedNumber                     { $$ = ast_vec1(P, $1); }
    | NamedNumberList ',' NamedNumber { $$ = ast_vec_push(P, $1, $3); }
    ;

NamedNumber
    : T_IDENTIFIER '(' NumberOrDefinedValue ')'  { $$ = ast_named_number(P, $1, $3, false); }
    ;

NumberOrDefinedValue
    : T_NUMBER                        { $$ = ast_value_number(P, $1); }
    | T_IDENTIFIER                    { $$ = ast_value_ref(P, NULL, $1); }
    | T_TYPEREF '.' T_IDENTIFIER      { $$ = ast_value_ref(P, $1, $3); }
    ;

/* X.680 20.1 Enumerations (root, "...", additions; flattened, split by ast.c) */
EnumItems
    : EnumItem                        { $$ = ast_vec1(P, $1); }
    | EnumItems ',' EnumItem          { $$ = ast_vec_push(P, $1, $3); }
    ;

EnumItem
    : T_IDENTIFIER                    { $$ = ast_named_number(P, $1, NULL, false); }
    | NamedNumber                     { $$ = $1; }
    | T_ELLIPSIS OptExceptionSpec     { $$ = ast_named_number(P, $1, $2, true); }
    ;

/* X.680 25.1 ComponentTypeLists, 29.1 AlternativeTypeLists (flattened: the
 * constructor assigns root / extension / group membership in order) */
ComponentList
    : %empty                          { $$ = ast_vec0(P); }
    | CompItems                       { $$ = $1; }
    ;

CompItems
    : CompItem                        { $$ = ast_vec1(P, $1); }
    | CompItems ',' CompItem          { $$ = ast_vec_push(P, $1, $3); }
    ;

CompItem
    : ComponentType                   { $$ = ast_citem_comp(P, $1); }
    | T_ELLIPSIS OptExceptionSpec     { $$ = ast_citem_ellipsis(P, $1, $2); }
    | T_LBRACK2 VersionNumber CompItems T_RBRACK2  { $$ = ast_citem_group(P, $1, $2, $3); }
    ;

/* X.680 25.1 VersionNumber */
VersionNumber
    : %empty                          { $$ = NULL; }
    | T_NUMBER ':'                    { $$ = ast_value_number(P, $1); }
    ;

/* X.680 25.1 ComponentType, NamedType; X.208 (1988) 20.1 NamedType without identifier */
ComponentType
    : T_IDENTIFIER Type               { $$ = ast_component(P, $1, $2, false, NULL); }
    | T_IDENTIFIER Type KW_OPTIONAL   { $$ = ast_component(P, $1, $2, true, NULL); }
    | T_IDENTIFIER Type KW_DEFAULT ValueOrContaining { $$ = ast_component(P, $1, $2, false, $4); }
    | KW_COMPONENTS KW_OF Type        { $$ = ast_components_of(P, @1, $3); }
    | Type                            { $$ = ast_component_unnamed(P, $1, false, NULL); }
    | Type KW_OPTIONAL                { $$ = ast_component_unnamed(P, $1, true, NULL); }
    | Type KW_DEFAULT ValueOrContaining { $$ = ast_component_unnamed(P, $1, false, $3); }
    ;

/* X.680 49.4 ExceptionSpec */
OptExceptionSpec
    : %empty                          { $$ = NULL; }
    | ExceptionSpec                   { $$ = $1; }
    ;

ExceptionSpec
    : '!' Value                       { $$ = $2; }
    | '!' Type ':' Value              { $$ = $4; }
    ;

/* X.680 16.3 ReferencedType, DefinedType; X.681 14.1 ObjectClassFieldType,
 * 15.1 TypeFromObject; X.683 9.2 ParameterizedType; X.680 30.1 SelectionType */
ReferencedType
    : DefinedClass                    { $$ = $1; }
    | T_TYPEREF Braced                { $$ = ast_type_ref(P, NULL, $1, $2); }
    | T_TYPEREF '.' T_TYPEREF         { $$ = ast_type_ref(P, $1, $3, NULL); }
    | T_TYPEREF '.' T_TYPEREF Braced  { $$ = ast_type_ref(P, $1, $3, $4); }
    | T_TYPEREF '.' FieldPath         { $$ = ast_type_field(P, ast_type_ref(P, NULL, $1, NULL), $3); }
    | KW_TYPE_IDENTIFIER '.' FieldPath { $$ = ast_type_field(P, ast_type(P, TY_TYPE_IDENTIFIER, @1), $3); }
    | KW_ABSTRACT_SYNTAX '.' FieldPath { $$ = ast_type_field(P, ast_type(P, TY_ABSTRACT_SYNTAX, @1), $3); }
    | T_IDENTIFIER '<' Type %prec LOW_PREC { $$ = ast_type_selection(P, $1, $3); }
    | T_IDENTIFIER '.' FieldPath      { $$ = ast_type_from_object(P, NULL, $1, $3); }
    | T_TYPEREF '.' T_IDENTIFIER '.' FieldPath { $$ = ast_type_from_object(P, $1, $3, $5); }
    ;

/* X.681 9.2 DefinedObjectClass (also a plain type reference) */
DefinedClass
    : T_TYPEREF                       { $$ = ast_type_ref(P, NULL, $1, NULL); }
    | KW_TYPE_IDENTIFIER              { $$ = ast_type(P, TY_TYPE_IDENTIFIER, @1); }
    | KW_ABSTRACT_SYNTAX              { $$ = ast_type(P, TY_ABSTRACT_SYNTAX, @1); }
    ;

/* X.681 9.14 FieldName */
FieldPath
    : T_TYPEFIELDREF                  { $$ = ast_vec1(P, $1); }
    | T_VALUEFIELDREF                 { $$ = ast_vec1(P, $1); }
    | FieldPath '.' T_TYPEFIELDREF    { $$ = ast_vec_push(P, $1, $3); }
    | FieldPath '.' T_VALUEFIELDREF   { $$ = ast_vec_push(P, $1, $3); }
    ;

/* X.681 9.3 ObjectClassDefn, 10.1 WithSyntaxSpec */
ClassType
    : KW_CLASS '{' FieldSpecList '}' OptSyntax   { $$ = ast_type_class(P, @1, $3, $5); }
    ;

FieldSpecList
    : FieldSpec                       { $$ = ast_vec1(P, $1); }
    | FieldSpecList ',' FieldSpec     { $$ = ast_vec_push(P, $1, $3); }
    ;

/* X.681 9.4 FieldSpec: type, fixed/variable-type value (set), object (set) fields */
FieldSpec
    : T_TYPEFIELDREF                                   { $$ = ast_field(P, $1, FK_TYPE, NULL, NULL, false, false, NULL, NULL); }
    | T_TYPEFIELDREF KW_OPTIONAL                       { $$ = ast_field(P, $1, FK_TYPE, NULL, NULL, false, true, NULL, NULL); }
    | T_TYPEFIELDREF KW_DEFAULT Type                   { $$ = ast_field(P, $1, FK_TYPE, NULL, NULL, false, false, $3, NULL); }
    | T_TYPEFIELDREF Type                              { $$ = ast_field(P, $1, FK_FIXED_VALUE_SET, $2, NULL, false, false, NULL, NULL); }
    | T_TYPEFIELDREF Type KW_OPTIONAL                  { $$ = ast_field(P, $1, FK_FIXED_VALUE_SET, $2, NULL, false, true, NULL, NULL); }
    | T_TYPEFIELDREF Type KW_DEFAULT Braced            { $$ = ast_field(P, $1, FK_FIXED_VALUE_SET, $2, NULL, false, false, NULL, $4); }
    | T_TYPEFIELDREF T_TYPEFIELDREF                    { $$ = ast_field(P, $1, FK_VARIABLE_VALUE_SET, NULL, $2, false, false, NULL, NULL); }
    | T_TYPEFIELDREF T_TYPEFIELDREF KW_OPTIONAL        { $$ = ast_field(P, $1, FK_VARIABLE_VALUE_SET, NULL, $2, false, true, NULL, NULL); }
    | T_VALUEFIELDREF Type                             { $$ = ast_field(P, $1, FK_FIXED_VALUE, $2, NULL, false, false, NULL, NULL); }
    | T_VALUEFIELDREF Type KW_UNIQUE                   { $$ = ast_field(P, $1, FK_FIXED_VALUE, $2, NULL, true, false, NULL, NULL); }
    | T_VALUEFIELDREF Type KW_OPTIONAL                 { $$ = ast_field(P, $1, FK_FIXED_VALUE, $2, NULL, false, true, NULL, NULL); }
    | T_VALUEFIELDREF Type KW_UNIQUE KW_OPTIONAL       { $$ = ast_field(P, $1, FK_FIXED_VALUE, $2, NULL, true, true, NULL, NULL); }
    | T_VALUEFIELDREF Type KW_DEFAULT Value            { $$ = ast_field(P, $1, FK_FIXED_VALUE, $2, NULL, false, false, NULL, $4); }
    | T_VALUEFIELDREF Type KW_UNIQUE KW_DEFAULT Value  { $$ = ast_field(P, $1, FK_FIXED_VALUE, $2, NULL, true, false, NULL, $5); }
    | T_VALUEFIELDREF T_TYPEFIELDREF                   { $$ = ast_field(P, $1, FK_VARIABLE_VALUE, NULL, $2, false, false, NULL, NULL); }
    | T_VALUEFIELDREF T_TYPEFIELDREF KW_OPTIONAL       { $$ = ast_field(P, $1, FK_VARIABLE_VALUE, NULL, $2, false, true, NULL, NULL); }
    | T_VALUEFIELDREF T_TYPEFIELDREF KW_DEFAULT Value  { $$ = ast_field(P, $1, FK_VARIABLE_VALUE, NULL, $2, false, false, NULL, $4); }
    ;

OptSyntax
    : %empty %prec LOW_PREC           { $$ = NULL; }
    | KW_WITH KW_SYNTAX '{' SyntaxItems '}'  { $$ = $4; }
    ;

/* X.681 10.5 TokenOrGroupSpec */
SyntaxItems
    : SyntaxItem                      { $$ = ast_vec1(P, $1); }
    | SyntaxItems SyntaxItem          { $$ = ast_vec_push(P, $1, $2); }
    ;

SyntaxItem
    : Word                            { $$ = ast_syntax(P, SYN_WORD, $1, NULL); }
    | T_TYPEFIELDREF                  { $$ = ast_syntax(P, SYN_FIELD, $1, NULL); }
    | T_VALUEFIELDREF                 { $$ = ast_syntax(P, SYN_FIELD, $1, NULL); }
    | ','                             { $$ = ast_syntax(P, SYN_COMMA, $1, NULL); }
    | '[' SyntaxItems ']'             { $$ = ast_syntax(P, SYN_OPTIONAL_GROUP, $1, $2); }
    ;

/* X.681 10.6 Literal: a word (any reserved word but BIT, BOOLEAN, ... is
 * allowed by X.681 10.6; we accept all of them and let sema match) */
Word
    : T_TYPEREF
    | KW_ABSENT
    | KW_ABSTRACT_SYNTAX
    | KW_ALL
    | KW_ANY
    | KW_APPLICATION
    | KW_AUTOMATIC
    | KW_BEGIN
    | KW_BIT
    | KW_BMPString
    | KW_BOOLEAN
    | KW_BY
    | KW_CHARACTER
    | KW_CHOICE
    | KW_CLASS
    | KW_COMPONENT
    | KW_COMPONENTS
    | KW_CONSTRAINED
    | KW_CONTAINING
    | KW_DATE
    | KW_DATE_TIME
    | KW_DEFAULT
    | KW_DEFINED
    | KW_DEFINITIONS
    | KW_DURATION
    | KW_EMBEDDED
    | KW_ENCODED
    | KW_ENCODING_CONTROL
    | KW_END
    | KW_ENUMERATED
    | KW_EXCEPT
    | KW_EXPLICIT
    | KW_EXPORTS
    | KW_EXTENSIBILITY
    | KW_EXTERNAL
    | KW_FALSE
    | KW_FROM
    | KW_GeneralizedTime
    | KW_GeneralString
    | KW_GraphicString
    | KW_IA5String
    | KW_IDENTIFIER
    | KW_IMPLICIT
    | KW_IMPLIED
    | KW_IMPORTS
    | KW_INCLUDES
    | KW_INSTANCE
    | KW_INSTRUCTIONS
    | KW_INTEGER
    | KW_INTERSECTION
    | KW_ISO646String
    | KW_MAX
    | KW_MIN
    | KW_MINUS_INFINITY
    | KW_NOT_A_NUMBER
    | KW_NULL
    | KW_NumericString
    | KW_OBJECT
    | KW_ObjectDescriptor
    | KW_OCTET
    | KW_OF
    | KW_OID_IRI
    | KW_OPTIONAL
    | KW_PATTERN
    | KW_PDV
    | KW_PLUS_INFINITY
    | KW_PRESENT
    | KW_PrintableString
    | KW_PRIVATE
    | KW_REAL
    | KW_RELATIVE_OID
    | KW_RELATIVE_OID_IRI
    | KW_SEQUENCE
    | KW_SET
    | KW_SETTINGS
    | KW_SIZE
    | KW_STRING
    | KW_SYNTAX
    | KW_T61String
    | KW_TAGS
    | KW_TeletexString
    | KW_TIME
    | KW_TIME_OF_DAY
    | KW_TRUE
    | KW_TYPE_IDENTIFIER
    | KW_UNION
    | KW_UNIQUE
    | KW_UNIVERSAL
    | KW_UniversalString
    | KW_UTCTime
    | KW_UTF8String
    | KW_VideotexString
    | KW_VisibleString
    | KW_WITH
    ;

/* X.680 49.6 Constraint; X.682 8.1 GeneralConstraint */
Constraint
    : '(' ConstraintSpec OptExceptionSpec ')'  { $$ = ast_cons_exception(P, $2, $3); }
    ;

ConstraintSpec
    : ElementSetSpecs                 { $$ = $1; }
    | KW_CONSTRAINED KW_BY Braced     { $$ = ast_cons_braced(P, C_USER, @1, $3, NULL); }
    ;

/* X.680 50.1 ElementSetSpecs (extensible when "..." present) */
ElementSetSpecs
    : ElementSetSpec                                  { $$ = $1; }
    | ElementSetSpec ',' T_ELLIPSIS                   { $$ = ast_cons_op(P, C_EXTENSIBLE, @3, $1, NULL); }
    | ElementSetSpec ',' T_ELLIPSIS ',' ElementSetSpec { $$ = ast_cons_op(P, C_EXTENSIBLE, @3, $1, $5); }
    | T_ELLIPSIS                                      { $$ = ast_cons_op(P, C_EXTENSIBLE, @1, NULL, NULL); }
    | T_ELLIPSIS ',' ElementSetSpec                   { $$ = ast_cons_op(P, C_EXTENSIBLE, @1, NULL, $3); }
    ;

/* X.680 50.1 ElementSetSpec */
ElementSetSpec
    : Unions                          { $$ = $1; }
    | KW_ALL KW_EXCEPT Elements       { $$ = ast_cons_op(P, C_ALL_EXCEPT, @1, $3, NULL); }
    ;

Unions
    : Intersections                   { $$ = $1; }
    | Unions '|' Intersections        { $$ = ast_cons_op(P, C_UNION, @2, $1, $3); }
    | Unions KW_UNION Intersections   { $$ = ast_cons_op(P, C_UNION, @2, $1, $3); }
    ;

Intersections
    : IntersectionElements            { $$ = $1; }
    | Intersections '^' IntersectionElements          { $$ = ast_cons_op(P, C_INTERSECTION, @2, $1, $3); }
    | Intersections KW_INTERSECTION IntersectionElements { $$ = ast_cons_op(P, C_INTERSECTION, @2, $1, $3); }
    ;

IntersectionElements
    : Elements                        { $$ = $1; }
    | Elements KW_EXCEPT Elements     { $$ = ast_cons_op(P, C_EXCEPT, @2, $1, $3); }
    ;

/* X.680 50.5 Elements; X.682 10.7 ComponentRelationConstraint */
Elements
    : SubtypeElements                 { $$ = $1; }
    | '(' ElementSetSpec ')'          { $$ = $2; }
    | Braced Braced                   { $$ = ast_cons_relation(P, $1, $2); }
    ;

/* X.680 51.1 SubtypeElements (51.10 PropertySettings: SETTINGS "...") */
SubtypeElements
    : Value                           { $$ = ast_cons_value(P, $1); }
    | LowerEnd T_RANGE UpperEnd       { $$ = ast_cons_range(P, @2, $1, $3); }
    | KW_SIZE Constraint              { $$ = ast_cons_size(P, @1, $2); }
    | KW_FROM Constraint              { $$ = ast_cons_op(P, C_FROM, @1, $2, NULL); }
    | KW_INCLUDES Type                { $$ = ast_cons_type(P, C_TYPE, @1, $2, NULL); }
    | ReferencedTypeElement           { $$ = ast_cons_type(P, C_TYPE, @1, $<type>1, NULL); }
    | ConstrainedBuiltin              { $$ = ast_cons_type(P, C_TYPE, @1, $1, NULL); }
    | KW_PATTERN Value                { $$ = ast_cons_type(P, C_PATTERN, @1, NULL, $2); }
    | KW_SETTINGS T_CSTRING           { $$ = ast_cons_settings(P, @1, $2); }
    | KW_WITH KW_COMPONENT Constraint { $$ = ast_cons_op(P, C_WITH_COMPONENT, @1, $3, NULL); }
    | KW_WITH KW_COMPONENTS '{' NamedConstraintList '}'                   { $$ = ast_cons_components(P, @1, false, $4); }
    | KW_WITH KW_COMPONENTS '{' T_ELLIPSIS ',' NamedConstraintList '}'    { $$ = ast_cons_components(P, @1, true, $6); }
    | KW_CONTAINING Type              { $$ = ast_cons_type(P, C_CONTAINING, @1, $2, NULL); }
    | KW_CONTAINING Type KW_ENCODED KW_BY Value  { $$ = ast_cons_type(P, C_CONTAINING, @1, $2, $5); }
    | KW_ENCODED KW_BY Value          { $$ = ast_cons_type(P, C_ENCODED_BY, @1, NULL, $3); }
    ;

ConstrainedBuiltin
    : BuiltinTypeNoNull               { $$ = $1; }
    | ConstrainedBuiltin Constraint   { $$ = ast_type_constrain(P, $1, $2); }
    ;

/* X.680 51.5 ContainedSubtype without INCLUDES: a type (or value set)
 * reference; X.681 15.1 ValueSetFromObjects (ObjectSet.&field) */
ReferencedTypeElement
    : T_TYPEREF                       { $<type>$ = ast_type_ref(P, NULL, $1, NULL); }
    | T_TYPEREF Braced                { $<type>$ = ast_type_ref(P, NULL, $1, $2); }
    | T_TYPEREF '.' T_TYPEREF         { $<type>$ = ast_type_ref(P, $1, $3, NULL); }
    | T_TYPEREF '.' FieldPath         { $<type>$ = ast_type_field(P, ast_type_ref(P, NULL, $1, NULL), $3); }
    ;

/* X.680 51.4 LowerEndpoint, UpperEndpoint (token marks MIN/MAX/open ends) */
LowerEnd
    : Value                           { $$ = ast_endpoint(P, $1, false); }
    | Value '<'                       { $$ = ast_endpoint(P, $1, true); }
    | KW_MIN                          { $$ = ast_endpoint(P, NULL, false); }
    | KW_MIN '<'                      { $$ = ast_endpoint(P, NULL, true); }
    ;

UpperEnd
    : Value                           { $$ = ast_endpoint(P, $1, false); }
    | '<' Value                       { $$ = ast_endpoint(P, $2, true); }
    | KW_MAX                          { $$ = ast_endpoint(P, NULL, false); }
    | '<' KW_MAX                      { $$ = ast_endpoint(P, NULL, true); }
    ;

/* X.680 51.9 TypeConstraints (MultipleTypeConstraints) */
NamedConstraintList
    : NamedConstraint                 { $$ = ast_vec1(P, $1); }
    | NamedConstraintList ',' NamedConstraint { $$ = ast_vec_push(P, $1, $3); }
    ;

NamedConstraint
    : T_IDENTIFIER Presence           { $$ = ast_named_constraint(P, $1, NULL, $2); }
    | T_IDENTIFIER Constraint Presence { $$ = ast_named_constraint(P, $1, $2, $3); }
    ;

Presence
    : %empty                          { $$ = PRESENCE_NONE; }
    | KW_PRESENT                      { $$ = PRESENCE_PRESENT; }
    | KW_ABSENT                       { $$ = PRESENCE_ABSENT; }
    | KW_OPTIONAL                     { $$ = PRESENCE_OPTIONAL; }
    ;

/* X.680 17.7 Value (BuiltinValue, ReferencedValue, X.681 14.6 ValueFromObject);
 * braces kept for sema */
Value
    : T_NUMBER                        { $$ = ast_value_number(P, $1); }
    | T_REALNUMBER                    { $$ = ast_value_text(P, V_REAL, $1); }
    | KW_TRUE                         { $$ = ast_value_bool(P, @1, true); }
    | KW_FALSE                        { $$ = ast_value_bool(P, @1, false); }
    | KW_NULL                         { $$ = ast_value_simple(P, V_NULL, @1); }
    | KW_PLUS_INFINITY                { $$ = ast_value_simple(P, V_PLUS_INF, @1); }
    | KW_MINUS_INFINITY               { $$ = ast_value_simple(P, V_MINUS_INF, @1); }
    | KW_NOT_A_NUMBER                 { $$ = ast_value_simple(P, V_NAN, @1); }
    | T_BSTRING                       { $$ = ast_value_text(P, V_BSTRING, $1); }
    | T_HSTRING                       { $$ = ast_value_text(P, V_HSTRING, $1); }
    | T_CSTRING                       { $$ = ast_value_text(P, V_CSTRING, $1); }
    | T_IDENTIFIER                    { $$ = ast_value_ref(P, NULL, $1); }
    | T_TYPEREF '.' T_IDENTIFIER      { $$ = ast_value_ref(P, $1, $3); }
    | T_IDENTIFIER '.' FieldPath      { $$ = ast_value_from_object(P, NULL, $1, $3); }
    | T_TYPEREF '.' T_IDENTIFIER '.' FieldPath { $$ = ast_value_from_object(P, $1, $3, $5); }
    | T_IDENTIFIER Braced             { $$ = ast_value_param_ref(P, $1, $2); }
    | T_IDENTIFIER ':' Value          { $$ = ast_value_choice(P, $1, $3); }
    | Braced                          { $$ = $1; }
    ;

/* X.680 22.11, 23.4: "CONTAINING Value" for a BIT STRING or OCTET STRING
 * with a contents constraint; only where a whole value stands (not inside
 * a constraint, where CONTAINING begins the constraint). */
ValueOrContaining
    : Value                           { $$ = $1; }
    | KW_CONTAINING Value             { $$ = ast_value_containing(P, @1, $2); }
    ;

/* Braces whose contents sema interprets: any balanced token sequence. */
Braced
    : '{' Soup '}'                    { $$ = ast_value_braced(P, $1, $3); }
    ;

Soup
    : %empty
    | Soup SoupToken
    | Soup '{' Soup '}'
    ;

SoupToken
    : T_TYPEREF | T_IDENTIFIER | T_TYPEFIELDREF | T_VALUEFIELDREF | T_NUMBER | T_REALNUMBER
    | T_BSTRING | T_HSTRING | T_CSTRING | T_ASSIGN | T_ELLIPSIS | T_RANGE | T_LBRACK2 | T_RBRACK2
    | '(' | ')' | '[' | ']' | ',' | '.' | ';' | ':' | '|' | '^' | '!' | '@' | '<' | '>' | '=' | '*' | '-'
    | KW_ABSENT
    | KW_ABSTRACT_SYNTAX
    | KW_ALL
    | KW_ANY
    | KW_APPLICATION
    | KW_AUTOMATIC
    | KW_BEGIN
    | KW_BIT
    | KW_BMPString
    | KW_BOOLEAN
    | KW_BY
    | KW_CHARACTER
    | KW_CHOICE
    | KW_CLASS
    | KW_COMPONENT
    | KW_COMPONENTS
    | KW_CONSTRAINED
    | KW_CONTAINING
    | KW_DATE
    | KW_DATE_TIME
    | KW_DEFAULT
    | KW_DEFINED
    | KW_DEFINITIONS
    | KW_DURATION
    | KW_EMBEDDED
    | KW_ENCODED
    | KW_ENCODING_CONTROL
    | KW_END
    | KW_ENUMERATED
    | KW_EXCEPT
    | KW_EXPLICIT
    | KW_EXPORTS
    | KW_EXTENSIBILITY
    | KW_EXTERNAL
    | KW_FALSE
    | KW_FROM
    | KW_GeneralizedTime
    | KW_GeneralString
    | KW_GraphicString
    | KW_IA5String
    | KW_IDENTIFIER
    | KW_IMPLICIT
    | KW_IMPLIED
    | KW_IMPORTS
    | KW_INCLUDES
    | KW_INSTANCE
    | KW_INSTRUCTIONS
    | KW_INTEGER
    | KW_INTERSECTION
    | KW_ISO646String
    | KW_MAX
    | KW_MIN
    | KW_MINUS_INFINITY
    | KW_NOT_A_NUMBER
    | KW_NULL
    | KW_NumericString
    | KW_OBJECT
    | KW_ObjectDescriptor
    | KW_OCTET
    | KW_OF
    | KW_OID_IRI
    | KW_OPTIONAL
    | KW_PATTERN
    | KW_PDV
    | KW_PLUS_INFINITY
    | KW_PRESENT
    | KW_PrintableString
    | KW_PRIVATE
    | KW_REAL
    | KW_RELATIVE_OID
    | KW_RELATIVE_OID_IRI
    | KW_SEQUENCE
    | KW_SET
    | KW_SETTINGS
    | KW_SIZE
    | KW_STRING
    | KW_SYNTAX
    | KW_T61String
    | KW_TAGS
    | KW_TeletexString
    | KW_TIME
    | KW_TIME_OF_DAY
    | KW_TRUE
    | KW_TYPE_IDENTIFIER
    | KW_UNION
    | KW_UNIQUE
    | KW_UNIVERSAL
    | KW_UniversalString
    | KW_UTCTime
    | KW_UTF8String
    | KW_VideotexString
    | KW_VisibleString
    | KW_WITH
    ;

%%
/* True when token i starts an assignment: first on its line and followed
 * by "::=" later on that line (error recovery resynchronizes there). */
static bool starts_assignment(const TokenArray *ta, int i)
{
    const Token *t = &ta->toks[i];
    if (i > 0 && ta->toks[i - 1].loc.line == t->loc.line)
        return false;
    if (t->kind == KW_END)
        return true;
    if (t->kind != T_TYPEREF && t->kind != T_IDENTIFIER)
        return false;
    for (int j = i + 1; j < ta->n && ta->toks[j].loc.line == t->loc.line; j++)
        if (ta->toks[j].kind == T_ASSIGN)
            return true;
    return false;
}

static bool tok_is(const Token *t, int kind, const char *text)
{
    return t->kind == kind && t->len == (int)strlen(text) && memcmp(t->text, text, (size_t)t->len) == 0;
}

/* X.208 macros: a name defined by "NAME MACRO ::=" earlier in the file, or
 * one the module imports (SNMP MIB modules import OBJECT-TYPE & co.). */
static bool names_macro(const Parser *P, const Token *t, bool *local)
{
    *local = false;
    for (int i = 0; i < P->macros.len; i++)
        if (tok_is(t, T_TYPEREF, P->macros.items[i]))
            return *local = true;
    for (int i = 0; P->mod && i < P->mod->nimports; i++)
        for (int j = 0; j < P->mod->imports[i]->nsymbols; j++)
            if (tok_is(t, T_TYPEREF, P->mod->imports[i]->symbols[j]->name))
                return true;
    return false;
}

/* "NAME MACRO ::= BEGIN ... END" (or "::= OtherMacro"): the index just past
 * the definition, t being the MACRO token at index i. */
static int macro_definition_end(const TokenArray *ta, int i, int end)
{
    int j = i + 2;
    if (j < end && ta->toks[j].kind == KW_BEGIN) {
        while (j < end && ta->toks[j].kind != KW_END)
            j++;
        return j < end ? j + 1 : end;
    }
    if (j < end && ta->toks[j].kind == T_TYPEREF) {
        if (j + 2 < end && ta->toks[j + 1].kind == '.' && ta->toks[j + 2].kind == T_TYPEREF)
            return j + 3;
        return j + 1;
    }
    return j;
}

/* X.208 macro value notation "name MACRO-NAME <macro's own notation> ::= value":
 * the notation is skipped (to the "::=" outside any braces) and the value
 * is governed by the macro's VALUE NOTATION type. */
static int macro_notation_end(const TokenArray *ta, int i, int end)
{
    int depth = 0;
    for (; i < end; i++) {
        int k = ta->toks[i].kind;
        if (k == '{' || k == '(')
            depth++;
        else if ((k == '}' || k == ')') && depth > 0)
            depth--;
        else if (depth == 0 && (k == T_ASSIGN || k == KW_END))
            break;
    }
    return i;
}

/* Module level only: X.208 macro definitions and macro value notations. */
static int module_level_token(Parser *P, const Token *t, int k)
{
    const TokenArray *ta = P->ta;
    int i = P->pos - 1;
    switch (k) {
    case '{':
    case '(':
        P->nest++;
        break;
    case '}':
    case ')':
        if (P->nest > 0)
            P->nest--;
        break;
    case T_TYPEREF:
        if (P->macro_state == 1) {
            P->macro_state = 2;
            P->macro_name_loc = t->loc;
        } else if (P->nest == 0 && !P->in_imports && i > 0 && tok_is(t, T_TYPEREF, "MACRO") &&
                   ta->toks[i - 1].kind == T_TYPEREF && P->pos < P->end && ta->toks[P->pos].kind == T_ASSIGN) {
            const Token *name = &ta->toks[i - 1];
            vec_push(P->a, &P->macros, arena_strndup(P->a, name->text, (size_t)name->len));
            P->pos = macro_definition_end(ta, i, P->end);
            return T_MACRO;
        }
        break;
    case T_IDENTIFIER:
        /* only an identifier that starts an assignment: not "OF item Type",
         * "::= value", "alt : value", "Module.value", "! exception" */
        if (P->nest == 0 && !P->in_imports && P->pos + 1 < P->end && i > 0 &&
            !strchr(":.!<,", ta->toks[i - 1].kind < 128 ? ta->toks[i - 1].kind : 'x') &&
            ta->toks[i - 1].kind != KW_OF && ta->toks[i - 1].kind != T_ASSIGN) {
            bool local;
            const Token *m = &ta->toks[P->pos], *after = &ta->toks[P->pos + 1];
            if (m->kind == T_TYPEREF && names_macro(P, m, &local) &&
                (after->kind == T_TYPEREF || after->kind == KW_SYNTAX ||
                 (local && after->kind != T_ASSIGN)))
                P->macro_state = 1;
        }
        break;
    default:
        break;
    }
    return k;
}

/* The token reader: tokens from the array, T_EOF at the end of the range.
 * Context it tracks: IMPORTS (AssignedIdentifier), WITH SYNTAX ("[[" split),
 * X.208 macros (module level), and error recovery (skip to the next assignment). */
int parser_next_token(Parser *P, void *lvalp, Loc *lloc)
{
    ASNSTYPE *lval = lvalp;
    const TokenArray *ta = P->ta;
    if (!P->started) {
        P->started = true;
        *lloc = P->pos < ta->n ? ta->toks[P->pos].loc : (Loc){0};
        return P->start_token;
    }
    if (P->pending) {
        int k = P->pending;
        P->pending = 0;
        lval->tok = &ta->toks[P->pos - 1];
        *lloc = lval->tok->loc;
        return k;
    }
    if (P->recovering) {
        P->recovering = false;
        int i = P->err_pos;
        while (i < P->end && !starts_assignment(ta, i))
            i++;
        P->pos = i;
        P->in_imports = false;
        P->syntax_state = 0;
        P->nest = 0;
        P->macro_state = 0;
    }
    if (P->macro_state == 2) {
        P->macro_state = 0;
        P->pos = macro_notation_end(ta, P->pos, P->end);
    }
    if (P->pos >= P->end) {
        int last = P->end < ta->n ? P->end : ta->n - 1;
        P->eof_returned = true;
        *lloc = ta->toks[last].loc;
        lval->tok = &ta->toks[last];
        return T_EOF;
    }
    const Token *t = &ta->toks[P->pos++];
    lval->tok = (Token *)t;
    *lloc = t->loc;
    int k = t->kind;
    if (P->start_token == START_MODULES)
        k = module_level_token(P, t, k);
    switch (k) {
    case KW_IMPORTS:
    case KW_EXPORTS:
        P->in_imports = true;
        break;
    case ';':
        P->in_imports = false;
        break;
    case KW_SYNTAX:
        if (P->syntax_state != 2)
            P->syntax_state = 1;
        break;
    case '{':
        P->syntax_state = P->syntax_state == 1 ? 2 : 0;
        break;
    case '}':
        P->syntax_state = 0;
        break;
    case T_LBRACK2:
    case T_RBRACK2:
        if (P->syntax_state == 2) {
            k = P->pending = k == T_LBRACK2 ? '[' : ']';
        }
        break;
    case T_IDENTIFIER: {
        /* X.680 13.1: "FROM Module valueref" is an AssignedIdentifier unless
         * the valuereference is followed by "," or FROM (then it is a symbol). */
        int i = P->pos - 1;
        if (P->in_imports && i >= 2 && ta->toks[i - 1].kind == T_TYPEREF &&
            ta->toks[i - 2].kind == KW_FROM && P->pos < P->end) {
            int next = ta->toks[P->pos].kind;
            if (next != ',' && next != KW_FROM && next != '{')
                k = T_IMPORT_OIDREF;
        }
        break;
    }
    default:
        if (P->syntax_state == 1)
            P->syntax_state = 0;
        break;
    }
    return k;
}

void parser_syntax_error(Parser *P, Loc loc, const char *msg)
{
    P->nerrors++;
    /* An error at the end of input cannot be recovered from. */
    if (P->eof_returned || P->nerrors > 500)
        P->stop = true;
    bool repeat = P->nerrors > 1 && loc.line == P->last_err.line && loc.col == P->last_err.col;
    P->last_err = loc;
    P->recovering = !P->in_imports;
    P->err_pos = P->pos > 0 ? P->pos - 1 : 0;
    if (P->quiet || repeat)
        return;
    if (strcmp(msg, "memory exhausted") == 0) {
        diag(DIAG_ERROR, loc, "nesting too deep (asn1cc limit)");
        return;
    }
    /* Bison says "syntax error, unexpected X, expecting Y or Z". */
    const char *m = msg;
    if (strncmp(m, "syntax error, ", 14) == 0)
        m += 14;
    diag(DIAG_ERROR, loc, "%s", m);
}

static void parser_init(Parser *P, Compilation *c, const TokenArray *ta, int begin, int end, int start)
{
    memset(P, 0, sizeof *P);
    P->c = c;
    P->a = c->arena;
    P->ta = ta;
    P->pos = begin;
    P->end = end;
    P->start_token = start;
}

bool parse_modules(Compilation *c, const TokenArray *ta, bool from_cmdline)
{
    Parser P;
    parser_init(&P, c, ta, 0, ta->n - 1, START_MODULES);
    P.from_cmdline = from_cmdline;
    int rc = asnparse(&P);
    return rc == 0 && P.nerrors == 0;
}

Type *parse_type_range(Compilation *c, TokRange r)
{
    Parser P;
    parser_init(&P, c, r.ta, r.begin, r.end, START_TYPE);
    if (asnparse(&P) != 0 || P.nerrors)
        return NULL;
    return P.result_type;
}

Constraint *parse_elements_range(Compilation *c, TokRange r)
{
    Parser P;
    parser_init(&P, c, r.ta, r.begin, r.end, START_ELEMENTS);
    P.quiet = true;          /* object set bodies may hold syntax we keep unparsed */
    if (r.end <= r.begin || asnparse(&P) != 0 || P.nerrors)
        return NULL;
    return P.result_cons;
}

Value *parse_value_range(Compilation *c, TokRange r)
{
    Parser P;
    parser_init(&P, c, r.ta, r.begin, r.end, START_VALUE);
    if (asnparse(&P) != 0 || P.nerrors)
        return NULL;
    return P.result_value;
}

int asnlex(ASNSTYPE *lval, Loc *lloc, Parser *P)
{
    return parser_next_token(P, lval, lloc);
}

void asnerror(Loc *lloc, Parser *P, const char *msg)
{
    parser_syntax_error(P, *lloc, msg);
}
