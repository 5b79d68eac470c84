# tests/compiler/conformance — the X.680-X.683 conformance suite (issue 13):
# small modules, each valid (--check passes, the generated C compiles with gcc
# and clang under -Werror) or invalid (the expected file:line:col: error).
# known-failures.txt lists the ones asn1cc gets wrong today (XFAIL).
CHECKS += check-conformance

.PHONY: check-conformance
check-conformance: $(B)/asn1cc
	@CONF_NO_CC=$(if $(filter 1,$(SANITIZE_RUN)),1,0) tests/compiler/conformance/run.sh $(B)/asn1cc
