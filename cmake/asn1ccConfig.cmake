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

include("${CMAKE_CURRENT_LIST_DIR}/asn1ccGenerate.cmake")

unset(_asn1cc_prefix)
cmake_policy(POP)
