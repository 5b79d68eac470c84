# asn1ccConfig.cmake — the CMake package `make install` puts in
# <prefix>/lib/cmake/asn1cc (find_package(asn1cc)). It provides:
#
#   asn1cc::asn1cc   the compiler (imported executable)
#   asn1cc::asn1rt   libasn1rt.a, the runtime generated code links against
#   asn1cc::lez      liblez.a with libsecp256k1, libcrypto and libunistring
#                    (only where liblez.a is installed)
#   asn1cc_generate(<target> SCHEMAS a.asn [b.asn ...] [ENCODINGS der oer ...]
#                   [PREFIX p] [OPTIONS opt ...] [OUTPUT_DIR dir])
#
# Paths are found from this file's place, so an installed tree may be moved
# (DESTDIR, dpkg -x). ASN1CC_EXECUTABLE names another asn1cc, e.g. a host
# one when cross-compiling.

cmake_policy(PUSH)
cmake_policy(VERSION 3.13...3.28)

get_filename_component(_asn1cc_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

if(NOT DEFINED ASN1CC_EXECUTABLE)
  set(ASN1CC_EXECUTABLE "${_asn1cc_prefix}/bin/asn1cc")
endif()
# The Debian split puts the compiler in its own package: without it the
# runtime is still usable, and asn1cc_generate says what is missing.
if(NOT TARGET asn1cc::asn1cc AND EXISTS "${ASN1CC_EXECUTABLE}")
  add_executable(asn1cc::asn1cc IMPORTED)
  set_target_properties(asn1cc::asn1cc PROPERTIES IMPORTED_LOCATION "${ASN1CC_EXECUTABLE}")
endif()

# libasn1rt.a needs nothing but libc; generated code and the headers are C99.
if(NOT TARGET asn1cc::asn1rt)
  add_library(asn1cc::asn1rt STATIC IMPORTED)
  set_target_properties(asn1cc::asn1rt PROPERTIES
    IMPORTED_LOCATION "${_asn1cc_prefix}/lib/libasn1rt.a"
    IMPORTED_LINK_INTERFACE_LANGUAGES C
    INTERFACE_INCLUDE_DIRECTORIES "${_asn1cc_prefix}/include"
    INTERFACE_COMPILE_FEATURES c_std_99)
endif()

# liblez.a is static, so its users link what it uses. A library not found
# here is still named, so that the link error says which one is missing.
if(NOT TARGET asn1cc::lez AND EXISTS "${_asn1cc_prefix}/lib/liblez.a")
  find_package(OpenSSL QUIET COMPONENTS Crypto)
  find_library(ASN1CC_SECP256K1_LIBRARY NAMES secp256k1)
  find_library(ASN1CC_UNISTRING_LIBRARY NAMES unistring)
  set(_asn1cc_lez_deps secp256k1 crypto unistring)
  if(ASN1CC_SECP256K1_LIBRARY)
    list(TRANSFORM _asn1cc_lez_deps REPLACE "^secp256k1$" "${ASN1CC_SECP256K1_LIBRARY}")
  endif()
  if(TARGET OpenSSL::Crypto)
    list(TRANSFORM _asn1cc_lez_deps REPLACE "^crypto$" "OpenSSL::Crypto")
  endif()
  if(ASN1CC_UNISTRING_LIBRARY)
    list(TRANSFORM _asn1cc_lez_deps REPLACE "^unistring$" "${ASN1CC_UNISTRING_LIBRARY}")
  endif()
  add_library(asn1cc::lez STATIC IMPORTED)
  set_target_properties(asn1cc::lez PROPERTIES
    IMPORTED_LOCATION "${_asn1cc_prefix}/lib/liblez.a"
    IMPORTED_LINK_INTERFACE_LANGUAGES C
    INTERFACE_INCLUDE_DIRECTORIES "${_asn1cc_prefix}/include"
    INTERFACE_COMPILE_FEATURES c_std_99
    INTERFACE_LINK_LIBRARIES "${_asn1cc_lez_deps}")
  unset(_asn1cc_lez_deps)
endif()

# asn1cc_generate(<target> SCHEMAS ... [ENCODINGS ...] [PREFIX p]
#                 [OPTIONS ...] [OUTPUT_DIR dir])
#
# Adds a custom command that runs asn1cc on SCHEMAS (relative paths are from
# the current source directory) whenever a schema or asn1cc changes, writing
# <module>.h/.c into OUTPUT_DIR (default <binary dir>/asn1cc/<target>), and
# adds those files to <target>, with OUTPUT_DIR as a PUBLIC include directory
# and asn1cc::asn1rt as a PUBLIC link library. ENCODINGS become --encodings
# (DER is always there), PREFIX --prefix, OPTIONS are passed as they are
# (-I dir, --int64, --emit-imports, ...; run from the source directory).
#
# The file names come from the module names inside the schemas, so they are
# asked of `asn1cc --print-outputs` at configure time, and editing a schema
# reconfigures too (CMAKE_CONFIGURE_DEPENDS). Call it in the directory that
# creates <target>. Modules found through -I are not dependencies: list them
# in SCHEMAS (with --emit-imports) if they change.
function(asn1cc_generate target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "PREFIX;OUTPUT_DIR" "SCHEMAS;ENCODINGS;OPTIONS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "asn1cc_generate(${target}): unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_SCHEMAS)
    message(FATAL_ERROR "asn1cc_generate(${target}): SCHEMAS names no file")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "asn1cc_generate(${target}): no such target (create it first)")
  endif()
  if(NOT TARGET asn1cc::asn1cc)
    message(FATAL_ERROR "asn1cc_generate(${target}): no asn1cc at ${ASN1CC_EXECUTABLE} "
                        "(install the asn1cc package, or set ASN1CC_EXECUTABLE)")
  endif()
  get_target_property(exe asn1cc::asn1cc IMPORTED_LOCATION)

  set(outdir "${arg_OUTPUT_DIR}")
  if(NOT outdir)
    set(outdir "${CMAKE_CURRENT_BINARY_DIR}/asn1cc/${target}")
  elseif(NOT IS_ABSOLUTE "${outdir}")
    set(outdir "${CMAKE_CURRENT_BINARY_DIR}/${outdir}")
  endif()

  set(schemas)
  foreach(s IN LISTS arg_SCHEMAS)
    get_filename_component(s "${s}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND schemas "${s}")
  endforeach()

  set(args)
  if(arg_ENCODINGS)
    list(JOIN arg_ENCODINGS "," encodings)
    list(APPEND args --encodings "${encodings}")
  endif()
  if(DEFINED arg_PREFIX)
    list(APPEND args --prefix "${arg_PREFIX}")
  endif()
  list(APPEND args ${arg_OPTIONS} -o "${outdir}" ${schemas})

  execute_process(COMMAND "${exe}" --print-outputs ${args}
                  WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE listed ERROR_VARIABLE diagnostics)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "asn1cc_generate(${target}): asn1cc --print-outputs failed (${rc}):\n${diagnostics}")
  endif()
  string(STRIP "${listed}" listed)
  string(REPLACE "\n" ";" outputs "${listed}")
  set(sources ${outputs})
  list(FILTER sources INCLUDE REGEX "\\.c$")

  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${schemas})
  add_custom_command(OUTPUT ${outputs}
                     COMMAND "${exe}" ${args}
                     DEPENDS ${schemas} "${exe}"
                     WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
                     COMMENT "asn1cc: generating ${sources}"
                     VERBATIM)
  target_sources(${target} PRIVATE ${outputs})
  target_include_directories(${target} PUBLIC "${outdir}")
  target_link_libraries(${target} PUBLIC asn1cc::asn1rt)
endfunction()

unset(_asn1cc_prefix)
cmake_policy(POP)
