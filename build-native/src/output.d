build-native/src/output.o: src/output.c src/output.h src/error.h
src/output.h:
src/error.h:
