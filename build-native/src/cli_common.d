build-native/src/cli_common.o: src/cli_common.c src/cli_common.h \
 src/cli_args.h src/error.h src/packing.h src/particles.h
src/cli_common.h:
src/cli_args.h:
src/error.h:
src/packing.h:
src/particles.h:
