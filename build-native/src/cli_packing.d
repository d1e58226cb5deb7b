build-native/src/cli_packing.o: src/cli_packing.c src/cli.h \
 src/cli_common.h src/cli_args.h src/error.h src/packing.h \
 src/particles.h src/datafile.h
src/cli.h:
src/cli_common.h:
src/cli_args.h:
src/error.h:
src/packing.h:
src/particles.h:
src/datafile.h:
