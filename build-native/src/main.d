build-native/src/main.o: src/main.c build-native/build_info.h src/cli.h \
 src/error.h
build-native/build_info.h:
src/cli.h:
src/error.h:
