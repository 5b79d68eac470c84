# asn1ccGenerate.cmake — asn1cc_generate(), for the installed package
# (asn1ccConfig.cmake includes it) and for a source tree added with
# add_subdirectory (the top-level CMakeLists.txt). Both define the imported
# executable asn1cc::asn1cc it runs and the library asn1cc::asn1rt.
include_guard(GLOBAL)

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
