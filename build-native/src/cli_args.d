build-native/src/cli_args.o: src/cli_args.c src/cli_args.h src/error.h \
 src/numparse.h
src/cli_args.h:
src/error.h:
src/numparse.h:
