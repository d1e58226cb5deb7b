build-native/src/cli_model.o: src/cli_model.c src/cli.h src/error.h \
 src/model.h src/damping.h src/normal.h src/tangential.h src/mixing.h
src/cli.h:
src/error.h:
src/model.h:
src/damping.h:
src/normal.h:
src/tangential.h:
src/mixing.h:
