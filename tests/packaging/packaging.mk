# tests/packaging — the CMake package, the Meson consumer and the Debian
# packages, tested as their users meet them (tests/packaging/run.sh).
#   check-packaging      version agreement, --print-outputs, make install
#                        DESTDIR= of the $(B) build, examples/cmake against
#                        it, asn1cc_generate's rules, examples/meson; and
#                        examples/cmake through add_subdirectory (which
#                        builds asn1cc and libasn1rt with CMake)
#   check-packaging-deb  make deb (builds the project once, in a copy),
#                        lintian, dpkg -x, examples/cmake against that root
# Missing cmake/meson/dpkg-dev: the steps print SKIPPED and why.

CHECKS += check-packaging check-packaging-deb
.PHONY: check-packaging check-packaging-deb

# Not under make sanitize: the consumers link the plain installed library.
check-packaging: $(B)/asn1cc $(RUNTIME_LIB) $(LEZ_LIB) $(LEZ_WALLET)
	@if [ "$(SANITIZE_RUN)" = 1 ]; then echo "check-packaging: not rerun under ASan+UBSan (installs and links plain builds)"; exit 0; fi; \
	  MAKE="$(MAKE)" tests/packaging/run.sh consumers $(B)

check-packaging-deb:
	@if [ "$(SANITIZE_RUN)" = 1 ]; then echo "check-packaging-deb: not rerun under ASan+UBSan (a package build)"; exit 0; fi; \
	  MAKE="$(MAKE)" tests/packaging/run.sh deb $(B)
