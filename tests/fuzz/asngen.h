/* asngen — a structure-aware generator of ASN.1 modules for fuzz_compile.
 *
 * The input bytes are a stream of choices: each decision the generator
 * makes (which type, how many components, OPTIONAL or DEFAULT, ...) reads
 * the next byte, and an exhausted stream answers 0, the choice that ends
 * soonest. Any byte string therefore gives modules that follow the grammar
 * of X.680-X.683 and, as far as the generator knows, are valid: names are
 * unique, DEFAULT values are of the component's type and inside its
 * constraints, tags of a constructed type are all automatic or all
 * distinct. What it builds is what random text rarely reaches:
 *  - parameterized types with type, value and object-set parameters, the
 *    actuals inline types, references, instances and value references, and
 *    COMPONENTS OF a dummy type parameter;
 *  - DEFAULTs of every kind of type, as literals and as value references,
 *    including a type parameter's DEFAULT naming an enumerator;
 *  - COMPONENTS OF a type of the same module, an imported one or one named
 *    as Module.Type, from a second module;
 *  - classes (WITH SYNTAX or not, TYPE-IDENTIFIER), objects, object sets
 *    (extensible, imported) and table constraints on open types;
 *  - extension markers, extension additions and groups [[ ]] (also in a
 *    CHOICE), with and without a version number.
 * Used by fuzz_compile (an input that starts with a NUL byte is generator
 * bytes) and by the asngen program (tests/fuzz/asngen_main.c). */
#ifndef ASNGEN_H
#define ASNGEN_H

#include <stddef.h>
#include <stdint.h>

/* Writes the modules that data[0..size) selects into out (NUL-terminated,
 * truncated to cap - 1 bytes, which a cap of 64 KiB never needs). The first
 * line is an asn1cc options comment ("-- asn1cc: ..."), as fuzz_compile and
 * compile-corpus.sh read it. Deterministic. Returns the length written. */
size_t asngen_modules(const uint8_t *data, size_t size, char *out, size_t cap);

#endif /* ASNGEN_H */
