build-native/src/error.o: src/error.c src/error.h
src/error.h:
