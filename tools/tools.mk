# tools/ — one fragment per tool.
include tools/lez-wallet/lez-wallet.mk
